/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { Culture } from '@contracts/culture';
import type { CurrentTerms, PendingTerms, TermsAcceptance } from '@contracts/terms';
import { termsAcceptanceMachine } from '@machines/terms-acceptance/terms-acceptance.machine';
import { everyEnglishText } from '@tests/support/catalogue-text';
import { NewTerms } from '@src/pages/NewTerms';
import { UiProvider } from '@src/ui/UiProvider';
import { actorDone, actorError, createControlledActor } from '../support/controlled-actor';
import { describeWalks } from '../support/walk';

/*
 * Generated walks of the post-sign-in "new terms" stop (machines/terms-acceptance; issue 34 item 2) through its real
 * view, src/pages/NewTerms.tsx. GET and POST profile/terms are controlled actors the walk answers at its step; the
 * person clicks the page's buttons. How the login flow goes on from each outcome: tests/unit/machines/login.test.ts.
 */

const v2: CurrentTerms = {
  number: 2,
  culture: 'en-us',
  termsHtml: '<p>Acme terms, second version</p>',
  privacyHtml: '<p>Acme privacy notice, second version</p>',
};
const pending = actorDone('loadPendingTerms', { pending: v2 });
const nothingPending = actorDone('loadPendingTerms', { pending: null });
const checkFails = actorError('loadPendingTerms', new Error('no answer'));
const recorded = actorDone('acceptTerms', undefined);
const refused = actorError('acceptTerms', new Error('409'));
const accept = { type: 'terms.accept' } as const;
const decline = { type: 'terms.decline' } as const;
const retry = { type: 'terms.retry' } as const;

/** Each call answers only while it runs; the page's buttons only while they show. */
type Walked =
  | typeof pending
  | typeof nothingPending
  | typeof checkFails
  | typeof recorded
  | typeof refused
  | typeof accept
  | typeof decline
  | typeof retry;
const eventsOf = (s: SnapshotFrom<typeof termsAcceptanceMachine>): Walked[] => {
  if (s.matches('loading')) return [pending, nothingPending, checkFails];
  if (s.matches('showing')) return [accept, decline];
  if (s.matches('recording')) return [recorded, refused];
  if (s.matches('failed')) return [retry, decline];
  return [];
};

function renderStop() {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale: 'en-us', messages: { ...everyEnglishText } });
  const load = createControlledActor<PendingTerms, { culture: Culture }>();
  const record = createControlledActor<undefined, TermsAcceptance>();
  const actor = createActor(
    termsAcceptanceMachine.provide({ actors: { loadPendingTerms: load.logic, acceptTerms: record.logic } }),
    { input: { culture: 'en-us' } },
  );
  actor.start();
  render(
    <UiProvider>
      <I18nProvider i18n={i18n}>
        <NewTerms termsRef={actor} />
      </I18nProvider>
    </UiProvider>,
  );
  return { actor, load, record };
}
type Harness = ReturnType<typeof renderStop>;

const button = (name: string) => screen.getByRole('button', { name });
const termsShown = () => {
  expect(screen.getByText('Acme terms, second version')).toBeVisible();
  expect(screen.getByText('Acme privacy notice, second version')).toBeVisible();
};

describeWalks(termsAcceptanceMachine, {
  title: 'terms acceptance model walk (issue 34 item 2, through the real new-terms page)',
  events: eventsOf,
  scenarios: [{ input: { culture: 'en-us' }, journeys: [[checkFails, retry, pending, accept, refused]] }],
  describeEvent: (event) => {
    if (event.type === 'xstate.done.actor.loadPendingTerms') return event.output.pending ? 'v2' : 'none';
    return undefined;
  },
  start: renderStop,
  stop: ({ actor }) => {
    actor.stop();
  },
  states: {
    loading: async (_s, { load }: Harness) => {
      await waitFor(() => {
        expect(load.waiting()).toBe(1);
      });
      expect(load.calls.at(-1)).toEqual({ culture: 'en-us' });
      expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    },
    showing: () => {
      termsShown();
      expect(screen.getByRole('heading', { name: 'New terms of use' })).toBeInTheDocument();
      expect(button('Accept')).toBeEnabled();
      expect(button('Decline and sign out')).toBeEnabled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    recording: async (_s, { record }: Harness) => {
      await waitFor(() => {
        expect(record.waiting()).toBe(1);
      });
      // The version shown, in the culture it was shown in.
      expect(record.calls.at(-1)).toEqual({ number: 2, culture: 'en-us' });
      termsShown();
      expect(button('Decline and sign out')).toBeDisabled();
    },
    failed: () => {
      expect(screen.getByRole('alert')).toHaveTextContent(
        'could not be checked or your acceptance could not be recorded',
      );
      expect(screen.queryByText('Acme terms, second version')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
      expect(button('Retry')).toBeEnabled();
      expect(button('Decline and sign out')).toBeEnabled();
    },
    accepted: (_s, { actor }: Harness) => {
      expect(actor.getSnapshot().output).toEqual({ outcome: 'accepted' });
    },
    declined: (_s, { actor }: Harness) => {
      expect(actor.getSnapshot().output).toEqual({ outcome: 'declined' });
    },
  },
  executors: {
    'xstate.done.actor.loadPendingTerms': ({ event }, { load }: Harness) => {
      act(() => {
        load.resolve(event.output);
      });
    },
    'xstate.error.actor.loadPendingTerms': ({ event }, { load }: Harness) => {
      act(() => {
        load.reject(event.error);
      });
    },
    'xstate.done.actor.acceptTerms': (_step, { record }: Harness) => {
      act(() => {
        record.resolve(undefined);
      });
    },
    'xstate.error.actor.acceptTerms': ({ event }, { record }: Harness) => {
      act(() => {
        record.reject(event.error);
      });
    },
    'terms.accept': () => {
      fireEvent.click(button('Accept'));
    },
    'terms.decline': () => {
      fireEvent.click(button('Decline and sign out'));
    },
    'terms.retry': () => {
      fireEvent.click(button('Retry'));
    },
  },
});
