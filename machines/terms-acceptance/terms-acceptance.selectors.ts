import type { SnapshotFrom } from 'xstate';
import type { CurrentTerms } from '@contracts/terms';
import type { termsAcceptanceMachine } from './terms-acceptance.machine';

type TermsAcceptanceSnapshot = SnapshotFrom<typeof termsAcceptanceMachine>;

/** The terms to accept, while the page shows them (also while the acceptance is being recorded). */
export const selectPendingTerms = (s: TermsAcceptanceSnapshot): CurrentTerms | undefined =>
  s.matches('showing') || s.matches('recording') ? s.context.terms : undefined;

/** A spinner while the pending terms are read or the acceptance is recorded. */
export const selectIsBusy = (s: TermsAcceptanceSnapshot): boolean => s.hasTag('busy');

/** The check or the acceptance failed: the page says so, with Retry and Decline. */
export const selectHasFailed = (s: TermsAcceptanceSnapshot): boolean => s.matches('failed');
