import type { SnapshotFrom } from 'xstate';
import type { Invitation, InvitationStatus } from '@contracts/invitations';
import type { invitationsMachine } from './invitations.machine';

type InvitationsSnapshot = SnapshotFrom<typeof invitationsMachine>;

export const selectClients = (s: InvitationsSnapshot) => s.context.clients;
export const selectClientId = (s: InvitationsSnapshot) => s.context.clientId;
/** The provider administrator chooses among clients; a client administrator has one. */
export const selectMayChooseClient = (s: InvitationsSnapshot): boolean => s.context.clients.length > 1;
/** Invite and the list are offered once the clients are read, when there is one to invite to. */
export const selectMayInvite = (s: InvitationsSnapshot): boolean => s.can({ type: 'invite' }) && !s.matches('inviting');
export const selectMayShow = (s: InvitationsSnapshot): boolean => s.can({ type: 'show' });
export const selectNoClient = (s: InvitationsSnapshot): boolean => s.matches('idle') && s.context.clients.length === 0;
export const selectClientsFailed = (s: InvitationsSnapshot): boolean => s.matches('failed');
export const selectInviteDialogRef = (s: InvitationsSnapshot) => s.children.inviteDialog;

export const selectListOpen = (s: InvitationsSnapshot): boolean => s.matches('listing');
export const selectListLoading = (s: InvitationsSnapshot): boolean => s.matches({ listing: 'loading' });
export const selectListUnreadable = (s: InvitationsSnapshot): boolean => s.matches({ listing: 'unreadable' });
export const selectRows = (s: InvitationsSnapshot): readonly Invitation[] => s.context.rows;
export const selectPendingId = (s: InvitationsSnapshot): string | undefined => s.context.pending?.id;

/** Resend and Revoke are for invitations not yet accepted or revoked, while no other change runs. */
const changeable: ReadonlySet<InvitationStatus> = new Set(['pending', 'expired']);
export const selectMayChange = (s: InvitationsSnapshot, row: Invitation): boolean =>
  s.matches({ listing: 'showing' }) && changeable.has(row.status);
/** The ids of the rows that offer Resend and Revoke now (for `useSelector` with `shallowEqual`: one slice, not the snapshot). */
export const selectChangeableIds = (s: InvitationsSnapshot): readonly string[] =>
  s.context.rows.filter((row) => selectMayChange(s, row)).map((row) => row.id);
