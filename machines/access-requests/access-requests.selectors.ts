import type { SnapshotFrom } from 'xstate';
import type { AccessRequest } from '@contracts/access-requests';
import type { RoleOption } from '@contracts/profile-form';
import type { accessRequestsMachine } from './access-requests.machine';

type AccessRequestsSnapshot = SnapshotFrom<typeof accessRequestsMachine>;

export const selectRequests = (s: AccessRequestsSnapshot): readonly AccessRequest[] => s.context.requests;
export const selectIsLoading = (s: AccessRequestsSnapshot): boolean => s.hasTag('loading');
export const selectHasFailed = (s: AccessRequestsSnapshot): boolean => s.matches('failed');
/** A decision was refused as stale: someone decided the request first; the list shows what is left. */
export const selectWasStale = (s: AccessRequestsSnapshot): boolean => s.context.stale;
/** The buttons of every row wait while a decision is open or on its way. */
export const selectMayDecide = (s: AccessRequestsSnapshot): boolean => s.matches('ready');

/** The decision form, while open: what is decided, its draft, and whether it may be sent. */
export const selectDecision = (
  s: AccessRequestsSnapshot,
):
  | {
      kind: 'approve' | 'decline';
      request: AccessRequest;
      roles: readonly RoleOption[];
      roleValue: string;
      reason: string;
      sending: boolean;
      maySend: boolean;
    }
  | undefined => {
  const request = s.context.deciding;
  if (request === undefined || !(s.matches('approving') || s.matches('declining') || s.matches('sending')))
    return undefined;
  const kind = s.context.kind;
  return {
    kind,
    request,
    roles: s.context.roles,
    roleValue: s.context.roleValue,
    reason: s.context.reason,
    sending: s.hasTag('sending'),
    maySend: kind === 'decline' || s.context.roleValue.trim() !== '',
  };
};
