import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type SnapshotFrom } from 'xstate';
import { clientApplicationDialogMachine } from '@machines/client-application-dialog/client-application-dialog.machine';
import {
  selectCanSave,
  selectTemplates,
} from '@machines/client-application-dialog/client-application-dialog.selectors';
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
  run(opening(), doneEvent('loadTemplates', templates), doneEvent('loadRecord', record));

describe('client-application dialog (admin-and-board §2)', () => {
  it('loads the templates, then GET ClientApplicationTemplate/{id}', () => {
    expect(opening().value).toBe('loadingTemplates');
    const templatesLoaded = step(opening(), doneEvent('loadTemplates', templates));
    expect(templatesLoaded.value).toBe('loadingRecord');
    expect(spawned(opening(), doneEvent('loadTemplates', templates))).toMatchObject({
      src: 'loadRecord',
      input: { id: ids.acmeBenefits },
    });
    expect(editing().context.form).toEqual({
      templateId: ids.memberTemplate,
      oktaContainerLabel: 'Benefits',
      oktaContainer: 'acme-benefits',
      rolesApiUrl: '',
    });
  });

  it('never offers a Default template', () => {
    expect(selectTemplates(editing()).map((t) => t.name)).toEqual(['Member form', 'Agent form']);
  });

  it('a record on the Default template starts with no choice, and Save waits for one', () => {
    const onDefault = editing(benefitsTemplate({ templateId: ids.defaultTemplate }));
    expect(onDefault.context.form.templateId).toBeNull();
    expect(selectCanSave(onDefault)).toBe(false);
    const chosen = step(onDefault, { type: 'template.edit', changes: { templateId: ids.agentTemplate } });
    expect(selectCanSave(chosen)).toBe(true);
  });

  it('Save is disabled while a text is too long', () => {
    const tooLong = step(editing(), { type: 'template.edit', changes: { oktaContainer: 'x'.repeat(201) } });
    expect(selectCanSave(tooLong)).toBe(false);
  });

  it('PUTs the full record with the version read and closes with it', () => {
    const edited = step(editing(), { type: 'template.edit', changes: { rolesApiUrl: 'https://roles.test/acme' } });
    expect(spawned(edited, { type: 'template.save' })).toMatchObject({
      src: 'saveRecord',
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
    const done = run(edited, { type: 'template.save' }, doneEvent('saveRecord', saved));
    expect(done.status).toBe('done');
    expect(done.output).toEqual({ saved });
  });

  it('a failed save keeps the input and shows the server message titled Global_Text_FailTitle', () => {
    const saving = run(
      editing(),
      { type: 'template.edit', changes: { oktaContainer: 'kept' } },
      { type: 'template.save' },
    );
    const failure = apiError(400, 'validation_failed', 'templateId: a Default template cannot be chosen');
    const back = step(saving, errorEvent('saveRecord', failure));
    expect(back.value).toBe('editing');
    expect(back.context.form.oktaContainer).toBe('kept');
    expect(reported(saving, errorEvent('saveRecord', failure))).toEqual({
      type: 'snackbar.show',
      snackbar: { type: 'error', title: label('Global_Text_FailTitle'), message: raw(failure.message) },
    });
  });

  it('a stale save says so in the dialog and keeps the input', () => {
    const saving = run(
      editing(),
      { type: 'template.edit', changes: { oktaContainer: 'kept' } },
      { type: 'template.save' },
    );
    const back = step(saving, errorEvent('saveRecord', staleUpdate()));
    expect(back.context.problem).toBe('stale_update');
    expect(back.context.form.oktaContainer).toBe('kept');
    expect(reported(saving, errorEvent('saveRecord', staleUpdate()))).toBeUndefined();
  });

  it('a failed load is reported and closes the dialog without a record', () => {
    const failure = apiError(404, 'not_found', 'Resource not found');
    const closed = step(opening(), errorEvent('loadTemplates', failure));
    expect(closed.status).toBe('done');
    expect(closed.output).toEqual({ saved: undefined });
    expect(reported(opening(), errorEvent('loadTemplates', failure))).toMatchObject({ type: 'snackbar.show' });
  });

  it('cancel closes without saving, but not while a save is in flight', () => {
    expect(step(editing(), { type: 'dialog.cancel' }).output).toEqual({ saved: undefined });
    const saving = step(editing(), { type: 'template.save' });
    expect(step(saving, { type: 'dialog.cancel' }).value).toBe('saving');
  });
});
