import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { applicationDialogMachine } from '@machines/application-dialog/application-dialog.machine';
import {
  selectCanSave,
  selectReadOnly,
  selectShownProblems,
} from '@machines/application-dialog/application-dialog.selectors';
import type { Application, ApplicationCreate, ApplicationUpdate, Region } from '@contracts/admin/applications';
import { ApiError } from '@contracts/failures';
import { applicationRow, regions } from '../../support/admin-fixtures';
import { doneEvent, errorEvent } from '../../support/controlled-actor';
import { recordingNotifications } from '../../support/recording-ref';

const { ref: notifications } = recordingNotifications();
type Snapshot = ReturnType<typeof initialTransition<typeof applicationDialogMachine>>[0];

const opened = (row = undefined as ReturnType<typeof applicationRow> | undefined): Snapshot => {
  const [loading] = initialTransition(applicationDialogMachine, { row, notifications });
  return transition(applicationDialogMachine, loading, doneEvent('loadRegions', regions))[0];
};
const type = (s: Snapshot, field: string, value: string): Snapshot =>
  transition(applicationDialogMachine, s, { type: 'field.changed', field: field as never, value })[0];
const filled = (): Snapshot =>
  [
    ['applicationName', 'Claims Portal'],
    ['applicationLink', 'https://claims.example.test/{userName}'],
    ['regionId', regions[1]!.id],
    ['iconIdentifier', 'file-text'],
  ].reduce((s, [field, value]) => type(s, field!, value!), opened());

const conflict = (code: string, message: string) => new ApiError({ status: 409, code, message, requestId: 'q' });

describe('application dialog (admin-and-board §2, §4, §5, §8)', () => {
  it('opens in create mode without a row: regions first, then an empty form whose Save is off', () => {
    const [loading] = initialTransition(applicationDialogMachine, { row: undefined, notifications });
    expect(loading.value).toBe('loadingRegions');
    const s = opened();
    expect(s.value).toBe('editing');
    expect(s.context.regions).toEqual(regions);
    expect(selectCanSave(s)).toBe(false);
    // Nothing is shown in red before the person touches an input.
    expect(selectShownProblems(s)).toEqual([]);
  });

  it('enables Save once the contract accepts the form, and shows problems only on touched inputs', () => {
    const s = filled();
    expect(selectCanSave(s)).toBe(true);
    const broken = type(s, 'applicationLink', 'not a link');
    expect(selectCanSave(broken)).toBe(false);
    expect(selectShownProblems(broken)).toEqual(['applicationLink']);
    expect(selectCanSave(type(broken, 'alias', 'has spaces'))).toBe(false);
  });

  it('on update keeps the name read-only, and the alias read-only once it has a value', () => {
    const withAlias = opened(applicationRow());
    expect(selectReadOnly(withAlias)).toMatchObject({ applicationName: true, alias: true, applicationLink: false });
    expect(type(withAlias, 'applicationName', 'Renamed').context.draft.applicationName).toBe('Benefits Center');
    expect(type(withAlias, 'alias', 'other').context.draft.alias).toBe('benefits');
    const withoutAlias = opened(applicationRow({ alias: null }));
    expect(selectReadOnly(withoutAlias)).toMatchObject({ applicationName: true, alias: false });
    expect(type(withoutAlias, 'alias', 'benefits-2').context.draft.alias).toBe('benefits-2');
    expect(selectCanSave(withAlias)).toBe(true);
  });

  it('creates without a row and updates with one, naming the version read', () => {
    const [creating] = transition(applicationDialogMachine, filled(), { type: 'dialog.save' });
    expect(creating.value).toBe('creating');
    const [updating] = transition(applicationDialogMachine, opened(applicationRow()), { type: 'dialog.save' });
    expect(updating.value).toBe('updating');
  });

  it('ends with the saved entity, or with nothing when closed', () => {
    const [creating] = transition(applicationDialogMachine, filled(), { type: 'dialog.save' });
    const saved = applicationRow({ applicationName: 'Claims Portal' });
    const [done] = transition(applicationDialogMachine, creating, doneEvent('createApplication', saved));
    expect(done.status).toBe('done');
    expect(done.output).toEqual(saved);
    const [closed] = transition(applicationDialogMachine, filled(), { type: 'dialog.close' });
    expect(closed.status).toBe('done');
    expect(closed.output).toBeUndefined();
    // A save under way cannot be closed away.
    expect(transition(applicationDialogMachine, creating, { type: 'dialog.close' })[0].value).toBe('creating');
  });

  it('a stale update says so in the dialog and Save stays off: nothing can be overwritten', () => {
    const [updating] = transition(applicationDialogMachine, opened(applicationRow()), { type: 'dialog.save' });
    const [stale] = transition(
      applicationDialogMachine,
      updating,
      errorEvent('updateApplication', conflict('stale_update', 'Someone else changed this resource.')),
    );
    expect(stale.value).toBe('editing');
    expect(stale.context.conflict).toEqual({ id: 'Application_Text_Stale' });
    expect(selectCanSave(stale)).toBe(false);
    expect(selectCanSave(type(stale, 'applicationLink', 'https://new.example.test'))).toBe(false);
  });

  it('a taken name is shown with the server message and clears when the person edits', () => {
    const [creating] = transition(applicationDialogMachine, filled(), { type: 'dialog.save' });
    const [taken] = transition(
      applicationDialogMachine,
      creating,
      errorEvent('createApplication', conflict('conflict', 'Another record already has this name.')),
    );
    expect(taken.context.conflict).toEqual({ raw: 'Another record already has this name.' });
    expect(selectCanSave(taken)).toBe(true);
    expect(type(taken, 'applicationName', 'Claims Portal 2').context.conflict).toBeUndefined();
  });

  it('other failures go back to editing with the draft kept', () => {
    const [creating] = transition(applicationDialogMachine, filled(), { type: 'dialog.save' });
    const error = new ApiError({ status: 500, code: 'internal', message: 'Internal server error', requestId: 'q' });
    const [back] = transition(applicationDialogMachine, creating, errorEvent('createApplication', error));
    expect(back.value).toBe('editing');
    expect(back.context.draft.applicationName).toBe('Claims Portal');
    expect(back.context.conflict).toBeUndefined();
  });

  it('without regions it still opens, so the person can close it', () => {
    const [loading] = initialTransition(applicationDialogMachine, { row: undefined, notifications });
    const [s] = transition(applicationDialogMachine, loading, errorEvent('loadRegions', new Error('offline')));
    expect(s.value).toBe('editing');
    expect(s.context.regions).toEqual([]);
  });
});

