import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type SnapshotFrom } from 'xstate';
import { clientDialogMachine } from '@machines/client-dialog/client-dialog.machine';
import { selectApplicationRows, selectCanSave, selectIsOpen } from '@machines/client-dialog/client-dialog.selectors';
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
/** What the machine sends the notifications singleton on this event, if anything. */
const reported = (s: Snapshot, event: Event) =>
  (
    transition(clientDialogMachine, s, event)[1].find((action) => action.type === 'xstate.sendTo')?.params as
      { event: unknown } | undefined
  )?.event;

const newClientForm = {
  type: 'client.edit',
  changes: { name: 'Globex', portalAlias: 'globex', oktaPrefix: 'GLOBEX', cmsClientId: ids.siteAcme },
} as const;
const globex = acme({ id: ids.newClient, name: 'Globex', portalAlias: 'globex', oktaPrefix: 'GLOBEX', version: 1 });

const newDialog = () =>
  run(initialTransition(clientDialogMachine, opened(undefined))[0], doneEvent('loadCmsSites', cmsSites));
const existingDialog = () =>
  run(
    initialTransition(clientDialogMachine, opened(acme()))[0],
    doneEvent('loadCmsSites', cmsSites),
    doneEvent('loadApplications', acmeApplications()),
  );

describe('client dialog: opening (admin-and-board §2)', () => {
  it('a new client loads the CMS sites only, and waits for its first save', () => {
    const [loading] = initialTransition(clientDialogMachine, opened(undefined));
    expect(loading.value).toBe('loadingSites');
    const editing = step(loading, doneEvent('loadCmsSites', cmsSites));
    expect(editing.value).toBe('editing');
    expect(editing.context.sites).toEqual(cmsSites);
    expect(editing.context.client).toBeUndefined();
    expect(selectApplicationRows(editing)).toBeUndefined();
  });

  it('an existing client also loads its applications', () => {
    const [loading] = initialTransition(clientDialogMachine, opened(acme()));
    const sitesLoaded = step(loading, doneEvent('loadCmsSites', cmsSites));
    expect(sitesLoaded.value).toBe('loadingApplications');
    const editing = step(sitesLoaded, doneEvent('loadApplications', acmeApplications()));
    expect(editing.value).toBe('editing');
    expect(editing.context.form).toMatchObject({ name: 'Acme Health', portalAlias: 'acme', oktaPrefix: 'ACME' });
  });

  it('a failed site list is reported and the dialog still opens', () => {
    const [loading] = initialTransition(clientDialogMachine, opened(acme()));
    const failure = apiError(500, 'internal', 'boom');
    expect(step(loading, errorEvent('loadCmsSites', failure)).value).toBe('loadingApplications');
    expect(reported(loading, errorEvent('loadCmsSites', failure))).toMatchObject({
      type: 'snackbar.show',
      snackbar: { title: label('Global_Text_FailTitle'), message: raw('boom') },
    });
  });
});

describe('client dialog: Save is disabled while invalid (contract schemas)', () => {
  it('needs a name, an alias and a 2–20 character Okta prefix', () => {
    const empty = newDialog();
    expect(selectCanSave(empty)).toBe(false);
    expect(step(empty, { type: 'client.save' }).value).toBe('editing');
    const filled = step(empty, newClientForm);
    expect(selectCanSave(filled)).toBe(true);
    const badPrefix = step(filled, { type: 'client.edit', changes: { oktaPrefix: 'G' } });
    expect(selectCanSave(badPrefix)).toBe(false);
    const badAlias = step(filled, { type: 'client.edit', changes: { portalAlias: 'has space' } });
    expect(selectCanSave(badAlias)).toBe(false);
  });
});

