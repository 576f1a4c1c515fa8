import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '@contracts/failures';
import type { UserRow } from '@contracts/users';
import { closeAccountMachine, type CloseAccountInput } from '@machines/user-dialog/close-account.machine';
import { selectCloseAsked, selectCloseOffered } from '@machines/user-dialog/close-account.selectors';
import { createUserDialogMachine } from '@machines/user-dialog/user-dialog.machine';
import { createControlledActor } from '../../support/controlled-actor';
import { recordingNotifications } from '../../support/recording-ref';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const ownAccount = new ApiError({
  status: 409,
  code: 'conflict',
  message: 'You cannot delete yourself.',
  requestId: 'r',
});

function open(input: Omit<CloseAccountInput, 'notifications'>) {
  const closeAccount = createControlledActor<undefined, { id: string }>();
  const recorder = recordingNotifications();
  const actor = createActor(closeAccountMachine.provide({ actors: { closeAccount: closeAccount.logic } }), {
    input: { ...input, notifications: recorder.ref },
  }).start();
  return { actor, closeAccount, recorder };
}

describe('Close account in the user dialog (machines/user-dialog/close-account)', () => {
  it('is offered to an administrator on an existing person only', () => {
    expect(selectCloseOffered(open({ id: 'maria', mayClose: true }).actor.getSnapshot())).toBe(true);
    expect(selectCloseOffered(open({ id: undefined, mayClose: true }).actor.getSnapshot())).toBe(false);
    const agent = open({ id: 'maria', mayClose: false });
    expect(selectCloseOffered(agent.actor.getSnapshot())).toBe(false);
    agent.actor.send({ type: 'close.ask' });
    expect(selectCloseAsked(agent.actor.getSnapshot())).toBe(false);
  });

  it('asks first; Keep it closes nothing; Close the account posts for the row and ends', async () => {
    const t = open({ id: 'maria', mayClose: true });
    t.actor.send({ type: 'close.ask' });
    expect(selectCloseAsked(t.actor.getSnapshot())).toBe(true);
    t.actor.send({ type: 'close.cancel' });
    expect(selectCloseAsked(t.actor.getSnapshot())).toBe(false);
    expect(t.closeAccount.calls).toEqual([]);
    t.actor.send({ type: 'close.ask' });
    t.actor.send({ type: 'close.confirm' });
    expect(t.closeAccount.calls).toEqual([{ id: 'maria' }]);
    t.closeAccount.resolve(undefined);
    await settle();
    expect(t.actor.getSnapshot().status).toBe('done');
    expect(t.actor.getSnapshot().output).toBe(true);
  });

  it('a refusal is reported and the button is offered again', async () => {
    const t = open({ id: 'maria', mayClose: true });
    t.actor.send({ type: 'close.ask' });
    t.actor.send({ type: 'close.confirm' });
    t.closeAccount.reject(ownAccount);
    await settle();
    expect(t.actor.getSnapshot().matches('offered')).toBe(true);
    expect(t.recorder.received).toEqual([
      { type: 'error.report', error: ownAccount, action: 'userDialog.closeAccount' },
    ]);
  });

  it('the user dialog ends with { closed: true } once the account is closed (the grid reads its page again)', async () => {
    const row = { id: 'maria', email: 'maria@acme.test', firstName: 'María', lastName: 'García' } as UserRow;
    const closeAccount = createControlledActor<undefined, { id: string }>();
    const dialog = createActor(
      createUserDialogMachine({ culture: 'en-us', role: 'clientadmin', ownId: 'lee', clientId: 'acme' }).provide({
        actors: {
          // The form waits: the person never saves.
          profileForm: fromPromise(() => new Promise<undefined>(() => undefined)) as never,
          closeAccount: closeAccountMachine.provide({ actors: { closeAccount: closeAccount.logic } }),
        },
      }),
      { input: { row, notifications: recordingNotifications().ref } },
    ).start();
    const child = dialog.getSnapshot().children.closeAccount;
    expect(child).toBeDefined();
    child?.send({ type: 'close.ask' });
    child?.send({ type: 'close.confirm' });
    expect(closeAccount.calls).toEqual([{ id: 'maria' }]);
    closeAccount.resolve(undefined);
    await settle();
    expect(dialog.getSnapshot().status).toBe('done');
    expect(dialog.getSnapshot().output).toEqual({ closed: true });
  });

  it('the administrator’s own row offers no Close account', () => {
    const row = { id: 'lee', email: 'lee@acme.test', firstName: 'Lee', lastName: 'Admin' } as UserRow;
    const dialog = createActor(
      createUserDialogMachine({ culture: 'en-us', role: 'clientadmin', ownId: 'lee', clientId: 'acme' }).provide({
        actors: { profileForm: fromPromise(() => new Promise<undefined>(() => undefined)) as never },
      }),
      { input: { row, notifications: recordingNotifications().ref } },
    ).start();
    const child = dialog.getSnapshot().children.closeAccount;
    expect(child === undefined ? false : selectCloseOffered(child.getSnapshot())).toBe(false);
  });
});
