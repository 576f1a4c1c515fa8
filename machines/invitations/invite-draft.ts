import { cultures, type Culture } from '@contracts/culture';
import * as v from 'valibot';
import { InvitationEmailSchema, type InvitationCreate, type InviteClient } from '@contracts/invitations';

/** The invite dialog's draft: which client, which e-mail, and the mail's and page's culture ('' the client's own). */
export type InviteDraft = { clientId: string; email: string; culture: Culture | '' };
/** One edit: the client chosen, the e-mail typed, or the culture chosen. */
export type InviteChange = { clientId: string } | { email: string } | { culture: Culture | '' };

/** The server's own e-mail rule (contracts/invitations.ts), so the dialog refuses what the server would. */
export const isInviteEmail = (email: string): boolean => v.is(InvitationEmailSchema, email);

/** The client to start from: the one the page had chosen, when the caller may invite there, else the first. */
export const startingClient = (clients: readonly InviteClient[], preferred: string | undefined): string =>
  clients.find((client) => client.id === preferred)?.id ?? clients[0]?.id ?? '';

/** An edit applied: a client must be one offered; the e-mail is taken as typed (checked before a save). */
export function applyInviteEdit(
  draft: InviteDraft,
  change: InviteChange,
  clients: readonly InviteClient[],
): InviteDraft {
  if ('clientId' in change)
    return clients.some((client) => client.id === change.clientId) ? { ...draft, clientId: change.clientId } : draft;
  if ('culture' in change)
    return change.culture === '' || cultures.includes(change.culture) ? { ...draft, culture: change.culture } : draft;
  return { ...draft, email: change.email };
}

export const canInvite = (draft: InviteDraft, clients: readonly InviteClient[]): boolean =>
  isInviteEmail(draft.email) && clients.some((client) => client.id === draft.clientId);

export const inviteBodyOf = (draft: InviteDraft): InvitationCreate => ({
  clientId: draft.clientId,
  email: draft.email.trim(),
  ...(draft.culture === '' ? {} : { culture: draft.culture }),
});
