import * as v from 'valibot';
import { EMAIL_PATTERN } from './username';

/**
 * "My data and my account" (issue 34 item 3, docs/api.md "My account"): what a signed-in person may download about
 * themselves, and what closing their own account asks for.
 */

/** GET MyAccount: what the Edit Profile page's section offers the person. */
export const MyAccountSchema = v.object({
  /** The person's e-mail address now (the one "Change e-mail address" replaces). */
  email: v.string(),
  /** The client lets its people close their own account (the client dialog's setting). */
  closingAllowed: v.boolean(),
  /** Single-sign-on people have no password here to confirm with: closing is not offered to them yet. */
  ssoUser: v.boolean(),
});
export type MyAccount = v.InferOutput<typeof MyAccountSchema>;

const Instant = v.nullable(v.string());

/** GET MyAccount/Data: one JSON file; secrets (password hashes, factor secrets, token values) are never in it. */
export const MyDataSchema = v.object({
  exportedAt: v.string(),
  profile: v.object({
    id: v.string(),
    email: v.string(),
    login: v.string(),
    firstName: v.string(),
    lastName: v.string(),
    culture: v.string(),
    countryCode: v.nullable(v.string()),
    telephone: v.nullable(v.string()),
    client: v.object({ id: v.string(), name: v.string() }),
    createdAt: v.string(),
    updatedAt: v.string(),
    fields: v.array(v.object({ fieldName: v.string(), value: v.string() })),
  }),
  applications: v.array(v.object({ application: v.string(), roleValue: v.string() })),
  factors: v.array(v.object({ factorType: v.string(), provider: v.string(), status: v.string(), created: Instant })),
  /** Browser sessions and application grants at the identity provider, and the portal's tokens held for the person. */
  sessions: v.array(v.object({ kind: v.string(), createdAt: Instant, expiresAt: Instant })),
  invitations: v.array(
    v.object({ createdAt: v.string(), expiresAt: v.string(), acceptedAt: Instant, revokedAt: Instant }),
  ),
  /** Terms the person accepted (none are published yet: always an empty list). */
  termsAccepted: v.array(v.object({ version: v.string(), acceptedAt: v.string() })),
  /** The person's own sign-ins and sign-outs from the System Log. */
  signInHistory: v.array(
    v.object({
      published: v.string(),
      eventType: v.string(),
      outcome: v.nullable(v.string()),
      reason: v.nullable(v.string()),
      ipAddress: v.nullable(v.string()),
      userAgent: v.nullable(v.string()),
    }),
  ),
});
export type MyData = v.InferOutput<typeof MyDataSchema>;

/** POST MyAccount/Close: the person's password, asked again. */
export const CloseAccountSchema = v.object({ password: v.pipe(v.string(), v.minLength(1), v.maxLength(256)) });
export type CloseAccount = v.InferOutput<typeof CloseAccountSchema>;

/** POST MyAccount/Email: the new address a code is mailed to (issue 34 item 5). */
export const EmailChangeRequestSchema = v.object({
  newEmail: v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(254, 'at most 254 characters'),
    v.regex(EMAIL_PATTERN, 'must be an e-mail address'),
  ),
});
export type EmailChangeRequest = v.InferOutput<typeof EmailChangeRequestSchema>;

/** The answer to a request: the same whether the address is free or taken (no enumeration). */
export const EmailChangeRequestedSchema = v.object({ requestId: v.string(), expiresAt: v.string() });
export type EmailChangeRequested = v.InferOutput<typeof EmailChangeRequestedSchema>;

export const EmailChangeParamsSchema = v.object({ id: v.pipe(v.string(), v.uuid('must be an id')) });

/** POST MyAccount/Email/{id}/Confirm: the code mailed to the new address. */
export const EmailChangeConfirmSchema = v.object({ code: v.pipe(v.string(), v.regex(/^\d{6}$/, 'must be 6 digits')) });
export type EmailChangeConfirm = v.InferOutput<typeof EmailChangeConfirmSchema>;
