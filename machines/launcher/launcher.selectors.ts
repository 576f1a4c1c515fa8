import type { SnapshotFrom } from 'xstate';
import type { RequestableApplication } from '@contracts/access-requests';
import type { ProfileApplication } from '@contracts/profile';
import type { AccessProblem, launcherMachine } from './launcher.machine';

type LauncherSnapshot = SnapshotFrom<typeof launcherMachine>;

/** The loader shows until the launcher has decided (admin-and-board §4 "Board: loader until …"). */
export const selectIsDeciding = (s: LauncherSnapshot): boolean => s.hasTag('busy');

export const selectCards = (s: LauncherSnapshot): ProfileApplication[] =>
  s.matches('choosing') ? s.context.applications : [];

export const selectHasFailed = (s: LauncherSnapshot): boolean => s.matches('failed');

/** The card's access offer: none (the person holds a role in it), `ask` (Request access) or `requested`. */
export type AccessOffer = 'none' | 'ask' | 'requested';

export const selectAccessOffer =
  (applicationId: string) =>
  (s: LauncherSnapshot): AccessOffer => {
    const offer: RequestableApplication | undefined = s.matches('choosing')
      ? s.context.offers.find((candidate) => candidate.applicationId === applicationId)
      : undefined;
    if (offer === undefined) return 'none';
    return offer.openRequestId === null ? 'ask' : 'requested';
  };

/** The request form, while open: the application's name, the reason typed, whether it is sending, and a refusal. */
export const selectAskForm = (
  s: LauncherSnapshot,
): { name: string; reason: string; sending: boolean; problem: AccessProblem | undefined } | undefined => {
  if (!(s.matches({ choosing: 'asking' }) || s.matches({ choosing: 'sending' }))) return undefined;
  const offer = s.context.offers.find((candidate) => candidate.applicationId === s.context.asking);
  return {
    name: offer?.name ?? '',
    reason: s.context.reason,
    sending: s.hasTag('sending'),
    problem: s.context.askProblem,
  };
};
