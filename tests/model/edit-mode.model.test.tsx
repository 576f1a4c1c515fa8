/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { editModeMachine, type TextPick } from '@machines/edit-mode/edit-mode.machine';
import type { SavedText } from '@machines/label-editor/label-editor.types';
import { stripMarks } from '@src/i18n/edit-markers';
import { actorDone, doneEventType } from '../support/controlled-actor';
import { editModeInput } from '../support/machine-contexts';
import { profile } from '../support/profiles';
import { describeWalks, notWalked, type WalkEvent } from '../support/walk';
import { renderDashboard } from './dashboard.harness';
import { providerEditChoices } from '@tests/support/dashboard-fixtures';

type Harness = ReturnType<typeof renderDashboard>;

/** The text the walk clicks: the dashboard's own title, marked like every other text while Edit Mode is on. */
const pick: TextPick = { target: { kind: 'label', key: 'Dashboard_Text_Title' }, shownText: 'Dashboard' };
const scope = { culture: 'en-us', clientId: null } as const;
/** The editor ends with the saved text, or with nothing when cancelled. */
const saved = actorDone('labelEditor', { target: pick.target, scope });
const cancelled = actorDone('labelEditor', undefined as SavedText | undefined);
const toggle = { type: 'editMode.toggle' } as const;
const pickTitle = { type: 'text.pick', pick } as const;
const events = [toggle, pickTitle, saved, cancelled] satisfies WalkEvent<typeof editModeMachine>[];

const editModeSwitch = () => screen.getByRole('checkbox', { name: /Edit mode/ });
const title = () => screen.getByRole('heading', { level: 1 });

/** Settles the open dialog as the walk's done event says: read, then cancel, or change and save. */
async function finishDialog(harness: Harness, result: 'saved' | 'cancelled') {
  const { calls } = harness;
  await waitFor(() => {
    expect(calls.read.waiting()).toBe(1);
  });
  act(() => {
    calls.read.resolve({ kind: 'label', value: 'Dashboard', version: 2, choices: providerEditChoices });
  });
  if (result === 'cancelled') {
    await userEvent.click(await screen.findByRole('button', { name: /Cancel/ }));
  } else {
    const value = await screen.findByRole('textbox', { name: /Text \(plain or HTML/ });
    await userEvent.clear(value);
    await userEvent.click(value);
    await userEvent.paste('Overview');
    await userEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(calls.save.calls.at(-1)).toMatchObject({ draft: { kind: 'label', value: 'Overview' }, version: 2 });
    act(() => {
      calls.save.resolve(undefined);
    });
    expect(stripMarks((await screen.findByTestId('snackbar')).textContent)).toContain('Text saved.');
  }
  await waitFor(() => {
    expect(screen.queryByTestId('edit-text-dialog')).toBeNull();
  });
}

describeWalks(editModeMachine, {
  title: 'edit mode model walk (admin-and-board §4, through the real dashboard)',
  events,
  scenarios: [
    {
      input: editModeInput(),
      // States are told apart by value: which text was picked last is not something the page shows.
      serializeState: (s) => JSON.stringify(s.value),
      // What shortest paths skip: finishing a dialog (saved, cancelled), picking again, turning off after an edit.
      journeys: [
        [toggle, pickTitle, saved, toggle],
        [toggle, pickTitle, cancelled, pickTitle, saved],
      ],
    },
  ],
  start: () => renderDashboard(profile({ isAulAdmin: true, role: 'admin' })),
  describeEvent: (event) => ('output' in event ? (event.output ? 'saved' : 'cancelled') : undefined),
  // The first walk loads the dashboard's chunks in jsdom; the bound only keeps a stuck walk from hanging.
  timeout: 30_000,
  states: {
    off: async () => {
      expect(editModeSwitch()).not.toBeChecked();
      await waitFor(() => {
        expect(document.querySelector('[data-edit-key]')).toBeNull();
      });
      expect(title().textContent).toBe('Dashboard');
    },
    'on.browsing': async () => {
      expect(editModeSwitch()).toBeChecked();
      await waitFor(() => {
        expect(title()).toHaveAttribute('data-edit-key', 'Dashboard_Text_Title');
        expect(stripMarks(title().textContent)).toBe('Dashboard');
        expect(screen.queryByTestId('edit-text-dialog')).toBeNull();
      });
    },
    'on.editing': async () => {
      const dialog = await screen.findByTestId('edit-text-dialog');
      expect(dialog).toHaveTextContent('Dashboard_Text_Title');
    },
  },
  executors: {
    'editMode.toggle': async () => {
      await userEvent.click(editModeSwitch());
    },
    'text.pick': async () => {
      await userEvent.click(title());
    },
    [doneEventType('labelEditor')]: ({ event }, harness) => finishDialog(harness, event.output ? 'saved' : 'cancelled'),
    'page.changed': notWalked('sent by the root on every address: tests/unit/machines/edit-mode.test.ts specifies it'),
  },
});
