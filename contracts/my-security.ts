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

const Base64Url = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]*$/));

/**
 * The options `POST /api/v1/users/me/factors` answers for `navigator.credentials.create` (docs/api.md "My passkeys"):
 * the WebAuthn creation options as JSON, binary fields base64url; the person's passkeys in `excludeCredentials`.
 */
export const PasskeyActivationSchema = v.looseObject({
  challenge: Base64Url,
  rp: v.object({ id: v.string(), name: v.string() }),
  user: v.object({ id: Base64Url, name: v.string(), displayName: v.string() }),
  pubKeyCredParams: v.array(v.object({ type: v.literal('public-key'), alg: v.number() })),
  timeout: v.optional(v.number()),
  attestation: v.optional(v.picklist(['none', 'indirect', 'direct', 'enterprise'])),
  excludeCredentials: v.optional(
    v.array(v.object({ id: Base64Url, type: v.literal('public-key'), transports: v.optional(v.array(v.string())) })),
    [],
  ),
  authenticatorSelection: v.optional(
    v.object({
      authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
      residentKey: v.optional(v.picklist(['discouraged', 'preferred', 'required'])),
      requireResidentKey: v.optional(v.boolean()),
      userVerification: v.optional(v.picklist(['discouraged', 'preferred', 'required'])),
    }),
  ),
});
export type PasskeyActivation = v.InferOutput<typeof PasskeyActivationSchema>;

/** Another passkey started and waiting for the browser's attestation (`PENDING_ACTIVATION`). */
export const PendingPasskeySchema = v.object({
  id: v.string(),
  status: v.literal('PENDING_ACTIVATION'),
  activation: PasskeyActivationSchema,
});
export type PendingPasskey = v.InferOutput<typeof PendingPasskeySchema>;

/**
 * What `…/factors/{id}/lifecycle/activate` takes, as the sign-in widget sends it: the authenticator's attestation
 * object and client data in standard base64, and its transports as a JSON string (`'["usb","nfc"]'`).
 */
export type PasskeyAttestation = { attestation: string; clientData: string; transports: string };
