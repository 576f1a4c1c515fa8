import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type SnapshotFrom } from 'xstate';
import type { ClientChange } from '@machines/client-dialog/client-draft';
import { clientDialogMachine } from '@machines/client-dialog/client-dialog.machine';
import type { ClientLoaded } from '@machines/client-dialog/client-dialog.types';
import {
  selectApplicationRows,
  selectCanSave,
  selectClient,
  selectIsOpen,
  selectIsStale,
  selectIsUnsaved,
  selectSites,
  selectTemplateDialogRef,
} from '@machines/client-dialog/client-dialog.selectors';
import { failureNotice } from '@machines/admin-grid/failure-notice';
import { label, raw } from '@machines/support/text';
import { doneEvent, errorEvent } from '../../support/controlled-actor';
import { recordingNotifications } from '../../support/recording-ref';
import {
  acme,
  acmeApplications,
  aliasTaken,
  apiError,
  benefitsTemplate,
  cmsSites,
  freshApplications,
  ids,
  staleUpdate,
} from '../../support/client-fixtures';

type Snapshot = SnapshotFrom<typeof clientDialogMachine>;
const { ref: notifications } = recordingNotifications();
const opened = (row: ReturnType<typeof acme> | undefined) => ({ row, notifications });
type Event = Parameters<typeof transition<typeof clientDialogMachine>>[2];

const step = (s: Snapshot, event: Event) => transition(clientDialogMachine, s, event)[0];
const run = (s: Snapshot, ...events: Event[]) => events.reduce(step, s);
/** What the machine sends the notifications port on this event, if anything. */
const reported = (s: Snapshot, event: Event) =>
  (
    transition(clientDialogMachine, s, event)[1].find((action) => action.type === 'xstate.sendTo')?.params as
      { event: unknown } | undefined
  )?.event;
/** The call the machine starts on this event: its actor and what it sends. */
const spawned = (s: Snapshot, event: Event) =>
  transition(clientDialogMachine, s, event)[1].find((action) => action.type === 'xstate.spawnChild')?.params;

const edit = (changes: ClientChange) => ({ type: 'edit', changes }) as const;
const newClientForm = edit({
  kind: 'client',
  form: { name: 'Globex', portalAlias: 'globex', oktaPrefix: 'GLOBEX', cmsClientId: ids.siteAcme },
});
const toggle = (applicationId: string, active: boolean) => edit({ kind: 'application', applicationId, active });
const save = { type: 'save' } as const;
const globex = acme({ id: ids.newClient, name: 'Globex', portalAlias: 'globex', oktaPrefix: 'GLOBEX', version: 1 });

const read = (loaded: Partial<ClientLoaded>): ClientLoaded => ({
  sites: cmsSites,
  client: undefined,
  applications: undefined,
  ...loaded,
});
const newDialog = () => step(initialTransition(clientDialogMachine, opened(undefined))[0], doneEvent('load', read({})));
const existingDialog = () =>
  step(
    initialTransition(clientDialogMachine, opened(acme()))[0],
    doneEvent('load', read({ client: acme(), applications: acmeApplications() })),
  );
/** A new client saved once: the dialog stays open on it and its applications are read. */
const createdDialog = () =>
  run(
    newDialog(),
    newClientForm,
    save,
    doneEvent('save', globex),
    doneEvent('load', read({ client: globex, applications: freshApplications(ids.newClient) })),
  );

describe('client dialog: opening (admin-and-board §2)', () => {
  it('a new client reads the CMS sites only, and waits for its first save', () => {
    const [loading] = initialTransition(clientDialogMachine, opened(undefined));
    expect(loading.hasTag('loading')).toBe(true);
    expect(spawned(loading, { type: 'cancel' })).toBeUndefined();
    const editing = step(loading, doneEvent('load', read({})));
    expect(editing.hasTag('editing')).toBe(true);
    expect(selectSites(editing)).toEqual(cmsSites);
    expect(selectIsUnsaved(editing)).toBe(true);
    expect(selectApplicationRows(editing)).toBeUndefined();
  });

  it('an existing client is edited from the row, with its applications', () => {
    const editing = existingDialog();
    expect(editing.context.draft.form).toMatchObject({ name: 'Acme Health', portalAlias: 'acme', oktaPrefix: 'ACME' });
    expect(selectApplicationRows(editing)?.map((row) => row.active)).toEqual([true, false, true]);
  });

  it('a failed read is reported and the dialog still opens: no sites, applications unknown', () => {
    const [loading] = initialTransition(clientDialogMachine, opened(acme()));
    const failure = apiError(500, 'internal', 'boom');
    const editing = step(loading, errorEvent('load', failure));
    expect(editing.hasTag('editing')).toBe(true);
    expect(selectClient(editing)).toEqual(acme());
    expect(selectSites(editing)).toEqual([]);
    expect(selectApplicationRows(editing)).toBeUndefined();
    expect(reported(loading, errorEvent('load', failure))).toMatchObject({
      type: 'snackbar.show',
      snackbar: { title: label('Global_Text_FailTitle'), message: raw('boom') },
    });
  });
});

