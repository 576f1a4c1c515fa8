import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '@contracts/failures';
import type { UserRow } from '@contracts/users';
import {
  signInResetsMachine,
  type SignInReset,
  type SignInResetsInput,
} from '@machines/user-dialog/sign-in-resets.machine';
import { selectResetAsked, selectResetsOffered, selectResetting } from '@machines/user-dialog/sign-in-resets.selectors';
import { createUserDialogMachine } from '@machines/user-dialog/user-dialog.machine';
import { createControlledActor } from '../../support/controlled-actor';
import { recordingNotifications } from '../../support/recording-ref';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const outOfReach = new ApiError({ status: 404, code: 'not_found', message: 'No profile has this id.', requestId: 'r' });

function open(input: Omit<SignInResetsInput, 'notifications'>) {
  const resetSignIn = createControlledActor<undefined, { id: string; reset: SignInReset }>();
  const recorder = recordingNotifications();
  const actor = createActor(signInResetsMachine.provide({ actors: { resetSignIn: resetSignIn.logic } }), {
    input: { ...input, notifications: recorder.ref },
  }).start();
  return { actor, resetSignIn, recorder };
}

const dialogOf = (ownId: string, role: 'admin' | 'clientadmin' | 'agent' = 'clientadmin') => {
  const row = { id: 'maria', email: 'maria@acme.test', firstName: 'María', lastName: 'García' } as UserRow;
  return createActor(
    createUserDialogMachine({ culture: 'en-us', role, ownId, clientId: 'acme' }).provide({
      actors: { profileForm: fromPromise(() => new Promise<undefined>(() => undefined)) as never },
    }),
    { input: { row, notifications: recordingNotifications().ref } },
  ).start();
};

describe('Clear sessions and Reset factors in the user dialog (machines/user-dialog/sign-in-resets)', () => {
  it('are offered to an administrator on an existing person only; otherwise asking does nothing', () => {
    expect(selectResetsOffered(open({ id: 'maria', mayReset: true }).actor.getSnapshot())).toBe(true);
    expect(selectResetsOffered(open({ id: undefined, mayReset: true }).actor.getSnapshot())).toBe(false);
    const agent = open({ id: 'maria', mayReset: false });
    expect(selectResetsOffered(agent.actor.getSnapshot())).toBe(false);
    agent.actor.send({ type: 'reset.ask', reset: 'clearSessions' });
    expect(selectResetAsked(agent.actor.getSnapshot())).toBeUndefined();
  });

  it.each<SignInReset>(['clearSessions', 'resetFactors'])(
    '%s: asks first; Cancel resets nothing; confirming posts for the row and reports the result',
    async (reset) => {
      const t = open({ id: 'maria', mayReset: true });
      t.actor.send({ type: 'reset.ask', reset });
      expect(selectResetAsked(t.actor.getSnapshot())).toBe(reset);
      t.actor.send({ type: 'reset.cancel' });
      expect(selectResetAsked(t.actor.getSnapshot())).toBeUndefined();
      expect(t.resetSignIn.calls).toEqual([]);
      t.actor.send({ type: 'reset.ask', reset });
      t.actor.send({ type: 'reset.confirm' });
      expect(selectResetting(t.actor.getSnapshot())).toBe(reset);
      expect(selectResetAsked(t.actor.getSnapshot())).toBeUndefined();
      // One reset at a time: another ask waits until this one is answered.
      t.actor.send({ type: 'reset.ask', reset: 'clearSessions' });
      expect(t.actor.getSnapshot().matches('resetting')).toBe(true);
      expect(t.resetSignIn.calls).toEqual([{ id: 'maria', reset }]);
      t.resetSignIn.resolve(undefined);
      await settle();
      expect(t.actor.getSnapshot().matches('offered')).toBe(true);
      expect(selectResetting(t.actor.getSnapshot())).toBeUndefined();
      const label = reset === 'clearSessions' ? 'Instance_Text_SessionsCleared' : 'Instance_Text_FactorsReset';
      expect(t.recorder.received).toEqual([
        { type: 'snackbar.show', snackbar: { type: 'success', message: { id: label } } },
      ]);
    },
  );

  it('a refusal is reported under the reset asked and the buttons are offered again', async () => {
    const t = open({ id: 'maria', mayReset: true });
    t.actor.send({ type: 'reset.ask', reset: 'resetFactors' });
    t.actor.send({ type: 'reset.confirm' });
    t.resetSignIn.reject(outOfReach);
    await settle();
    expect(t.actor.getSnapshot().matches('offered')).toBe(true);
    expect(t.actor.getSnapshot().context.asked).toBeUndefined();
    expect(t.recorder.received).toEqual([
      { type: 'error.report', error: outOfReach, action: 'userDialog.resetFactors' },
    ]);
  });

  it('the user dialog offers them on another person, not on the administrator’s own row nor to an agent', () => {
    const offered = (dialog: ReturnType<typeof dialogOf>) => {
      const child = dialog.getSnapshot().children.signInResets;
      return child === undefined ? false : selectResetsOffered(child.getSnapshot());
    };
    expect(offered(dialogOf('lee'))).toBe(true);
    expect(offered(dialogOf('lee', 'admin'))).toBe(true);
    expect(offered(dialogOf('maria'))).toBe(false);
    expect(offered(dialogOf('lee', 'agent'))).toBe(false);
  });

  it('a reset leaves the dialog open: the form is still being edited', async () => {
    const resetSignIn = createControlledActor<undefined, { id: string; reset: SignInReset }>();
    const row = { id: 'maria', email: 'maria@acme.test', firstName: 'María', lastName: 'García' } as UserRow;
    const dialog = createActor(
      createUserDialogMachine({ culture: 'en-us', role: 'admin', ownId: 'ada', clientId: 'gatehouse' }).provide({
        actors: {
          profileForm: fromPromise(() => new Promise<undefined>(() => undefined)) as never,
          signInResets: signInResetsMachine.provide({ actors: { resetSignIn: resetSignIn.logic } }),
        },
      }),
      { input: { row, notifications: recordingNotifications().ref } },
    ).start();
    const child = dialog.getSnapshot().children.signInResets;
    child?.send({ type: 'reset.ask', reset: 'clearSessions' });
    child?.send({ type: 'reset.confirm' });
    expect(resetSignIn.calls).toEqual([{ id: 'maria', reset: 'clearSessions' }]);
    resetSignIn.resolve(undefined);
    await settle();
    expect(dialog.getSnapshot().matches('editing')).toBe(true);
  });
});
