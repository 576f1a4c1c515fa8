import * as v from 'valibot';
import { messageKinds } from './forms/rules';

/**
 * Stable problem codes the API answers with. The SPA shows the label `Global_Error_{code}` when the catalogue
 * has one, otherwise the server's message (spec: public-and-profile §8).
 */
export const problemCodes = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'stale_update',
  'rate_limited',
  'payload_too_large',
  /** The server does not offer this call in its configuration (POST Auth/refreshToken for a public client). */
  'unsupported',
  /** One-time-code reset (contracts/password-reset.ts): a wrong or expired code, too many tries, a spent grant. */
  'otp_invalid',
  'Exceeded_MaxOTP_Verification',
  'reset_grant_invalid',
  /** A single-sign-on person's password is not Gatehouse's (spec public-and-profile §5): resets refuse them. */
  'sso_user',
  /** An invitation's `st` token that is tampered, expired, used, revoked or for another client: one answer for all. */
  'invitation_invalid',
  /** A link's one-time token (contracts/otp-token.ts) that is unknown, spent or expired: one answer for all. */
  'otp_token_invalid',
  /** A person asking for one more application while ACCESS_REQUEST_OPEN_LIMIT requests of theirs are open. */
  'access_request_limit',
  /** 421: the request came in under another address than PUBLIC_URL (server/http/public-address.ts). */
  'misdirected_request',
  'internal',
] as const;
export type ProblemCode = (typeof problemCodes)[number];

/**
 * One offending input: `field` is a dotted path such as `body.value` or `query.clientId`; `message` says why in
 * English (a log's reader). A refusal by the field rules also says it in a form any page can localise (issue 29 §7):
 * `kind` (a `messageKinds` value of contracts/forms/rules.ts: the shared label `Global_Text_VM*`) and, for a profile
 * field, `messageKey` (its own message's label, `FormField_Message_{fieldName}`). `failureOfDetail`
 * (contracts/forms/problem.ts) reads them back as the `FieldFailure` the SPA shows.
 */
export const ProblemDetailSchema = v.object({
  field: v.string(),
  message: v.string(),
  kind: v.optional(v.picklist(messageKinds)),
  messageKey: v.optional(v.string()),
});
export type ProblemDetail = v.InferOutput<typeof ProblemDetailSchema>;

/** The one JSON shape of every failure the server answers (issue #2). */
export const ProblemSchema = v.object({
  code: v.string(),
  message: v.string(),
  requestId: v.string(),
  details: v.optional(v.array(ProblemDetailSchema)),
});
export type Problem = v.InferOutput<typeof ProblemSchema>;

/** HTTP statuses the spec's catalogue names; each has a `Global_Error_{status}` label. */
export const catalogueStatuses = [400, 401, 403, 404, 409, 500] as const;
export type CatalogueStatus = (typeof catalogueStatuses)[number];

/** Header the SPA sends and the server echoes (spec §7: x-api-request-id). */
export const REQUEST_ID_HEADER = 'x-api-request-id';
/** Header naming the calling application (spec §7: x-api-client-name). */
export const CLIENT_NAME_HEADER = 'x-api-client-name';
/** Header marking a critical request (spec §7: criticality levels). */
export const CRITICALITY_HEADER = 'x-api-criticality';