describe('application dialog failures reach the notifications singleton (§8)', () => {
  const failing = <TInput>(message: string) =>
    fromPromise<Application, TInput>(() =>
      Promise.reject(new ApiError({ status: 500, code: 'internal', message, requestId: 'q' })),
    );
  it.each([
    { row: undefined, title: 'Application_Text_InsertFailTitle' },
    { row: applicationRow(), title: 'Application_Text_UpdateFailTitle' },
  ])('a failed save shows $title over the server message', async ({ row, title }) => {
    const recorder = recordingNotifications();
    const actor = createActor(
      applicationDialogMachine.provide({
        actors: {
          loadRegions: fromPromise<Region[], undefined>(() => Promise.resolve(regions)),
          createApplication: failing<ApplicationCreate>('Database unavailable'),
          updateApplication: failing<{ id: string; body: ApplicationUpdate }>('Database unavailable'),
        },
      }),
      { input: { row, notifications: recorder.ref } },
    ).start();
    await waitFor(actor, (s) => s.matches('editing'));
    if (!row) {
      actor.send({ type: 'field.changed', field: 'applicationName', value: 'Claims Portal' });
      actor.send({ type: 'field.changed', field: 'applicationLink', value: 'https://claims.example.test' });
      actor.send({ type: 'field.changed', field: 'regionId', value: regions[0]!.id });
      actor.send({ type: 'field.changed', field: 'iconIdentifier', value: 'file-text' });
    }
    actor.send({ type: 'dialog.save' });
    await waitFor(actor, (s) => s.matches('editing') && recorder.received.length > 0);
    expect(recorder.received).toEqual([
      {
        type: 'snackbar.show',
        snackbar: { type: 'error', title: { id: title }, message: { raw: 'Database unavailable' } },
      },
    ]);
  });
});
