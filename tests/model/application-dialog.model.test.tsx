/* eslint-disable vitest/no-standalone-expect -- the states map runs inside each walk's test (path.test) */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, matchesState, type SnapshotFrom } from 'xstate';
import { getShortestPaths, TestModel } from 'xstate/graph';
import { invalidFields, type ApplicationField } from '@machines/application-dialog/application-draft';
import {
  applicationDialogMachine,
  type ApplicationLoaded,
  type SaveApplicationInput,
} from '@machines/application-dialog/application-dialog.machine';
import { ApplicationDialog } from '@src/admin/applications/ApplicationDialog';
import type { Application } from '@contracts/admin/applications';
import { ApiError } from '@contracts/failures';
import { applicationRow, regions } from '../support/admin-fixtures';
import {
  createControlledActor,
  doneEvent,
  doneEventType,
  errorEvent,
  errorEventType,
  isStartEvent,
} from '../support/controlled-actor';
import { recordingNotifications } from '../support/recording-ref';
import { iconList, renderAdminView } from '../support/render-admin';

type DialogSnapshot = SnapshotFrom<typeof applicationDialogMachine>;

const saved = applicationRow({ applicationName: 'Claims Portal', alias: null });
const taken = new ApiError({
  status: 409,
  code: 'conflict',
  message: 'Another record already has this name.',
  requestId: 'q1',
});

/** What the person types or picks; the link twice, once broken, so Save is seen to switch off again. */
const edits: { field: ApplicationField; value: string }[] = [
  { field: 'applicationName', value: 'Claims Portal' },
  { field: 'applicationLink', value: 'https://claims.example.test/start' },
  { field: 'applicationLink', value: 'not a link' },
  { field: 'regionId', value: regions[1]!.id },
  { field: 'iconIdentifier', value: 'file-text' },
];

const editingEvents = [
  ...edits.map((edit) => ({ type: 'edit' as const, changes: edit })),
  { type: 'save' as const },
  { type: 'cancel' as const },
];

/** The events each state can meet: an actor's answer only while it runs, the person's input only while editing. */
const eventsOf = (s: DialogSnapshot) =>
  s.matches('loading')
    ? [doneEvent('load', { regions, record: undefined }), { type: 'cancel' as const }]
    : s.matches('editing')
      ? editingEvents
      : s.matches('saving')
        ? [doneEvent('save', saved), errorEvent('save', taken)]
        : [];

const model = new TestModel(applicationDialogMachine, { stateMatcher: (s, key) => matchesState(key, s.value) });
const paths = model.getPaths(getShortestPaths, {
  input: { row: undefined, notifications: recordingNotifications().ref },
  events: eventsOf as never,
  // States that differ only in the typed text look the same to the person: what matters is which inputs are
  // refused and whether a conflict shows.
  serializeState: (s) =>
    JSON.stringify(
      s.status === 'done'
        ? [s.value]
        : [
            s.value,
            invalidFields(s.context.draft.values, undefined),
            s.context.draft.touched,
            s.context.problem !== undefined,
          ],
    ),
});

function renderDialog() {
  const loadRegions = createControlledActor<ApplicationLoaded, unknown>();
  const createApplication = createControlledActor<Application, SaveApplicationInput>();
  const actor = createActor(
    applicationDialogMachine.provide({
      actors: { load: loadRegions.logic as never, save: createApplication.logic },
    }),
    { input: { row: undefined, notifications: recordingNotifications().ref } },
  ).start();
  renderAdminView(<ApplicationDialog dialogRef={actor} icons={iconList} />);
  return { actor, loadRegions, createApplication };
}
type Harness = ReturnType<typeof renderDialog>;

const labelOf: Record<ApplicationField, RegExp> = {
  applicationName: /Application name/,
  applicationLink: /Application link/,
  defaultRoleValue: /Default role/,
  alias: /Alias/,
  regionId: /Region/,
  iconIdentifier: /Icon/,
};
const saveButton = () => screen.getByRole('button', { name: 'Save' });

const states = (h: Harness) => ({
  loading: async () => {
    expect(await screen.findByRole('heading', { name: 'Add application' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Save' })).toBeDisabled();
  },
  editing: async (s: DialogSnapshot) => {
    const invalid = invalidFields(s.context.draft.values, undefined);
    const ready = invalid.length === 0;
    await waitFor(() => {
      if (ready) expect(saveButton()).toBeEnabled();
      else expect(saveButton()).toBeDisabled();
    });
    // Each input the person changed and the contract refuses says so; untouched ones stay quiet.
    const shown = invalid.filter((field) => s.context.draft.touched.includes(field));
    await waitFor(() => {
      expect(screen.queryAllByText(/^(This field is required\.|Please check this value\.)$/)).toHaveLength(
        shown.length,
      );
    });
    if (s.context.problem) {
      expect(await screen.findByRole('alert')).toHaveTextContent('Another record already has this name.');
    } else {
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    }
  },
  saving: async () => {
    await waitFor(() => {
      expect(saveButton()).toBeDisabled();
    });
    expect(h.createApplication.waiting()).toBe(1);
  },
  saved: () => {
    expect(h.actor.getSnapshot().output).toEqual(saved);
  },
  cancelled: () => {
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.actor.getSnapshot().output).toBeUndefined();
  },
});

const executors = (h: Harness) => ({
  [doneEventType('load')]: () => {
    act(() => {
      h.loadRegions.resolve({ regions, record: undefined });
    });
    return Promise.resolve();
  },
  edit: async ({ event }: { event: { changes: { field: ApplicationField; value: string } } }) => {
    const { field, value } = event.changes;
    const input = screen.getByLabelText(labelOf[field]);
    if (field === 'regionId' || field === 'iconIdentifier') {
      await userEvent.selectOptions(input, value);
    } else {
      await userEvent.clear(input);
      await userEvent.type(input, value);
    }
  },
  save: async () => {
    await userEvent.click(saveButton());
  },
  cancel: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  },
  [doneEventType('save')]: () => {
    act(() => {
      h.createApplication.resolve(saved);
    });
    return Promise.resolve();
  },
  [errorEventType('save')]: () => {
    act(() => {
      h.createApplication.reject(taken);
    });
    return Promise.resolve();
  },
});

const describeStep = (event: { type: string; changes?: { field: string; value: string } }) =>
  event.changes ? `${event.changes.field}=${event.changes.value}` : event.type.replace(/^xstate\./, '');

describe('application dialog walk, create mode (admin-and-board §2, §4, §5, through the real dialog)', () => {
  it.each(
    paths.map((path) => ({
      title:
        path.steps
          .filter(({ event }) => !isStartEvent(event.type))
          .map(({ event }) => describeStep(event))
          .join(', ') + ` → ${JSON.stringify(path.state.value)}`,
      path,
    })),
  )(
    '$title',
    async ({ path }) => {
      expect.hasAssertions();
      const harness = renderDialog();
      await path.test({ states: states(harness), events: executors(harness) as never });
    },
    // Long paths type several inputs key by key; the bound only keeps a stuck walk from hanging (not a speed check).
    30_000,
  );

  it('reaches every state it asserts, and asserts every state it reaches', () => {
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))));
    expect([...reached].sort()).toEqual(
      Object.keys(states({} as Harness))
        .map((key) => JSON.stringify(key))
        .sort(),
    );
  });
});
