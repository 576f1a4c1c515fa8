import { assign, emit, setup } from 'xstate';
import type { AddressParts } from '../profile-form/address-parts';
import { notProvided } from '../support/actors';

/** One place the lookup offers for what was typed: its id (to resolve it) and the text read in the list. */
export type AddressSuggestion = { id: string; text: string };

/** Fewer characters say too little to look up (and each lookup is a billed request to the operator's key). */
export const LOOKUP_MIN_CHARS = 3;
/** Typing pauses this long before a lookup: one request per pause, not one per keystroke. */
export const LOOKUP_DEBOUNCE_MS = 300;

type Context = {
  /** What the person last typed into the street line. */
  text: string;
  suggestions: readonly AddressSuggestion[];
  /** The suggestion the arrow keys point at, or -1 for none. */
  highlighted: number;
  /** The suggestion being resolved into the address's parts. */
  chosenId: string | undefined;
};

type Event =
  | { type: 'typed'; text: string }
  /** Arrow down (1) or up (-1): the highlight moves round the list. */
  | { type: 'moved'; by: 1 | -1 }
  | { type: 'highlighted'; index: number }
  | { type: 'chosen'; index: number }
  /** Escape, or the street line lost focus: the list closes. */
  | { type: 'dismissed' };

/**
 * The highlight after an arrow key: it runs through "none" (-1, the text as typed) and the suggestions in a ring, as
 * a browser's own autocomplete list does.
 */
export function cycled(highlighted: number, by: 1 | -1, count: number): number {
  const positions = count + 1;
  return ((highlighted + 1 + by + positions) % positions) - 1;
}

const cleared = { suggestions: [], highlighted: -1, chosenId: undefined };

/**
 * The address lookup of the profile form's street line (spec public-and-profile §2 "Address: autocomplete through the
 * maps script"): typing pauses, the lookup offers places, a chosen place is resolved into the address block's parts
 * and emitted (`addressChosen`) for the form, whose rules decide which fields it fills. A failed lookup only closes
 * the list: the street line is an ordinary input and the person types the address themselves.
 */
export const addressLookupMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    emitted: {} as { type: 'addressChosen'; parts: AddressParts },
    tags: {} as 'open' | 'resolving',
  },
  actors: {
    suggest: notProvided<{ text: string }, readonly AddressSuggestion[]>('suggest'),
    resolve: notProvided<{ id: string }, AddressParts>('resolve'),
  },
  delays: { debounce: LOOKUP_DEBOUNCE_MS },
  guards: {
    longEnough: ({ event }) => event.type === 'typed' && event.text.trim().length >= LOOKUP_MIN_CHARS,
    offersSome: (_, output: readonly AddressSuggestion[]) => output.length > 0,
    isOffered: ({ context, event }) =>
      event.type === 'chosen' && event.index >= 0 && event.index < context.suggestions.length,
  },
  actions: {
    note: assign({ text: ({ event }) => (event.type === 'typed' ? event.text : '') }),
    clear: assign(cleared),
  },
}).createMachine({
  id: 'addressLookup',
  context: { text: '', ...cleared },
  initial: 'idle',
  on: {
    // Whatever the state, a new text starts a new pause (re-entering restarts the pause's timer), or, too short, closes.
    typed: [
      { guard: 'longEnough', target: '.waiting', reenter: true, actions: 'note' },
      { target: '.idle', actions: ['note', 'clear'] },
    ],
    dismissed: { target: '.idle', actions: 'clear' },
  },
  states: {
    idle: {},
    waiting: { after: { debounce: 'looking' } },
    looking: {
      invoke: {
        id: 'suggest',
        src: 'suggest',
        input: ({ context }) => ({ text: context.text }),
        onDone: [
          {
            guard: { type: 'offersSome', params: ({ event }) => event.output },
            target: 'open',
            actions: assign({ suggestions: ({ event }) => event.output, highlighted: -1 }),
          },
          { target: 'idle', actions: 'clear' },
        ],
        onError: { target: 'idle', actions: 'clear' },
      },
    },
    open: {
      tags: 'open',
      on: {
        moved: {
          actions: assign({
            highlighted: ({ context, event }) => cycled(context.highlighted, event.by, context.suggestions.length),
          }),
        },
        highlighted: { actions: assign({ highlighted: ({ event }) => event.index }) },
        chosen: {
          guard: 'isOffered',
          target: 'resolving',
          actions: assign({ chosenId: ({ context, event }) => context.suggestions[event.index]?.id }),
        },
      },
    },
    resolving: {
      tags: 'resolving',
      invoke: {
        id: 'resolve',
        src: 'resolve',
        input: ({ context }) => ({ id: context.chosenId ?? '' }),
        onDone: {
          target: 'idle',
          actions: [emit(({ event }) => ({ type: 'addressChosen' as const, parts: event.output })), 'clear'],
        },
        onError: { target: 'idle', actions: 'clear' },
      },
    },
  },
});