describe('client dialog: save-then-activate, new client (admin-and-board §4)', () => {
  it('POST Client, then stays open with the id, loads the applications and drops the warning', () => {
    const filled = step(newDialog(), newClientForm);
    const creating = step(filled, { type: 'client.save' });
    expect(creating.value).toBe('creating');
    expect(creating.hasTag('busy')).toBe(true);
    const created = step(creating, doneEvent('createClient', { id: ids.newClient, object: globex }));
    expect(created.value).toBe('loadingApplications');
    expect(selectIsOpen(created)).toBe(true);
    expect(created.context.client?.id).toBe(ids.newClient);
    expect(created.context.changed).toBe(true);
    const loaded = step(created, doneEvent('loadApplications', freshApplications(ids.newClient)));
    expect(loaded.value).toBe('editing');
    expect(selectApplicationRows(loaded)?.map((row) => row.active)).toEqual([false, false, false]);
  });

  it('the second Save of the now saved client is an update followed by activation', () => {
    const saved = run(
      step(newDialog(), newClientForm),
      { type: 'client.save' },
      doneEvent('createClient', { id: ids.newClient, object: globex }),
      doneEvent('loadApplications', freshApplications(ids.newClient)),
      { type: 'application.toggle', applicationId: ids.claims, active: true },
    );
    const updating = step(saved, { type: 'client.save' });
    expect(updating.value).toBe('updating');
    const activating = step(updating, doneEvent('updateClient', { ...globex, version: 2 }));
    expect(activating.value).toBe('activating');
    expect(selectIsOpen(activating)).toBe(false);
  });

  it('a refused create (alias taken) keeps the dialog and its input, with the server message', () => {
    const creating = run(newDialog(), newClientForm, { type: 'client.save' });
    const failure = aliasTaken();
    const back = step(creating, errorEvent('createClient', failure));
    expect(back.value).toBe('editing');
    expect(back.context.form.portalAlias).toBe('globex');
    expect(back.context.client).toBeUndefined();
    expect(reported(creating, errorEvent('createClient', failure))).toEqual({
      type: 'snackbar.show',
      snackbar: { type: 'error', title: label('Global_Text_FailTitle'), message: raw(failure.message) },
    });
  });
});