describe('client dialog: Save is disabled while invalid (contract schemas)', () => {
  it('needs a name, an alias and a 2–20 character Okta prefix', () => {
    const empty = newDialog();
    expect(selectCanSave(empty)).toBe(false);
    expect(step(empty, save).hasTag('editing')).toBe(true);
    const filled = step(empty, newClientForm);
    expect(selectCanSave(filled)).toBe(true);
    const badPrefix = step(filled, edit({ kind: 'client', form: { oktaPrefix: 'G' } }));
    expect(selectCanSave(badPrefix)).toBe(false);
    const badAlias = step(filled, edit({ kind: 'client', form: { portalAlias: 'has space' } }));
    expect(selectCanSave(badAlias)).toBe(false);
  });
});

describe('client dialog: save-then-activate, new client (admin-and-board §4)', () => {
  it('POST Client, then stays open with the id, reads again and drops the warning', () => {
    const filled = step(newDialog(), newClientForm);
    expect(spawned(filled, save)).toMatchObject({
      src: 'save',
      input: { id: undefined, body: { name: 'Globex', portalAlias: 'globex', oktaPrefix: 'GLOBEX' } },
    });
    const saving = step(filled, save);
    expect(saving.hasTag('saving')).toBe(true);
    const [reading, actions] = transition(clientDialogMachine, saving, doneEvent('save', globex));
    expect(reading.hasTag('loading')).toBe(true);
    expect(selectIsOpen(reading)).toBe(true);
    expect(selectClient(reading)?.id).toBe(ids.newClient);
    expect(selectIsUnsaved(reading)).toBe(false);
    // The read again starts from the new client, so its applications can be read.
    expect(actions.find((action) => action.type === 'xstate.spawnChild')?.params).toMatchObject({
      src: 'load',
      input: { loaded: { client: globex, sites: cmsSites } },
    });
    const loaded = step(
      reading,
      doneEvent('load', read({ client: globex, applications: freshApplications(globex.id) })),
    );
    expect(loaded.hasTag('editing')).toBe(true);
    expect(selectApplicationRows(loaded)?.map((row) => row.active)).toEqual([false, false, false]);
  });

  it('the second Save of the now saved client is an update followed by activation', () => {
    const toggled = step(createdDialog(), toggle(ids.claims, true));
    expect(spawned(toggled, save)).toMatchObject({ src: 'save', input: { id: ids.newClient } });
    const saving = step(toggled, save);
    const activating = step(saving, doneEvent('save', { ...globex, version: 2 }));
    expect(activating.hasTag('closed')).toBe(true);
    expect(selectIsOpen(activating)).toBe(false);
  });

  it('a refused create (alias taken) keeps the dialog and its input, with the server message', () => {
    const saving = run(newDialog(), newClientForm, save);
    const failure = aliasTaken();
    const back = step(saving, errorEvent('save', failure));
    expect(back.hasTag('editing')).toBe(true);
    expect(back.context.draft.form.portalAlias).toBe('globex');
    expect(selectIsUnsaved(back)).toBe(true);
    expect(reported(saving, errorEvent('save', failure))).toEqual({
      type: 'snackbar.show',
      snackbar: { type: 'error', title: label('Global_Text_FailTitle'), message: raw(failure.message) },
    });
  });

  it('a failed read after the create keeps the new client: the next Save is an update, not a second POST', () => {
    const reading = run(newDialog(), newClientForm, save, doneEvent('save', globex));
    const failure = apiError(500, 'internal', 'boom');
    const back = step(reading, errorEvent('load', failure));
    expect(back.hasTag('editing')).toBe(true);
    expect(selectClient(back)).toEqual(globex);
    expect(selectApplicationRows(back)).toBeUndefined();
    expect(reported(reading, errorEvent('load', failure))).toMatchObject({ type: 'snackbar.show' });
    expect(spawned(back, save)).toMatchObject({ src: 'save', input: { id: ids.newClient } });
    // With the list unknown, the update leaves the activation alone.
    expect(run(back, save, doneEvent('save', globex)).value).toBe('saved');
  });
});

