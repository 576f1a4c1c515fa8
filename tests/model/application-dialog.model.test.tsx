/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
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
import { catalogueText } from '../support/catalogue-text';
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
/** Someone saved the record after it was read: the dialog offers their version or mine. */
const stale = new ApiError({
  status: 409,
  code: 'stale_update',
  message: 'The record was changed by someone else.',
  requestId: 'q2',
});
const en = (id: string) => catalogueText('en-us', id);

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
const conflictEvents = [{ type: 'reload' as const }, { type: 'keepMine' as const }, { type: 'cancel' as const }];
const loaded: ApplicationLoaded = { regions, record: undefined };
const regionsLoaded = actorDone('load', loaded);
const created = actorDone('save', saved);
const refused = actorError('save', taken);
const staleSave = actorError('save', stale);

type Walked =
  | (typeof editingEvents)[number]
  | (typeof conflictEvents)[number]
  | typeof regionsLoaded
  | typeof created
  /** A refused and a stale save: one type, two errors. */
  | typeof refused;

/** The events each state can meet: an actor's answer only while it runs, the person's input only while editing. */
const eventsOf = (s: DialogSnapshot): Walked[] =>
  s.matches('loading')
    ? [regionsLoaded, { type: 'cancel' as const }]
    : s.matches('editing')
      ? editingEvents
      : s.matches('saving')
        ? [created, refused, staleSave]
        : s.matches('conflict')
          ? conflictEvents
          : s.matches('overwriting')
            ? [regionsLoaded]
            : [];

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
            : [
                s.value,
                invalidFields(s.context.draft.values, undefined),
                // Which inputs were touched, not in which order: the order shows nowhere on screen.
                [...s.context.draft.touched].sort(),
                s.context.problem !== undefined,
              ],
        ),
    },
  ],
  start: renderDialog,
  describeEvent: (event) =>
    event.type === 'edit'
      ? `${event.changes.field}=${event.changes.value}`
      : 'error' in event && event.error instanceof ApiError
        ? event.error.code
        : undefined,
  // Long paths type several inputs key by key; the bound only keeps a stuck walk from hanging (not a speed check).
  timeout: 30_000,
  states: {
    offline: notWalked(
      'a read with no answer (issue 29 §3) is the editor pattern’s: walked in tests/model/profile-form.model',
    ),
    loading: async () => {
      expect(await screen.findByRole('heading', { name: 'Add application' })).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Save' })).toBeDisabled();
    },
    editing: async (s) => {
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
    saving: async (_s, h) => {
      await waitFor(() => {
        expect(saveButton()).toBeDisabled();
      });
      expect(h.createApplication.waiting()).toBe(1);
    },
    conflict: async () => {
      // The stale text, its two ways out, and no plain Save.
      expect(await screen.findByRole('alert')).toHaveTextContent(en('Application_Text_Stale'));
      expect(screen.getByRole('button', { name: en('Global_Button_ReloadTheirs') })).toBeEnabled();
      expect(screen.getByRole('button', { name: en('Global_Button_KeepMine') })).toBeEnabled();
      expect(saveButton()).toBeDisabled();
    },
    overwriting: async (_s, h) => {
      // "Keep mine" reads the record's current version first, then saves over it.
      await waitFor(() => {
        expect(saveButton()).toBeDisabled();
      });
      expect(h.loadRegions.waiting()).toBe(1);
    },
    failed: notWalked('a failed regions load falls back to editing with an empty region list (onLoadFailure)'),
    unauthorised: notWalked("a 401 goes to the host's one 401 policy; pinned in the editor pattern's specs"),
    saved: (_s, h) => {
      expect(h.actor.getSnapshot().output).toEqual(saved);
    },
    cancelled: (_s, h) => {
      expect(h.actor.getSnapshot().status).toBe('done');
      expect(h.actor.getSnapshot().output).toBeUndefined();
    },
  },
  executors: {
    [doneEventType('load')]: (_step, h) => {
      act(() => {
        h.loadRegions.resolve(loaded);
      });
    },
    edit: async ({ event }) => {
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
    reload: async () => {
      await userEvent.click(screen.getByRole('button', { name: en('Global_Button_ReloadTheirs') }));
    },
    keepMine: async () => {
      await userEvent.click(screen.getByRole('button', { name: en('Global_Button_KeepMine') }));
    },
    [doneEventType('save')]: (_step, h) => {
      act(() => {
        h.createApplication.resolve(saved);
      });
    },
    [errorEventType('save')]: ({ event }, h) => {
      act(() => {
        h.createApplication.reject(event.error);
      });
    },
  },
});
