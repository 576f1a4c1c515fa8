/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { ApplicationField } from '@machines/application-dialog/application-draft';
import { applicationDialogMachine } from '@machines/application-dialog/application-dialog.machine';
import { ApplicationDialog } from '@src/admin/applications/ApplicationDialog';
import type { Application, ApplicationCreate, ApplicationUpdate, Region } from '@contracts/admin/applications';
import { ApiError } from '@contracts/failures';
import { applicationRow, regions } from '../support/admin-fixtures';
import {
  actorDone,
  actorError,
  createControlledActor,
  doneEventType,
  errorEventType,
} from '../support/controlled-actor';
import { recordingNotifications } from '../support/recording-ref';
import { iconList, renderAdminView } from '../support/render-admin';
import { describeWalks, notWalked } from '../support/walk';

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
  ...edits.map((edit) => ({ type: 'field.changed' as const, ...edit })),
  { type: 'dialog.save' as const },
  { type: 'dialog.close' as const },
];
const regionsLoaded = actorDone('loadRegions', regions);
const created = actorDone('createApplication', saved);
const refused = actorError('createApplication', taken);

type Walked = (typeof editingEvents)[number] | typeof regionsLoaded | typeof created | typeof refused;

/** The events each state can meet: an actor's answer only while it runs, the person's input only while editing. */
const eventsOf = (s: DialogSnapshot): Walked[] =>
  s.matches('loadingRegions')
    ? [regionsLoaded, { type: 'dialog.close' as const }]
    : s.matches('editing')
      ? editingEvents
      : s.matches('creating')
        ? [created, refused]
        : [];

function renderDialog() {
  const loadRegions = createControlledActor<Region[], undefined>();
  const createApplication = createControlledActor<Application, ApplicationCreate>();
  const updateApplication = createControlledActor<Application, { id: string; body: ApplicationUpdate }>();
  const actor = createActor(
    applicationDialogMachine.provide({
      actors: {
        loadRegions: loadRegions.logic,
        createApplication: createApplication.logic,
        updateApplication: updateApplication.logic,
      },
    }),
    { input: { row: undefined, notifications: recordingNotifications().ref } },
  ).start();
  renderAdminView(<ApplicationDialog dialogRef={actor} icons={iconList} />);
  return { actor, loadRegions, createApplication };
}

const labelOf: Record<ApplicationField, RegExp> = {
  applicationName: /Application name/,
  applicationLink: /Application link/,
  defaultRoleValue: /Default role/,
  alias: /Alias/,
  regionId: /Region/,
  iconIdentifier: /Icon/,
};
const saveButton = () => screen.getByRole('button', { name: 'Save' });

describeWalks(applicationDialogMachine, {
  title: 'application dialog walk, create mode (admin-and-board §2, §4, §5, through the real dialog)',
  events: eventsOf,
  scenarios: [
    {
      input: { row: undefined, notifications: recordingNotifications().ref },
      // States that differ only in the typed text look the same to the person: what matters is which inputs are
      // refused and whether a conflict shows.
      serializeState: (s) =>
        JSON.stringify(
          s.status === 'done'
            ? [s.value]
            : [s.value, s.context.invalid, s.context.touched, s.context.conflict !== undefined],
        ),
    },
  ],
  start: renderDialog,
  describeEvent: (event) => (event.type === 'field.changed' ? `${event.field}=${event.value}` : undefined),
  // Long paths type several inputs key by key; the bound only keeps a stuck walk from hanging (not a speed check).
  timeout: 30_000,
  states: {
    loadingRegions: async () => {
      expect(await screen.findByRole('heading', { name: 'Add application' })).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Save' })).toBeDisabled();
    },
    editing: async (s) => {
      const ready = s.context.invalid.length === 0;
      await waitFor(() => {
        if (ready) expect(saveButton()).toBeEnabled();
        else expect(saveButton()).toBeDisabled();
      });
      // Each input the person changed and the contract refuses says so; untouched ones stay quiet.
      const shown = s.context.invalid.filter((field) => s.context.touched.includes(field));
      await waitFor(() => {
        expect(screen.queryAllByText(/^(This field is required\.|Please check this value\.)$/)).toHaveLength(
          shown.length,
        );
      });
      if (s.context.conflict) {
        expect(await screen.findByRole('alert')).toHaveTextContent('Another record already has this name.');
      } else {
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      }
    },
    creating: async (_s, h) => {
      await waitFor(() => {
        expect(saveButton()).toBeDisabled();
      });
      expect(h.createApplication.waiting()).toBe(1);
    },
    updating: notWalked('edit mode: this walk creates; updating is pinned in the dialog transition specs'),
    saved: (_s, h) => {
      expect(h.actor.getSnapshot().output).toEqual(saved);
    },
    closed: (_s, h) => {
      expect(h.actor.getSnapshot().status).toBe('done');
      expect(h.actor.getSnapshot().output).toBeUndefined();
    },
  },
  executors: {
    [doneEventType('loadRegions')]: (_step, h) => {
      act(() => {
        h.loadRegions.resolve(regions);
      });
    },
    'field.changed': async ({ event }) => {
      const input = screen.getByLabelText(labelOf[event.field]);
      if (event.field === 'regionId' || event.field === 'iconIdentifier') {
        await userEvent.selectOptions(input, event.value);
      } else {
        await userEvent.clear(input);
        await userEvent.type(input, event.value);
      }
    },
    'dialog.save': async () => {
      await userEvent.click(saveButton());
    },
    'dialog.close': async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    },
    [doneEventType('createApplication')]: (_step, h) => {
      act(() => {
        h.createApplication.resolve(saved);
      });
    },
    [errorEventType('createApplication')]: (_step, h) => {
      act(() => {
        h.createApplication.reject(taken);
      });
    },
  },
});