describe('client dialog: save-then-activate, existing client (admin-and-board §4)', () => {
  const toggled = () =>
    run(
      existingDialog(),
      edit({ kind: 'client', form: { name: 'Acme Health Plans' } }),
      toggle(ids.claims, true),
      toggle(ids.wellness, false),
    );

  it('PUT Client with the version read and the saved alias', () => {
    expect(spawned(toggled(), save)).toMatchObject({
      src: 'save',
      input: { id: ids.acme, body: { name: 'Acme Health Plans', portalAlias: 'acme', version: 3 } },
    });
  });

  it('closes the dialog, then PUTs the full list of applications with their flags and versions', () => {
    const saving = step(toggled(), save);
    const updated = acme({ name: 'Acme Health Plans', version: 4 });
    expect(spawned(saving, doneEvent('save', updated))).toMatchObject({
      src: 'followUp',
      input: {
        clientId: ids.acme,
        body: {
          applications: [
            { applicationId: ids.benefits, active: true, version: 2 },
            { applicationId: ids.claims, active: true, version: null },
            { applicationId: ids.wellness, active: false, version: 1 },
          ],
        },
      },
    });
    const activating = step(saving, doneEvent('save', updated));
    expect(selectIsOpen(activating)).toBe(false);
    const done = step(activating, doneEvent('followUp', undefined));
    expect(done.status).toBe('done');
    expect(done.output).toEqual(updated);
  });

  it('a failed activation is an error snackbar titled Global_Text_FailTitle; the dialog stays closed', () => {
    const activating = run(toggled(), save, doneEvent('save', acme({ version: 4 })));
    const failure = apiError(409, 'stale_update', 'Claims Portal was changed by someone else.');
    const done = step(activating, errorEvent('followUp', failure));
    expect(done.status).toBe('done');
    expect(done.output).toEqual(acme({ version: 4 }));
    expect(reported(activating, errorEvent('followUp', failure))).toEqual({
      type: 'snackbar.show',
      snackbar: { type: 'error', title: label('Global_Text_FailTitle'), message: raw(failure.message) },
    });
  });

  it('a stale update is a conflict: every input is kept, the toggles included, and nothing is reported', () => {
    const saving = step(toggled(), save);
    const stale = step(saving, errorEvent('save', staleUpdate()));
    expect(selectIsStale(stale)).toBe(true);
    expect(selectCanSave(stale)).toBe(false);
    expect(stale.context.draft.form.name).toBe('Acme Health Plans');
    expect(selectApplicationRows(stale)?.map((row) => row.active)).toEqual([true, true, false]);
    expect(reported(saving, errorEvent('save', staleUpdate()))).toBeUndefined();
  });

  it('a conflict resolved with "reload theirs" reads the client again and drops the draft', () => {
    const stale = run(toggled(), save, errorEvent('save', staleUpdate()));
    const reading = step(stale, { type: 'reload' });
    expect(reading.hasTag('loading')).toBe(true);
    const theirs = acme({ name: 'Acme Health Group', version: 5 });
    const back = step(reading, doneEvent('load', read({ client: theirs, applications: acmeApplications() })));
    expect(back.context.draft.form.name).toBe('Acme Health Group');
    expect(selectApplicationRows(back)?.map((row) => row.active)).toEqual([true, false, true]);
    expect(spawned(back, save)).toMatchObject({ input: { body: { version: 5 } } });
  });

  it('a conflict resolved with "keep mine" saves the draft over the current version, then activates', () => {
    const stale = run(toggled(), save, errorEvent('save', staleUpdate()));
    const overwriting = step(stale, { type: 'keepMine' });
    expect(overwriting.hasTag('saving')).toBe(true);
    const current = read({ client: acme({ name: 'Acme Health Group', version: 5 }), applications: acmeApplications() });
    expect(spawned(overwriting, doneEvent('load', current))).toMatchObject({
      src: 'save',
      input: { id: ids.acme, body: { name: 'Acme Health Plans', version: 5 } },
    });
    const saving = step(overwriting, doneEvent('load', current));
    expect(step(saving, doneEvent('save', acme({ name: 'Acme Health Plans', version: 6 }))).hasTag('closed')).toBe(
      true,
    );
  });

  it('other update failures are reported and keep the dialog open', () => {
    const saving = step(toggled(), save);
    const failure = apiError(500, 'internal', 'Internal server error');
    expect(step(saving, errorEvent('save', failure)).hasTag('editing')).toBe(true);
    expect(reported(saving, errorEvent('save', failure))).toMatchObject({
      type: 'snackbar.show',
      snackbar: { type: 'error', message: raw('Internal server error') },
    });
  });

  it('a 401 ends the dialog with nothing saved and hands the error to the one 401 policy', () => {
    const saving = step(toggled(), save);
    const lost = apiError(401, 'unauthorized', 'Signed out');
    const ended = step(saving, errorEvent('save', lost));
    expect(ended.value).toBe('unauthorised');
    expect(ended.output).toBeUndefined();
    expect(reported(saving, errorEvent('save', lost))).toEqual({ type: 'error.report', error: lost, action: 'editor' });
  });

  it('without a known application list, an update saves the client and leaves activation alone', () => {
    const [loading] = initialTransition(clientDialogMachine, opened(acme()));
    const noApps = step(loading, errorEvent('load', new TypeError('x')));
    const saving = step(noApps, save);
    expect(step(saving, doneEvent('save', acme({ version: 4 }))).value).toBe('saved');
    // A toggle needs a known list.
    expect(step(noApps, toggle(ids.claims, true)).context.draft.active).toEqual({});
  });

  it('the portal alias sent is the saved one, whatever the input holds', () => {
    const edited = step(existingDialog(), edit({ kind: 'client', form: { portalAlias: 'other' } }));
    expect(spawned(edited, save)).toMatchObject({ input: { body: { portalAlias: 'acme' } } });
  });
});

