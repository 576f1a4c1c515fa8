import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise, waitFor } from 'xstate';
import {
  createUserDialogMachine,
  formInputOf,
  type ClientChoice,
  type UserDialogSettings,
} from '@machines/user-dialog/user-dialog.machine';
import type { ProfileFormInput, ProfileResult } from '@machines/profile-form/profile-form.types';
import type { InstanceRecord } from '@contracts/instance';
import type { UserRow } from '@contracts/users';
import { recordingNotifications } from '../../support/recording-ref';

const row: UserRow = {
  id: 'maria',
  clientId: 'acme',
  clientName: 'Acme Health',
  email: 'maria@acme.test',
  login: 'ACME__maria@acme.test',
  firstName: 'María',
  lastName: 'García',
  isAulAdmin: false,
  isClientAdmin: false,
  ssoUser: false,
  version: 3,
};
const record: InstanceRecord = {
  id: 'maria',
  clientId: 'acme',
  clientName: 'Acme Health',
  email: 'maria@acme.test',
  firstName: 'María',
  lastName: 'Gómez',
  culture: 'es',
  ssoUser: false,
  fields: {},
  applicationRoles: [],
  version: 4,
};
const settings = { culture: 'en-us', role: 'clientadmin', ownId: 'clientadmin', clientId: 'acme' } as const;
const providerAdmin = { ...settings, role: 'admin', ownId: 'admin', clientId: 'gatehouse' } as const;
const clients = [
  { id: 'acme', name: 'Acme Health' },
  { id: 'umbrella', name: 'Umbrella Agents' },
];
const { ref: notifications, received } = recordingNotifications();

/** The dialog with a stand-in form (the real one is walked in tests/model/profile-form.model) that ends with `result`. */
function run(
  result: ProfileResult | undefined,
  input: { row: UserRow | undefined },
  { as = settings, loadClients = () => Promise.resolve(clients) }: RunOptions = {},
) {
  const seen: ProfileFormInput[] = [];
  const actor = createActor(
    createUserDialogMachine(as).provide({
      actors: {
        profileForm: fromPromise<ProfileResult | undefined, ProfileFormInput>(({ input: formInput }) => {
          seen.push(formInput);
          return Promise.resolve(result);
        }) as never,
        loadClients: fromPromise(loadClients),
      },
    }),
    { input: { ...input, notifications } },
  ).start();
  return { actor, output: toPromise(actor), seen };
}

type RunOptions = { as?: UserDialogSettings; loadClients?: () => Promise<readonly ClientChoice[]> };

describe('the user dialog (docs/flows/user-dialog.md)', () => {
  it('hosts the profile form on the row’s person in Admin mode, with the modal footer', () => {
    expect(formInputOf(settings, { row, notifications })).toMatchObject({
      mode: 'Admin',
      subject: { kind: 'person', id: 'maria' },
      viewer: { admin: true, role: 'clientadmin' },
      footer: 'modal',
      ownProfile: false,
      captcha: undefined,
    });
    expect(formInputOf(settings, { row: { ...row, id: 'clientadmin' }, notifications }).ownProfile).toBe(true);
  });

  it('hosts the profile form in Agent mode for an agent: the person’s view of the fields, locks by the agent role', async () => {
    const agent = { culture: 'en-us', role: 'agent', ownId: 'dana', clientId: 'umbrella' } as const;
    expect(formInputOf(agent, { row, notifications })).toMatchObject({
      mode: 'Agent',
      subject: { kind: 'person', id: 'maria' },
      viewer: { admin: false, role: 'agent' },
      footer: 'modal',
      ownProfile: false,
    });
    // Through the machine too: the row opens the form at once, in Agent mode, and the save ends the dialog.
    const { output, seen } = run({ kind: 'updated', record }, { row }, { as: agent });
    expect(await output).toEqual(record);
    expect(seen.map((input) => input.mode)).toEqual(['Agent']);
  });

  it('ends with the saved profile, so the grid reads its page again', async () => {
    const { output, seen } = run({ kind: 'updated', record }, { row });
    expect(await output).toEqual(record);
    expect(seen).toHaveLength(1);
  });

  it('ends with nothing when the form is cancelled, so the grid stays as it is', async () => {
    expect(await run(undefined, { row }).output).toBeUndefined();
  });

  it('creates in the client administrator’s own client: the client’s empty form in Admin mode, at once', async () => {
    const { output, seen } = run({ kind: 'created', record }, { row: undefined });
    expect(await output).toEqual(record);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      mode: 'Admin',
      subject: { kind: 'newPerson', clientId: 'acme' },
      viewer: { admin: true, role: 'clientadmin' },
      email: '',
      ownProfile: false,
      footer: 'modal',
    });
  });

  it('asks the provider administrator for the client first: only an offered one, then Continue opens its form', async () => {
    const { actor, output, seen } = run({ kind: 'created', record }, { row: undefined }, { as: providerAdmin });
    expect(actor.getSnapshot().matches({ choosingClient: 'loading' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ choosingClient: 'choosing' }));
    expect(actor.getSnapshot().context.clients).toEqual(clients);
    actor.send({ type: 'client.confirm' });
    expect(actor.getSnapshot().matches({ choosingClient: 'choosing' })).toBe(true);
    actor.send({ type: 'client.select', clientId: 'globex' });
    expect(actor.getSnapshot().context.clientId).toBeUndefined();
    actor.send({ type: 'client.select', clientId: 'umbrella' });
    actor.send({ type: 'client.confirm' });
    expect(await output).toEqual(record);
    expect(seen[0]).toMatchObject({ subject: { kind: 'newPerson', clientId: 'umbrella' }, viewer: { role: 'admin' } });
  });

  it('ends with nothing when the provider administrator cancels the client choice', async () => {
    const { actor, output, seen } = run({ kind: 'created', record }, { row: undefined }, { as: providerAdmin });
    await waitFor(actor, (s) => s.matches({ choosingClient: 'choosing' }));
    actor.send({ type: 'cancel' });
    expect(await output).toBeUndefined();
    expect(seen).toEqual([]);
  });

  it('reports a client list that cannot be read and closes', async () => {
    const failure = new Error('GET Client failed');
    const { output, seen } = run(
      { kind: 'created', record },
      { row: undefined },
      { as: providerAdmin, loadClients: () => Promise.reject(failure) },
    );
    expect(await output).toBeUndefined();
    expect(seen).toEqual([]);
    expect(received.at(-1)).toMatchObject({ type: 'error.report', error: failure, action: 'userDialog.loadClients' });
  });
});
