import { assign, setup } from 'xstate';
import type { Culture } from '@contracts/culture';
import type { CurrentTerms, PendingTerms, TermsAcceptance } from '@contracts/terms';
import { notProvided } from '../support/actors';

export type TermsAcceptanceInput = { culture: Culture };

/** How the step ended: the login flow continues to the way out, or signs the person out. */
export type TermsAcceptanceOutput = { outcome: 'accepted' | 'declined' };

type TermsAcceptanceContext = TermsAcceptanceInput & {
  /** The version the person still has to accept, as GET profile/terms answered it, in their culture. */
  terms: CurrentTerms | undefined;
  /** The last call failed (the check or the acceptance): the page says so and offers to try again. */
  failed: boolean;
  outcome: TermsAcceptanceOutput['outcome'];
};

export type TermsAcceptanceEvent = { type: 'terms.accept' } | { type: 'terms.decline' } | { type: 'terms.retry' };

/**
 * The post-sign-in "new terms" stop (issue 34 item 2; docs/flows/terms-acceptance.md). The login flow invokes it once
 * the profile is valid: when the person's client has published terms newer than the person's last acceptance, the
 * page shows the terms and the privacy notice in the person's culture with Accept and Decline. Accept records the
 * acceptance (POST profile/terms) and the login flow goes where the sign-in was going; Decline ends in `declined`, and
 * the login flow signs the person out. Nothing to accept ends in `accepted` at once, without a page.
 */
export const termsAcceptanceMachine = setup({
  types: {
    context: {} as TermsAcceptanceContext,
    events: {} as TermsAcceptanceEvent,
    input: {} as TermsAcceptanceInput,
    output: {} as TermsAcceptanceOutput,
    tags: {} as 'busy',
  },
  actors: {
    /** GET profile/terms in the person's culture. */
    loadPendingTerms: notProvided<{ culture: Culture }, PendingTerms>('loadPendingTerms'),
    /** POST profile/terms: the version shown, in the culture it was shown in. */
    acceptTerms: notProvided<TermsAcceptance, undefined>('acceptTerms'),
  },
  guards: {
    nothingPending: (_, pending: PendingTerms) => pending.pending === null,
  },
}).createMachine({
  id: 'termsAcceptance',
  context: ({ input }) => ({ ...input, terms: undefined, failed: false, outcome: 'declined' }),
  output: ({ context }) => ({ outcome: context.outcome }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadPendingTerms',
        src: 'loadPendingTerms',
        input: ({ context }) => ({ culture: context.culture }),
        onDone: [
          {
            guard: { type: 'nothingPending', params: ({ event }) => event.output },
            target: 'accepted',
          },
          {
            target: 'showing',
            actions: assign({ terms: ({ event }) => event.output.pending ?? undefined, failed: false }),
          },
        ],
        // Never a way past the terms: the page says the check failed and offers Retry (or Decline).
        onError: { target: 'failed', actions: assign({ failed: true }) },
      },
    },
    /** The terms and the privacy notice with Accept and Decline. */
    showing: {
      on: {
        'terms.accept': 'recording',
        'terms.decline': 'declined',
      },
    },
    recording: {
      tags: 'busy',
      invoke: {
        id: 'acceptTerms',
        src: 'acceptTerms',
        input: ({ context }) => ({
          number: context.terms?.number ?? 0,
          culture: context.terms?.culture ?? context.culture,
        }),
        onDone: 'accepted',
        // Not recorded (a newer version was published meanwhile: 409; no answer): Retry reads the current terms again.
        onError: { target: 'failed', actions: assign({ failed: true }) },
      },
    },
    /** The check or the acceptance failed: Retry reads the pending terms again; Decline still signs out. */
    failed: {
      on: {
        'terms.retry': 'loading',
        'terms.decline': 'declined',
      },
    },
    accepted: { type: 'final', entry: assign({ outcome: 'accepted' }) },
    declined: { type: 'final', entry: assign({ outcome: 'declined' }) },
  },
});
