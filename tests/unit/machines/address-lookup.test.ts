import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  addressLookupMachine,
  cycled,
  LOOKUP_DEBOUNCE_MS,
  type AddressSuggestion,
} from '@machines/address-lookup/address-lookup.machine';
import { selectLookupView } from '@machines/address-lookup/address-lookup.selectors';
import type { AddressParts } from '@machines/profile-form/address-parts';
import { pennsylvaniaParts, placesFor1600 } from '../../support/address-fixtures';

/**
 * The street line's address lookup (machines/address-lookup; spec public-and-profile §2 "Address: autocomplete
 * through the maps script"): a pause in typing looks places up, a chosen place is resolved and emitted for the form,
 * and a failed lookup only closes the list. Time is vitest's fake clock: the pause is the machine's own delay.
 */

const places = placesFor1600;
const parts = pennsylvaniaParts;

type Answer<T> = T | Error;
const answer = <T>(value: Answer<T>) => (value instanceof Error ? Promise.reject(value) : Promise.resolve(value));

function start({
  offers = places,
  resolved = parts,
}: { offers?: Answer<AddressSuggestion[]>; resolved?: Answer<AddressParts> } = {}) {
  const asked: string[] = [];
  const resolving: string[] = [];
  const chosen: AddressParts[] = [];
  const actor = createActor(
    addressLookupMachine.provide({
      actors: {
        suggest: fromPromise(({ input }) => {
          asked.push(input.text);
          return answer(offers);
        }),
        resolve: fromPromise(({ input }) => {
          resolving.push(input.id);
          return answer(resolved);
        }),
      },
    }),
  );
  actor.on('addressChosen', (event) => chosen.push(event.parts));
  actor.start();
  return { actor, asked, resolving, chosen, view: () => selectLookupView(actor.getSnapshot()) };
}

/** The pause runs out and the lookup's promise settles. */
async function pause() {
  await vi.advanceTimersByTimeAsync(LOOKUP_DEBOUNCE_MS);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the address lookup', () => {
  it('looks up once typing pauses, with the last text, and opens the list on places', async () => {
    const { actor, asked, view } = start();
    actor.send({ type: 'typed', text: '160' });
    await vi.advanceTimersByTimeAsync(LOOKUP_DEBOUNCE_MS - 1);
    actor.send({ type: 'typed', text: '1600 Am' });
    await vi.advanceTimersByTimeAsync(LOOKUP_DEBOUNCE_MS - 1);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toEqual(['1600 Am']);
    expect(view()).toEqual({ open: true, suggestions: places, highlighted: -1 });
  });

  it('does not look up fewer than three characters, and closes an open list when the text gets that short', async () => {
    const { actor, asked, view } = start();
    actor.send({ type: 'typed', text: '16' });
    await pause();
    expect(asked).toEqual([]);
    actor.send({ type: 'typed', text: '1600' });
    await pause();
    expect(view().open).toBe(true);
    actor.send({ type: 'typed', text: '1' });
    expect(view()).toEqual({ open: false, suggestions: [], highlighted: -1 });
  });

  it('keeps the list closed when the lookup offers nothing or fails (the person types the address)', async () => {
    const none = start({ offers: [] });
    none.actor.send({ type: 'typed', text: 'zzzz' });
    await pause();
    expect(none.view().open).toBe(false);
    const failing = start({ offers: new Error('REQUEST_DENIED') });
    failing.actor.send({ type: 'typed', text: '1600 Am' });
    await pause();
    expect(failing.view()).toEqual({ open: false, suggestions: [], highlighted: -1 });
    expect(failing.actor.getSnapshot().status).toBe('active');
  });

  it('moves the highlight round the list and through "none" with the arrows', async () => {
    const { actor, view } = start();
    actor.send({ type: 'typed', text: '1600' });
    await pause();
    const moves: number[] = [];
    for (const by of [1, 1, 1, -1, -1, -1] as const) {
      actor.send({ type: 'moved', by });
      moves.push(view().highlighted);
    }
    expect(moves).toEqual([0, 1, -1, 1, 0, -1]);
    expect(cycled(-1, -1, 2)).toBe(1);
  });

  it('resolves a chosen place, emits its parts once and closes', async () => {
    const { actor, resolving, chosen, view } = start();
    actor.send({ type: 'typed', text: '1600' });
    await pause();
    actor.send({ type: 'highlighted', index: 1 });
    actor.send({ type: 'chosen', index: 0 });
    expect(actor.getSnapshot().hasTag('resolving')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(resolving).toEqual(['amphitheatre']);
    expect(chosen).toEqual([parts]);
    expect(view()).toEqual({ open: false, suggestions: [], highlighted: -1 });
  });

  it('ignores a choice outside the list, and emits nothing when resolving fails', async () => {
    const { actor, resolving, chosen, view } = start({ resolved: new Error('NOT_FOUND') });
    actor.send({ type: 'typed', text: '1600' });
    await pause();
    actor.send({ type: 'chosen', index: 2 });
    expect(view().open).toBe(true);
    actor.send({ type: 'chosen', index: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(resolving).toEqual(['pennsylvania']);
    expect(chosen).toEqual([]);
    expect(view().open).toBe(false);
  });

  it('closes on dismissal, and a new text while the list is open waits for a new pause', async () => {
    const { actor, asked, view } = start();
    actor.send({ type: 'typed', text: '1600' });
    await pause();
    actor.send({ type: 'dismissed' });
    expect(view().open).toBe(false);
    actor.send({ type: 'typed', text: '1600 P' });
    await pause();
    actor.send({ type: 'typed', text: '1600 Pe' });
    expect(view().open).toBe(false);
    await pause();
    expect(asked).toEqual(['1600', '1600 P', '1600 Pe']);
    expect(view().open).toBe(true);
  });
});
