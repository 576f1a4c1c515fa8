/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import {
  addressLookupMachine,
  LOOKUP_DEBOUNCE_MS,
  type AddressSuggestion,
} from '@machines/address-lookup/address-lookup.machine';
import type { AddressParts } from '@machines/profile-form/address-parts';
import { everyEnglishText } from '@tests/support/catalogue-text';
import { AddressLookupInput, type AddressLookupRef } from '@src/profile/address/AddressLookupInput';
import { LabelledField } from '@src/ui/form/LabelledField';
import { UiProvider } from '@src/ui/UiProvider';
import { pennsylvaniaParts, placesFor1600 } from '../support/address-fixtures';
import { actorDone, actorError, createControlledActor, delayEnd } from '../support/controlled-actor';
import { describeWalks } from '../support/walk';

/*
 * Generated walks of the street line's address lookup (machines/address-lookup; spec public-and-profile §2 "Address:
 * autocomplete through the maps script") through its real view, inside the one labelled field. The provider's two
 * calls are controlled actors the walk answers at its step; the pause is vitest's fake clock. A resolved place is
 * emitted to the host once (the form's filling is pinned in address-block.test.ts and tests/dom/address-lookup.test.tsx).
 */

const places = placesFor1600;
const parts = pennsylvaniaParts;
const denied = new Error('REQUEST_DENIED');

const typedLong = { type: 'typed', text: '1600' } as const;
const typedLonger = { type: 'typed', text: '1600 P' } as const;
const typedShort = { type: 'typed', text: '16' } as const;
const down = { type: 'moved', by: 1 } as const;
const up = { type: 'moved', by: -1 } as const;
const pointAtSecond = { type: 'highlighted', index: 1 } as const;
const chooseSecond = { type: 'chosen', index: 1 } as const;
const dismissed = { type: 'dismissed' } as const;
const pauseEnds = delayEnd('debounce', 'addressLookup.waiting');
const offered = actorDone('suggest', places);
const nothingOffered = actorDone('suggest', [] as AddressSuggestion[]);
const lookupFails = actorError('suggest', denied);
const resolved = actorDone('resolve', parts);
const resolveFails = actorError('resolve', denied);
type Walked =
  | typeof typedLong
  | typeof typedLonger
  | typeof typedShort
  | typeof down
  | typeof up
  | typeof pointAtSecond
  | typeof chooseSecond
  | typeof dismissed
  | typeof pauseEnds
  | typeof offered
  | typeof lookupFails
  | typeof resolved
  | typeof resolveFails;

/**
 * What can happen in each state: the person types or leaves at any time; the clock and each call answer only while
 * they run; the list's own events only while it shows.
 */
const eventsOf = (s: SnapshotFrom<typeof addressLookupMachine>): Walked[] => [
  typedLong,
  typedLonger,
  typedShort,
  dismissed,
  ...(s.matches('waiting') ? [pauseEnds] : []),
  ...(s.matches('looking') ? [offered, nothingOffered, lookupFails] : []),
  ...(s.matches('open') ? [down, up, pointAtSecond, chooseSecond] : []),
  ...(s.matches('resolving') ? [resolved, resolveFails] : []),
];

function Host({ lookupRef }: { lookupRef: AddressLookupRef }) {
  const [value, setValue] = useState('');
  return (
    <LabelledField
      kind="control"
      label="Street"
      control={(control) => (
        <AddressLookupInput
          lookupRef={lookupRef}
          control={control}
          value={value}
          onChange={setValue}
          onBlur={() => undefined}
        />
      )}
    />
  );
}

function renderLookup() {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale: 'en-us', messages: { ...everyEnglishText } });
  const suggest = createControlledActor<readonly AddressSuggestion[], { text: string }>();
  const resolve = createControlledActor<AddressParts, { id: string }>();
  const actor = createActor(
    addressLookupMachine.provide({ actors: { suggest: suggest.logic, resolve: resolve.logic } }),
  );
  const chosen: AddressParts[] = [];
  actor.on('addressChosen', (event) => chosen.push(event.parts));
  actor.start();
  render(
    <UiProvider>
      <I18nProvider i18n={i18n}>
        <Host lookupRef={actor} />
      </I18nProvider>
    </UiProvider>,
  );
  return { actor, suggest, resolve, chosen };
}

