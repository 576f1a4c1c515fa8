import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import {
  applicationDialogMachine,
  type SaveApplicationInput,
} from '@machines/application-dialog/application-dialog.machine';
import {
  selectCanSave,
  selectConflict,
  selectReadOnly,
  selectRegions,
  selectFieldProblems,
  selectShownProblems,
} from '@machines/application-dialog/application-dialog.selectors';
import type { Application } from '@contracts/admin/applications';
import { ApiError } from '@contracts/failures';
import { applicationRow, regions } from '../../support/admin-fixtures';
import { doneEvent, errorEvent } from '../../support/controlled-actor';
import { recordingNotifications } from '../../support/recording-ref';

const { ref: notifications } = recordingNotifications();
type Snapshot = ReturnType<typeof initialTransition<typeof applicationDialogMachine>>[0];

const opened = (row = undefined as ReturnType<typeof applicationRow> | undefined): Snapshot => {
  const [loading] = initialTransition(applicationDialogMachine, { row, notifications });
  return transition(applicationDialogMachine, loading, doneEvent('load', { regions, record: row }))[0];
};
const type = (s: Snapshot, field: string, value: string): Snapshot =>
  transition(applicationDialogMachine, s, { type: 'edit', changes: { field: field as never, value } })[0];
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
    expect(loading.value).toBe('loading');
    const s = opened();
    expect(s.value).toBe('editing');
    expect(selectRegions(s)).toEqual(regions);
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
    expect(selectFieldProblems(broken)).toEqual({ applicationLink: 'invalid' });
    expect(selectFieldProblems(type(broken, 'applicationLink', ' '))).toEqual({ applicationLink: 'required' });
    expect(selectCanSave(type(broken, 'alias', 'has spaces'))).toBe(false);
  });

  it('on update keeps the name read-only, and the alias read-only once it has a value', () => {
    const withAlias = opened(applicationRow());
    expect(selectReadOnly(withAlias)).toMatchObject({ applicationName: true, alias: true, applicationLink: false });
    expect(type(withAlias, 'applicationName', 'Renamed').context.draft.values.applicationName).toBe('Benefits Center');
    expect(type(withAlias, 'alias', 'other').context.draft.values.alias).toBe('benefits');
    const withoutAlias = opened(applicationRow({ alias: null }));
    expect(selectReadOnly(withoutAlias)).toMatchObject({ applicationName: true, alias: false });
    expect(type(withoutAlias, 'alias', 'benefits-2').context.draft.values.alias).toBe('benefits-2');
    expect(selectCanSave(withAlias)).toBe(true);
  });

  it('creates without a row and updates with one, naming the version read', () => {
    const spawned = (s: Snapshot) =>
      transition(applicationDialogMachine, s, { type: 'save' })[1].find((a) => a.type === 'xstate.spawnChild')
        ?.params as { input: unknown } | undefined;
    expect(spawned(filled())?.input).toMatchObject({ id: undefined, body: { applicationName: 'Claims Portal' } });
    expect(spawned(opened(applicationRow()))?.input).toMatchObject({
      id: applicationRow().applicationId,
      body: { version: applicationRow().version },
    });
  });

  it('ends with the saved entity, or with nothing when closed', () => {
    const [creating] = transition(applicationDialogMachine, filled(), { type: 'save' });
    const saved = applicationRow({ applicationName: 'Claims Portal' });
    const [done] = transition(applicationDialogMachine, creating, doneEvent('save', saved));
    expect(done.status).toBe('done');
    expect(done.output).toEqual(saved);
    const [closed] = transition(applicationDialogMachine, filled(), { type: 'cancel' });
    expect(closed.status).toBe('done');
    expect(closed.output).toBeUndefined();
    // A save under way cannot be closed away.
    expect(transition(applicationDialogMachine, creating, { type: 'cancel' })[0].value).toBe('saving');
  });

  it('a stale update is a conflict: the dialog says so, Save stays off, and reload or keep mine are offered', () => {
    const [updating] = transition(applicationDialogMachine, opened(applicationRow()), { type: 'save' });
    const [stale] = transition(
      applicationDialogMachine,
      updating,
      errorEvent('save', conflict('stale_update', 'Someone else changed this resource.')),
    );
    expect(stale.value).toBe('conflict');
    expect(selectConflict(stale)).toEqual({ id: 'Application_Text_Stale' });
    expect(stale.can({ type: 'reload' })).toBe(true);
    expect(stale.can({ type: 'keepMine' })).toBe(true);
    expect(selectCanSave(stale)).toBe(false);
    expect(selectCanSave(type(stale, 'applicationLink', 'https://new.example.test'))).toBe(false);
  });

  it('a taken name is shown with the server message and clears when the person edits', () => {
    const [creating] = transition(applicationDialogMachine, filled(), { type: 'save' });
    const [taken] = transition(
      applicationDialogMachine,
      creating,
      errorEvent('save', conflict('conflict', 'Another record already has this name.')),
    );
    expect(selectConflict(taken)).toEqual({ raw: 'Another record already has this name.' });
    expect(selectCanSave(taken)).toBe(true);
    expect(type(taken, 'applicationName', 'Claims Portal 2').context.problem).toBeUndefined();
  });

  it('other failures go back to editing with the draft kept', () => {
    const [creating] = transition(applicationDialogMachine, filled(), { type: 'save' });
    const error = new ApiError({ status: 500, code: 'internal', message: 'Internal server error', requestId: 'q' });
    const [back] = transition(applicationDialogMachine, creating, errorEvent('save', error));
    expect(back.value).toBe('editing');
    expect(back.context.draft.values.applicationName).toBe('Claims Portal');
    expect(selectConflict(back)).toBeUndefined();
  });

  it('without regions it still opens, so the person can close it', () => {
    const [loading] = initialTransition(applicationDialogMachine, { row: undefined, notifications });
    const [s] = transition(applicationDialogMachine, loading, errorEvent('load', new Error('offline')));
    expect(s.value).toBe('editing');
    expect(selectRegions(s)).toEqual([]);
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
          load: fromPromise(() => Promise.resolve({ regions, record: row })),
          save: failing<SaveApplicationInput>('Database unavailable'),
        },
      }),
      { input: { row, notifications: recorder.ref } },
    ).start();
    await waitFor(actor, (s) => s.matches('editing'));
    if (!row) {
      actor.send({ type: 'edit', changes: { field: 'applicationName', value: 'Claims Portal' } });
      actor.send({ type: 'edit', changes: { field: 'applicationLink', value: 'https://claims.example.test' } });
      actor.send({ type: 'edit', changes: { field: 'regionId', value: regions[0]!.id } });
      actor.send({ type: 'edit', changes: { field: 'iconIdentifier', value: 'file-text' } });
    }
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.matches('editing') && recorder.received.length > 0);
    expect(recorder.received).toEqual([
      {
        type: 'snackbar.show',
        snackbar: { type: 'error', title: { id: title }, message: { raw: 'Database unavailable' } },
      },
    ]);
  });
});
