import * as v from 'valibot';
import {
  InvitationListSchema,
  InvitationSchema,
  InviteClientListSchema,
  type Invitation,
  type InvitationCreate,
  type InviteClient,
} from '@contracts/invitations';
import { http, type CallOptions } from '../http';

/** GET Invitation?clientId=: a client's invitations, newest first, each with its status. */
export async function listInvitations(clientId: string, options: CallOptions = {}): Promise<Invitation[]> {
  return v.parse(InvitationListSchema, await http.get('Invitation', { searchParams: { clientId }, ...options }).json());
}

/** POST Invitation: invites an e-mail to a client (the server mails the link). */
export async function createInvitation(body: InvitationCreate, options: CallOptions = {}): Promise<Invitation> {
  return v.parse(InvitationSchema, await http.post('Invitation', { json: body, ...options }).json());
}

/** POST Invitation/{id}/resend or /revoke: a new expiry and mail, or the link closed. */
export async function changeInvitation(
  input: { id: string; change: 'resend' | 'revoke' },
  options: CallOptions = {},
): Promise<Invitation> {
  const path = `Invitation/${encodeURIComponent(input.id)}/${input.change}`;
  return v.parse(InvitationSchema, await http.post(path, options).json());
}

/** GET Invitation/clients: the clients the caller may invite to. */
export async function listInviteClients(options: CallOptions = {}): Promise<InviteClient[]> {
  return v.parse(InviteClientListSchema, await http.get('Invitation/clients', options).json());
}