describe('client dialog: save-then-activate, existing client (admin-and-board §4)', () => {
  const toggled = () =>
    run(
      existingDialog(),
      { type: 'client.edit', changes: { name: 'Acme Health Plans' } },
      { type: 'application.toggle', applicationId: ids.claims, active: true },
      { type: 'application.toggle', applicationId: ids.wellness, active: false },
    );

  it('PUT Client with the version read and the saved alias', () => {
    const updating = step(toggled(), { type: 'client.save' });
    expect(updating.value).toBe('updating');
    const [, actions] = transition(clientDialogMachine, toggled(), { type: 'client.save' });
    expect(actions.find((action) => action.type === 'xstate.spawnChild')).toMatchObject({
      params: {
        src: 'updateClient',
        input: { id: ids.acme, body: { name: 'Acme Health Plans', portalAlias: 'acme', version: 3 } },
      },
    });
  });

  it('closes the dialog, then PUTs the full list of applications with their flags and versions', () => {
    const updating = step(toggled(), { type: 'client.save' });
    const [activating, actions] = transition(
      clientDialogMachine,
      updating,
      doneEvent('updateClient', acme({ name: 'Acme Health Plans', version: 4 })),
    );
    expect(activating.value).toBe('activating');
    expect(selectIsOpen(activating)).toBe(false);
    expect(actions.find((action) => action.type === 'xstate.spawnChild')).toMatchObject({
      params: {
        src: 'saveActivation',
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
      },
    });
    const done = step(activating, doneEvent('saveActivation', undefined));
    expect(done.status).toBe('done');
    expect(done.output).toEqual(acme({ name: 'Acme Health Plans', version: 4 }));
  });

  it('a failed activation is an error snackbar titled Global_Text_FailTitle; the dialog stays closed', () => {
    const activating = run(toggled(), { type: 'client.save' }, doneEvent('updateClient', acme({ version: 4 })));
    const failure = apiError(409, 'stale_update', 'Claims Portal was changed by someone else.');
    const done = step(activating, errorEvent('saveActivation', failure));
    expect(done.status).toBe('done');
    expect(reported(activating, errorEvent('saveActivation', failure))).toEqual({
      type: 'snackbar.show',
      snackbar: { type: 'error', title: label('Global_Text_FailTitle'), message: raw(failure.message) },
    });
  });

  it('a stale update says so and keeps every input, the toggles included', () => {
    const updating = step(toggled(), { type: 'client.save' });
    const stale = step(updating, errorEvent('updateClient', staleUpdate()));
    expect(stale.value).toBe('editing');
    expect(stale.context.problem).toBe('stale_update');
    expect(stale.context.form.name).toBe('Acme Health Plans');
    expect(selectApplicationRows(stale)?.map((row) => row.active)).toEqual([true, true, false]);
    expect(reported(updating, errorEvent('updateClient', staleUpdate()))).toBeUndefined();
  });

  it('other update failures are reported and keep the dialog open', () => {
    const updating = step(toggled(), { type: 'client.save' });
    const failure = apiError(500, 'internal', 'Internal server error');
    expect(step(updating, errorEvent('updateClient', failure)).value).toBe('editing');
    expect(reported(updating, errorEvent('updateClient', failure))).toMatchObject({
      type: 'snackbar.show',
      snackbar: { type: 'error', message: raw('Internal server error') },
    });
  });

  it('without a loaded application list, an update saves the client and leaves activation alone', () => {
    const [loading] = initialTransition(clientDialogMachine, opened(acme()));
    const noApps = run(
      loading,
      doneEvent('loadCmsSites', cmsSites),
      errorEvent('loadApplications', new TypeError('x')),
    );
    const updating = step(noApps, { type: 'client.save' });
    const done = step(updating, doneEvent('updateClient', acme({ version: 4 })));
    expect(done.value).toBe('saved');
  });

  it('the portal alias sent is the saved one, whatever the input holds', () => {
    const edited = step(existingDialog(), { type: 'client.edit', changes: { portalAlias: 'other' } });
    const [, actions] = transition(clientDialogMachine, edited, { type: 'client.save' });
    expect(actions.find((action) => action.type === 'xstate.spawnChild')).toMatchObject({
      params: { input: { body: { portalAlias: 'acme' } } },
    });
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
    expect(step(existingDialog(), { type: 'template.edit', applicationId: ids.wellness }).value).toBe('editing');
  });

  it('opens the client-application dialog and takes the saved record back, version included', () => {
    const opened = step(existingDialog(), { type: 'template.edit', applicationId: ids.benefits });
    expect(opened.value).toBe('editingTemplate');
    expect(selectCanSave(opened)).toBe(false);
    const saved = benefitsTemplate({ templateId: ids.agentTemplate, oktaContainer: 'acme-agents', version: 3 });
    const back = step(opened, doneEvent('clientApplicationDialog', saved));
    expect(back.value).toBe('editing');
    expect(back.context.applications?.[0]).toMatchObject({
      templateId: ids.agentTemplate,
      oktaContainer: 'acme-agents',
      version: 3,
    });
  });

  it('a template dialog closed without saving changes nothing', () => {
    const opened = step(existingDialog(), { type: 'template.edit', applicationId: ids.benefits });
    const back = step(opened, doneEvent('clientApplicationDialog', undefined));
    expect(back.context.applications).toEqual(acmeApplications());
  });
});

describe('client dialog: cancel', () => {
  it('closes without an entity, or with the client created before (the grid reloads)', () => {
    expect(step(newDialog(), { type: 'dialog.cancel' }).output).toBeUndefined();
    const created = run(
      newDialog(),
      newClientForm,
      { type: 'client.save' },
      doneEvent('createClient', { id: ids.newClient, object: globex }),
      doneEvent('loadApplications', freshApplications(ids.newClient)),
    );
    expect(step(created, { type: 'dialog.cancel' }).output).toEqual(globex);
  });

  it('is refused while a save is in flight', () => {
    const creating = run(newDialog(), newClientForm, { type: 'client.save' });
    expect(step(creating, { type: 'dialog.cancel' }).value).toBe('creating');
  });
});

describe('failure notices (admin-and-board §8)', () => {
  it('401 and 403 keep the general rules: the modal and the sign-out', () => {
    const denied = apiError(403, 'forbidden', 'Forbidden');
    expect(failureNotice(denied, label('Global_Text_FailTitle')).type).toBe('error.report');
  });
});
