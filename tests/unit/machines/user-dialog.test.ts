import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { createUserDialogMachine, formInputOf } from '@machines/user-dialog/user-dialog.machine';
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
const settings = { culture: 'en-us', role: 'clientadmin', ownId: 'clientadmin' } as const;
const { ref: notifications } = recordingNotifications();

/** The dialog with a stand-in form (the real one is walked in tests/model/profile-form.model) that ends with `result`. */
function run(result: ProfileResult | undefined, input: { row: UserRow | undefined }) {
  const seen: ProfileFormInput[] = [];
  const actor = createActor(
    createUserDialogMachine(settings).provide({
      actors: {
        profileForm: fromPromise<ProfileResult | undefined, ProfileFormInput>(({ input: formInput }) => {
          seen.push(formInput);
          return Promise.resolve(result);
        }) as never,
      },
    }),
    { input: { ...input, notifications } },
  ).start();
  return { output: toPromise(actor), seen };
}

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

  it('ends with the saved profile, so the grid reads its page again', async () => {
    const { output, seen } = run({ kind: 'updated', record }, { row });
    expect(await output).toEqual(record);
    expect(seen).toHaveLength(1);
  });

  it('ends with nothing when the form is cancelled, so the grid stays as it is', async () => {
    expect(await run(undefined, { row }).output).toBeUndefined();
  });

  it('opens no form without a row (creating is not this dialog’s)', async () => {
    const { output, seen } = run({ kind: 'updated', record }, { row: undefined });
    expect(await output).toBeUndefined();
    expect(seen).toEqual([]);
  });
});
