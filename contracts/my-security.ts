import * as v from 'valibot';

const Instant = v.nullable(v.string());

/**
 * One of the signed-in person's live identity-provider sessions, as `GET /api/v1/users/me/sessions` answers it
 * (docs/api.md "My sessions"): `id` is the session's uid, `current` marks this browser's.
 */
export const MySessionSchema = v.object({
  id: v.string(),
  current: v.boolean(),
  createdAt: Instant,
  lastSeenAt: Instant,
  expiresAt: Instant,
  userAgent: v.nullable(v.string()),
  ipAddress: v.nullable(v.string()),
});
export type MySession = v.InferOutput<typeof MySessionSchema>;
export const MySessionsSchema = v.array(MySessionSchema);

/**
 * One of the signed-in person's passkeys, as `GET /api/v1/users/me/factors` answers it (docs/api.md "My passkeys"):
 * Okta's factor shape; `lastUpdated` moves at each sign-in with it, so it is when the passkey was last used.
 */
export const MyPasskeySchema = v.object({
  id: v.string(),
  factorType: v.literal('webauthn'),
  provider: v.string(),
  status: v.string(),
  created: v.string(),
  lastUpdated: v.string(),
});
export type MyPasskey = v.InferOutput<typeof MyPasskeySchema>;
export const MyPasskeysSchema = v.array(MyPasskeySchema);
