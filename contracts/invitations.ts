import * as v from 'valibot';
import { CultureSchema } from './culture';
import { ClientIdSchema } from './resources';
import { EMAIL_PATTERN } from './username';

/**
 * Invitations to sign up (docs/links.md "Invitations", docs/api.md "Invitations"): an administrator invites an e-mail
 * to a client; the mail's link `SignUp/{clientId}?st=<token>` opens sign-up with the e-mail fixed and no captcha.
 */

/** Where an invitation is in its life; `expired` is a pending one past its expiry (a resend makes it pending again). */
export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** A sealed token is a few hundred characters; anything much longer is not one. */
export const INVITATION_TOKEN_MAX_LENGTH = 2_000;

/** The invited e-mail: the server's rule, which the invite dialog checks before sending. */
export const InvitationEmailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(254, 'at most 254 characters'),
  v.regex(EMAIL_PATTERN, 'must be an e-mail address'),
);

/** POST Invitation: whom to invite to which client; the culture of the mail and page (default: the client's). */
export const InvitationCreateSchema = v.object({
  clientId: v.pipe(v.string(), v.uuid('must be an id')),
  email: InvitationEmailSchema,
  culture: v.optional(CultureSchema),
});
export type InvitationCreate = v.InferOutput<typeof InvitationCreateSchema>;

/** GET Invitation?clientId=: one client's invitations. */
export const InvitationListQuerySchema = v.object({ clientId: v.pipe(v.string(), v.uuid('must be an id')) });

export const InvitationIdParamsSchema = v.object({ id: v.pipe(v.string(), v.uuid('must be an id')) });

/** One invitation as the administrator sees it (never its token: only the invitee's mail carries that). */
export const InvitationSchema = v.object({
  id: v.string(),
  clientId: v.string(),
  email: v.string(),
  culture: CultureSchema,
  status: v.picklist(INVITATION_STATUSES),
  createdBy: v.string(),
  createdAt: v.string(),
  expiresAt: v.string(),
  lastSentAt: v.string(),
  acceptedAt: v.nullable(v.string()),
  revokedAt: v.nullable(v.string()),
});
export type Invitation = v.InferOutput<typeof InvitationSchema>;
export const InvitationListSchema = v.array(InvitationSchema);

/** GET Encrypt/decrypt?content=<token>&clientId=<client> (spec §7): the token of an invitation to that client. */
export const InvitationTokenQuerySchema = v.object({
  content: v.pipe(v.string(), v.maxLength(INVITATION_TOKEN_MAX_LENGTH)),
  clientId: ClientIdSchema,
});

/** Its answer, only for an invitation that may still be accepted: the invited e-mail. */
export const InvitationEmailAnswerSchema = v.object({ email: v.string() });
export type InvitationEmailAnswer = v.InferOutput<typeof InvitationEmailAnswerSchema>;

/** GET Invitation/clients: the clients the caller may invite to (within their reach, and allowing sign-up). */
export const InviteClientSchema = v.object({ id: v.string(), name: v.string() });
export type InviteClient = v.InferOutput<typeof InviteClientSchema>;
export const InviteClientListSchema = v.array(InviteClientSchema);
