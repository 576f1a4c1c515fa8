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
 * Okta's factor shape, with the passkey's name — what kind of authenticator it is (`thisDevice`, `phone`,
 * `securityKey`, `passkey`; the SPA words it in the person's language), null for one made before names — and when it
 * last signed the person in (null until it does). A person may have several (issue 31 item 2).
 */
export const MyPasskeySchema = v.object({
  id: v.string(),
  factorType: v.literal('webauthn'),
  provider: v.string(),
  status: v.string(),
  name: v.optional(v.nullable(v.string()), null),
  created: v.string(),
  lastUpdated: v.string(),
  lastUsed: v.optional(v.nullable(v.string()), null),
});
export type MyPasskey = v.InferOutput<typeof MyPasskeySchema>;
export const MyPasskeysSchema = v.array(MyPasskeySchema);