const street = () => screen.getByRole('combobox', { name: 'Street' });
const settle = async () => {
  await act(() => vi.advanceTimersByTimeAsync(0));
};
const listClosed = () => {
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  expect(street()).toHaveAttribute('aria-expanded', 'false');
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describeWalks(addressLookupMachine, {
  title: 'address lookup model walk (spec public-and-profile §2 "Address")',
  events: eventsOf,
  scenarios: [
    {
      // A person cannot type the text the street line already holds: the browser fires no change for it.
      filterEvents: (s, event) => event.type !== 'typed' || event.text !== s.context.text,
      journeys: [
        // Arrows run round the list and back through "none"; a choice that fails closes without filling anything.
        [typedLong, pauseEnds, offered, down, down, down, up],
        [typedLong, pauseEnds, offered, pointAtSecond, chooseSecond, resolveFails],
        // A new text while the list is open waits for a new pause.
        [typedLong, pauseEnds, offered, typedLonger, pauseEnds, nothingOffered],
        [typedLong, pauseEnds, offered, typedShort],
        [typedLong, pauseEnds, lookupFails],
        [typedLong, pauseEnds, offered, down, chooseSecond, resolved],
      ],
    },
  ],
  describeEvent: (event) => {
    if (event.type === 'typed') return `"${event.text}"`;
    if (event.type === 'moved') return event.by === 1 ? 'down' : 'up';
    if (event.type === 'xstate.done.actor.suggest') return event.output.length > 0 ? 'places' : 'none';
    return undefined;
  },
  start: renderLookup,
  stop: ({ actor }) => {
    actor.stop();
  },
  states: {
    idle: () => {
      listClosed();
    },
    waiting: (_, { suggest }) => {
      listClosed();
      expect(suggest.waiting()).toBe(0);
    },
    looking: (s, { suggest }) => {
      listClosed();
      expect(suggest.calls.at(-1)).toEqual({ text: s.context.text });
      expect(suggest.waiting()).toBe(1);
    },
    open: (s) => {
      const list = screen.getByRole('listbox');
      const options = within(list).getAllByRole('option');
      expect(options.map((option) => option.textContent)).toEqual(places.map((place) => place.text));
      expect(street()).toHaveAttribute('aria-expanded', 'true');
      const highlighted = options[s.context.highlighted];
      if (highlighted === undefined) expect(street()).not.toHaveAttribute('aria-activedescendant');
      else {
        expect(street()).toHaveAttribute('aria-activedescendant', highlighted.id);
        expect(highlighted).toHaveAttribute('aria-selected', 'true');
      }
    },
    resolving: (_, { resolve }) => {
      listClosed();
      expect(resolve.calls.at(-1)).toEqual({ id: 'pennsylvania' });
    },
  },
  executors: {
    typed: ({ event }) => {
      fireEvent.change(street(), { target: { value: event.text } });
    },
    moved: ({ event }) => {
      fireEvent.keyDown(street(), { key: event.by === 1 ? 'ArrowDown' : 'ArrowUp' });
    },
    highlighted: ({ event }) => {
      const option = within(screen.getByRole('listbox')).getAllByRole('option')[event.index];
      if (option === undefined) throw new Error(`no option ${String(event.index)}`);
      fireEvent.mouseEnter(option);
    },
    chosen: ({ event }) => {
      const option = within(screen.getByRole('listbox')).getAllByRole('option')[event.index];
      if (option === undefined) throw new Error(`no option ${String(event.index)}`);
      fireEvent.mouseDown(option);
    },
    dismissed: () => {
      fireEvent.blur(street());
    },
    'xstate.after.debounce.addressLookup.waiting': async () => {
      await act(() => vi.advanceTimersByTimeAsync(LOOKUP_DEBOUNCE_MS));
    },
    'xstate.done.actor.suggest': async ({ event }, { suggest }) => {
      suggest.resolve(event.output);
      await settle();
    },
    'xstate.error.actor.suggest': async ({ event }, { suggest }) => {
      suggest.reject(event.error);
      await settle();
    },
    // The chosen place reaches the form once when it resolves, never when resolving fails.
    'xstate.done.actor.resolve': async ({ event }, { resolve, chosen }) => {
      resolve.resolve(event.output);
      await settle();
      expect(chosen).toEqual([parts]);
    },
    'xstate.error.actor.resolve': async ({ event }, { resolve, chosen }) => {
      resolve.reject(event.error);
      await settle();
      expect(chosen).toEqual([]);
    },
  },
});
