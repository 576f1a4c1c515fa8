import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type SnapshotFrom } from 'xstate';
import { clientApplicationDialogMachine } from '@machines/client-application-dialog/client-application-dialog.machine';
import {
  selectCanSave,
  selectIsStale,
  selectRoleOptions,
  selectTemplates,
} from '@machines/client-application-dialog/client-application-dialog.selectors';
import { offeredTemplates, toggledExclusions } from '@machines/client-application-dialog/template-draft';
import { label, raw } from '@machines/support/text';
import { doneEvent, errorEvent } from '../../support/controlled-actor';
import { recordingNotifications } from '../../support/recording-ref';
import { apiError, benefitsTemplate, ids, staleUpdate, templates } from '../../support/client-fixtures';

type Snapshot = SnapshotFrom<typeof clientApplicationDialogMachine>;
type Event = Parameters<typeof transition<typeof clientApplicationDialogMachine>>[2];

const step = (s: Snapshot, event: Event) => transition(clientApplicationDialogMachine, s, event)[0];
const run = (s: Snapshot, ...events: Event[]) => events.reduce(step, s);
const reported = (s: Snapshot, event: Event) =>
  (
    transition(clientApplicationDialogMachine, s, event)[1].find((action) => action.type === 'xstate.sendTo')
      ?.params as { event: unknown } | undefined
  )?.event;
const spawned = (s: Snapshot, event: Event) =>
  transition(clientApplicationDialogMachine, s, event)[1].find((action) => action.type === 'xstate.spawnChild')?.params;

const input = {
  clientApplicationId: ids.acmeBenefits,
  applicationName: 'Benefits Center',
  notifications: recordingNotifications().ref,
};
const opening = () => initialTransition(clientApplicationDialogMachine, input)[0];
const editing = (record = benefitsTemplate()) =>
  step(opening(), doneEvent('load', { templates: offeredTemplates(templates), record }));

