import * as v from 'valibot';
import { InvitationEmailAnswerSchema, type InvitationEmailAnswer } from '@contracts/invitations';
import { http, type CallOptions } from './http';

/**
 * GET Encrypt/decrypt?content=<token>&clientId=<client> (spec §7, no auth): whom an invitation's `st` token invites.
 * Every token that does not open sign-up answers 400 `invitation_invalid`.
 */
export async function decryptInvitation(
  input: { token: string; clientId: string },
  options: CallOptions = {},
): Promise<InvitationEmailAnswer> {
  const searchParams = { content: input.token, clientId: input.clientId };
  return v.parse(InvitationEmailAnswerSchema, await http.get('Encrypt/decrypt', { searchParams, ...options }).json());
}
