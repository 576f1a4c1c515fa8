import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import type { CurrentTerms } from '@contracts/terms';
import { termsAcceptanceMachine } from '@machines/terms-acceptance/terms-acceptance.machine';
import { selectHasFailed, selectPendingTerms } from '@machines/terms-acceptance/terms-acceptance.selectors';
import { doneEvent, errorEvent } from '../../support/controlled-actor';

/** The post-sign-in "new terms" stop (machines/terms-acceptance; issue 34 item 2). */

const v2: CurrentTerms = { number: 2, culture: 'es', termsHtml: '<p>Términos 2</p>', privacyHtml: '<p>Aviso 2</p>' };
const machine = termsAcceptanceMachine;
const spawnedInput = (actions: { type: string; params?: unknown }[], id: string) =>
  (
    actions.find((action) => action.type === 'xstate.spawnChild' && (action.params as { id: string }).id === id)
      ?.params as { input: unknown } | undefined
  )?.input;

const shown = () => {
  const [start] = initialTransition(machine, { culture: 'es' });
  return transition(machine, start, doneEvent('loadPendingTerms', { pending: v2 }))[0];
};

describe('terms acceptance', () => {
  it('asks for the pending terms in the person’s culture', () => {
    const [start, actions] = initialTransition(machine, { culture: 'es' });
    expect(start.value).toBe('loading');
    expect(spawnedInput(actions, 'loadPendingTerms')).toEqual({ culture: 'es' });
  });

  it('ends accepted at once, without a page, when there is nothing to accept', () => {
    const [start] = initialTransition(machine, { culture: 'en-us' });
    const [next] = transition(machine, start, doneEvent('loadPendingTerms', { pending: null }));
    expect(next.status).toBe('done');
    expect(next.output).toEqual({ outcome: 'accepted' });
  });

  it('shows the pending version; Accept records that version in the culture it was shown in, then ends accepted', () => {
    const showing = shown();
    expect(showing.value).toBe('showing');
    expect(selectPendingTerms(showing)).toEqual(v2);
    const [recording, actions] = transition(machine, showing, { type: 'terms.accept' });
    expect(recording.value).toBe('recording');
    expect(spawnedInput(actions, 'acceptTerms')).toEqual({ number: 2, culture: 'es' });
    const [done] = transition(machine, recording, doneEvent('acceptTerms', undefined));
    expect(done.output).toEqual({ outcome: 'accepted' });
  });

  it('Decline ends declined, with nothing recorded', () => {
    const [done, actions] = transition(machine, shown(), { type: 'terms.decline' });
    expect(done.output).toEqual({ outcome: 'declined' });
    expect(actions.some((action) => action.type === 'xstate.spawnChild')).toBe(false);
  });

  it('never lets a failed check or a refused acceptance through: Retry reads the terms again, Decline still signs out', () => {
    const [start] = initialTransition(machine, { culture: 'es' });
    const [failedCheck] = transition(machine, start, errorEvent('loadPendingTerms', new Error('no answer')));
    expect(failedCheck.value).toBe('failed');
    expect(selectHasFailed(failedCheck)).toBe(true);
    expect(failedCheck.status).toBe('active');
    const [recording] = transition(machine, shown(), { type: 'terms.accept' });
    const [refused] = transition(machine, recording, errorEvent('acceptTerms', new Error('409')));
    expect(refused.value).toBe('failed');
    expect(selectPendingTerms(refused)).toBeUndefined();
    const [again, actions] = transition(machine, refused, { type: 'terms.retry' });
    expect(again.value).toBe('loading');
    expect(spawnedInput(actions, 'loadPendingTerms')).toEqual({ culture: 'es' });
    expect(transition(machine, refused, { type: 'terms.decline' })[0].output).toEqual({ outcome: 'declined' });
  });
});