describe('client-application dialog (admin-and-board §2)', () => {
  it('loads the templates, then GET ClientApplicationTemplate/{id}', () => {
    expect(opening().hasTag('loading')).toBe(true);
    expect(opening().children.load).toBeDefined();
    expect(editing().context.draft).toEqual({
      templateId: ids.memberTemplate,
      oktaContainerLabel: 'Benefits',
      oktaContainer: 'acme-benefits',
      rolesApiUrl: '',
      excludedRoles: [],
    });
  });

  it('offers the application’s roles for exclusion and PUTs the ones ticked, in the options’ order', () => {
    const record = benefitsTemplate({ excludedRoles: ['Agent'] });
    const open = editing(record);
    expect(selectRoleOptions(open)).toEqual(['Member', 'Agent', 'Administrator']);
    expect(open.context.draft.excludedRoles).toEqual(['Agent']);
    const ticked = step(open, {
      type: 'edit',
      changes: { excludedRoles: toggledExclusions(['Agent'], selectRoleOptions(open), 'Administrator', true) },
    });
    const unticked = step(ticked, {
      type: 'edit',
      changes: {
        excludedRoles: toggledExclusions(ticked.context.draft.excludedRoles, selectRoleOptions(open), 'Agent', false),
      },
    });
    expect(ticked.context.draft.excludedRoles).toEqual(['Agent', 'Administrator']);
    expect(spawned(unticked, { type: 'save' })).toMatchObject({
      src: 'save',
      input: { id: ids.acmeBenefits, body: { excludedRoles: ['Administrator'], version: 2 } },
    });
  });

  it('never offers a Default template', () => {
    expect(selectTemplates(editing()).map((t) => t.name)).toEqual(['Member form', 'Agent form']);
  });

  it('a record on the Default template starts with no choice, and Save waits for one', () => {
    const onDefault = editing(benefitsTemplate({ templateId: ids.defaultTemplate }));
    expect(onDefault.context.draft.templateId).toBeNull();
    expect(selectCanSave(onDefault)).toBe(false);
    const chosen = step(onDefault, { type: 'edit', changes: { templateId: ids.agentTemplate } });
    expect(selectCanSave(chosen)).toBe(true);
  });

  it('Save is disabled while a text is too long', () => {
    const tooLong = step(editing(), { type: 'edit', changes: { oktaContainer: 'x'.repeat(201) } });
    expect(selectCanSave(tooLong)).toBe(false);
  });

  it('PUTs the full record with the version read and closes with it', () => {
    const edited = step(editing(), { type: 'edit', changes: { rolesApiUrl: 'https://roles.test/acme' } });
    expect(spawned(edited, { type: 'save' })).toMatchObject({
      src: 'save',
      input: {
        id: ids.acmeBenefits,
        body: {
          templateId: ids.memberTemplate,
          oktaContainerLabel: 'Benefits',
          oktaContainer: 'acme-benefits',
          rolesApiUrl: 'https://roles.test/acme',
          version: 2,
        },
      },
    });
    const saved = benefitsTemplate({ rolesApiUrl: 'https://roles.test/acme', version: 3 });
    const done = run(edited, { type: 'save' }, doneEvent('save', saved));
    expect(done.status).toBe('done');
    expect(done.output).toEqual(saved);
  });

  it('a failed save keeps the input and shows the server message titled Global_Text_FailTitle', () => {
    const saving = run(editing(), { type: 'edit', changes: { oktaContainer: 'kept' } }, { type: 'save' });
    const failure = apiError(400, 'validation_failed', 'templateId: a Default template cannot be chosen');
    const back = step(saving, errorEvent('save', failure));
    expect(back.value).toBe('editing');
    expect(back.context.draft.oktaContainer).toBe('kept');
    expect(reported(saving, errorEvent('save', failure))).toEqual({
      type: 'snackbar.show',
      snackbar: { type: 'error', title: label('Global_Text_FailTitle'), message: raw(failure.message) },
    });
  });

  it('a stale save is a conflict: the input is kept and nothing is reported', () => {
    const saving = run(editing(), { type: 'edit', changes: { oktaContainer: 'kept' } }, { type: 'save' });
    const back = step(saving, errorEvent('save', staleUpdate()));
    expect(back.value).toBe('conflict');
    expect(selectIsStale(back)).toBe(true);
    expect(back.context.draft.oktaContainer).toBe('kept');
    expect(reported(saving, errorEvent('save', staleUpdate()))).toBeUndefined();
  });

  it('a failed load is reported and closes the dialog without a record', () => {
    const failure = apiError(404, 'not_found', 'Resource not found');
    const closed = step(opening(), errorEvent('load', failure));
    expect(closed.status).toBe('done');
    expect(closed.output).toBeUndefined();
    expect(reported(opening(), errorEvent('load', failure))).toMatchObject({ type: 'snackbar.show' });
  });

  it('cancel closes without saving, but not while a save is in flight', () => {
    expect(step(editing(), { type: 'cancel' }).status).toBe('done');
    expect(step(editing(), { type: 'cancel' }).output).toBeUndefined();
    const saving = step(editing(), { type: 'save' });
    expect(step(saving, { type: 'cancel' }).value).toBe('saving');
  });

  it('a conflict offers their version (reload) or saving over it (keepMine)', () => {
    const conflict = run(
      editing(),
      { type: 'edit', changes: { oktaContainer: 'mine' } },
      { type: 'save' },
      errorEvent('save', staleUpdate()),
    );
    expect(selectCanSave(conflict)).toBe(false);
    const theirs = benefitsTemplate({ oktaContainer: 'theirs', version: 3 });
    const reloaded = run(
      conflict,
      { type: 'reload' },
      doneEvent('load', { templates: offeredTemplates(templates), record: theirs }),
    );
    expect(reloaded.context.draft.oktaContainer).toBe('theirs');
    const overwriting = step(conflict, { type: 'keepMine' });
    expect(
      spawned(overwriting, doneEvent('load', { templates: offeredTemplates(templates), record: theirs })),
    ).toMatchObject({
      src: 'save',
      input: { body: { oktaContainer: 'mine', version: 3 } },
    });
  });
});