describe('client dialog: the edit-template button', () => {
  it('is shown for active applications and enabled only with a template id', () => {
    const rows = selectApplicationRows(existingDialog()) ?? [];
    expect(rows.map((row) => [row.applicationName, row.hasTemplateButton, row.canEditTemplate])).toEqual([
      ['Benefits Center', true, true],
      ['Claims Portal', false, false],
      ['Wellness Hub', true, false],
    ]);
    expect(step(existingDialog(), { type: 'open', key: ids.wellness }).value).toBe('editing');
    // Unticked in the draft, the button goes with the flag.
    const unticked = step(existingDialog(), toggle(ids.benefits, false));
    expect(selectApplicationRows(unticked)?.[0]).toMatchObject({ hasTemplateButton: false, canEditTemplate: false });
  });

  it('opens the client-application dialog and takes the saved record back, version included', () => {
    const nested = step(existingDialog(), { type: 'open', key: ids.benefits });
    expect(nested.value).toBe('nested');
    expect(selectCanSave(nested)).toBe(false);
    expect(spawned(existingDialog(), { type: 'open', key: ids.benefits })).toMatchObject({
      src: 'nested',
      input: { clientApplicationId: ids.acmeBenefits, applicationName: 'Benefits Center' },
    });
    const saved = benefitsTemplate({ templateId: ids.agentTemplate, oktaContainer: 'acme-agents', version: 3 });
    const back = step(nested, doneEvent('nested', saved));
    expect(back.hasTag('editing')).toBe(true);
    expect(back.context.loaded?.applications?.[0]).toMatchObject({
      templateId: ids.agentTemplate,
      oktaContainer: 'acme-agents',
      version: 3,
    });
    // The later activation sends the version the template save left.
    const saving = step(back, save);
    expect(spawned(saving, doneEvent('save', acme({ version: 4 })))).toMatchObject({
      input: { body: { applications: [{ applicationId: ids.benefits, version: 3 }, {}, {}] } },
    });
  });

  it('a template dialog closed without saving changes nothing', () => {
    const nested = step(existingDialog(), { type: 'open', key: ids.benefits });
    const back = step(nested, doneEvent('nested', undefined));
    expect(back.context.loaded?.applications).toEqual(acmeApplications());
    expect(selectTemplateDialogRef(back)).toBeUndefined();
  });
});

describe('client dialog: cancel', () => {
  it('closes without an entity, or with the client created before (the grid reloads)', () => {
    expect(step(newDialog(), { type: 'cancel' }).output).toBeUndefined();
    expect(step(createdDialog(), { type: 'cancel' }).output).toEqual(globex);
  });

  it('is refused while a save is in flight', () => {
    const saving = run(newDialog(), newClientForm, save);
    expect(step(saving, { type: 'cancel' }).hasTag('saving')).toBe(true);
  });
});

describe('failure notices (admin-and-board §8)', () => {
  it('403 keeps the general rules: the error catalogue (the modal and the sign-out)', () => {
    const denied = apiError(403, 'forbidden', 'Forbidden');
    expect(failureNotice(denied, label('Global_Text_FailTitle')).type).toBe('error.report');
  });
});
