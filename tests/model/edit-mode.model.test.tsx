import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { matchesState, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { editModeMachine, type EditModeEvent, type TextPick } from '@machines/edit-mode/edit-mode.machine';
import { stripMarks } from '@src/i18n/edit-markers';
import { doneEvent, doneEventType, isStartEvent } from '../support/controlled-actor';
import { profile } from '../support/profiles';
import { renderDashboard } from './dashboard.harness';

type EditModeSnapshot = SnapshotFrom<typeof editModeMachine>;
type Harness = ReturnType<typeof renderDashboard>;

/** The text the walk clicks: the dashboard's own title, marked like every other text while Edit Mode is on. */
const pick: TextPick = {
  target: { kind: 'label', key: 'Dashboard_Text_Title' },
  scope: { culture: 'en-us', clientId: null },
  pageClientId: null,
  shownText: 'Dashboard',
};
const saved = doneEvent('labelEditor', { result: 'saved', target: pick.target, scope: pick.scope }) as EditModeEvent;
const cancelled = doneEvent('labelEditor', {
  result: 'cancelled',
  target: pick.target,
  scope: pick.scope,
}) as EditModeEvent;
const toggle: EditModeEvent = { type: 'editMode.toggle' };
const pickTitle: EditModeEvent = { type: 'text.pick', pick };

const model = new TestModel(editModeMachine, { stateMatcher: (s, key) => matchesState(key, s.value) });
// States are told apart by value: which text was picked last is not something the page shows.
const serializeState = (s: EditModeSnapshot) => JSON.stringify(s.value);
const shortest = model.getShortestPaths({ events: [toggle, pickTitle, saved, cancelled], serializeState });
/** What shortest paths skip: finishing a dialog (saved, cancelled), picking again, turning off after an edit. */
const journeys = [
  [toggle, pickTitle, saved, toggle],
  [toggle, pickTitle, cancelled, pickTitle, saved],
].flatMap((events) => model.getPathsFromEvents(events, { serializeState }));
const paths = [...shortest, ...journeys];

const editModeSwitch = () => screen.getByRole('checkbox', { name: /Edit mode/ });
const title = () => screen.getByRole('heading', { level: 1 });

const states = () => ({
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
});

/** Settles the open dialog as the walk's done event says: read, then cancel, or change and save. */
async function finishDialog(harness: Harness, result: string) {
  const { calls } = harness;
  await waitFor(() => {
    expect(calls.read.waiting()).toBe(1);
  });
  act(() => {
    calls.read.resolve({ kind: 'label', value: 'Dashboard', version: 2 });
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
      calls.save.resolve({ ok: true });
    });
    expect(stripMarks((await screen.findByTestId('snackbar')).textContent)).toContain('Text saved.');
  }
  await waitFor(() => {
    expect(screen.queryByTestId('edit-text-dialog')).toBeNull();
  });
}

const executors = (harness: Harness) => ({
  'editMode.toggle': async () => {
    await userEvent.click(editModeSwitch());
  },
  'text.pick': async () => {
    await userEvent.click(title());
  },
  [doneEventType('labelEditor')]: (step: { event: { output?: unknown } }) =>
    finishDialog(harness, (step.event.output as { result: string }).result),
});

const describePath = (path: (typeof paths)[number]) =>
  path.steps
    .filter(({ event }) => !isStartEvent(event.type))
    .map(({ event }) =>
      event.type === doneEventType('labelEditor')
        ? (event as unknown as { output: { result: string } }).output.result
        : event.type,
    )
    .join(', ') + ` → ${JSON.stringify(path.state.value)}`;

describe('edit mode model walk (admin-and-board §4, through the real dashboard)', () => {
  it.each(paths.map((path) => ({ title: describePath(path), path })))('$title', async ({ path }) => {
    expect.hasAssertions();
    const harness = renderDashboard(profile({ isAulAdmin: true, role: 'admin' }));
    await path.test({ states: states(), events: executors(harness) });
  });

  it('reaches every state it asserts, and asserts every state it reaches', () => {
    const reached = new Set(
      paths.flatMap((path) => [path.state, ...path.steps.map((step) => step.state)]).map((s) => serializeState(s)),
    );
    const asserted = Object.keys(states()).map((key) =>
      JSON.stringify(key.includes('.') ? { [key.split('.')[0] ?? '']: key.split('.')[1] } : key),
    );
    expect([...reached].sort()).toEqual(asserted.sort());
  });
});
