import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '@contracts/failures';
import type { MyAccount } from '@contracts/my-account';
import { goodbyeAddressOf, myAccountMachine } from '@machines/my-account/my-account.machine';
import {
  selectCanConfirm,
  selectClosing,
  selectIsConfirming,
  selectPhase,
  selectRefusal,
} from '@machines/my-account/my-account.selectors';
import { safeRedirectTarget } from '@machines/support/safe-redirect';
import { createControlledActor } from '../../support/controlled-actor';
import { fakePorts } from '../../support/fake-ports';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const wrongPassword = new ApiError({
  status: 400,
  code: 'validation_failed',
  message: 'The password is not right.',
  requestId: 'r',
});
const offline = new Error('The server is not answering');

function open() {
  const loadAccount = createControlledActor<MyAccount, undefined>();
  const downloadData = createControlledActor<undefined, undefined>();
  const closeAccount = createControlledActor<undefined, { password: string }>();
  const fakes = fakePorts();
  const actor = createActor(
    myAccountMachine.provide({
      actors: { loadAccount: loadAccount.logic, downloadData: downloadData.logic, closeAccount: closeAccount.logic },
    }),
    { input: { culture: 'es', ports: fakes.ports } },
  ).start();
  return { actor, loadAccount, downloadData, closeAccount, fakes };
}

async function ready(
  t: ReturnType<typeof open>,
  account: MyAccount = { email: 'maria@acme.test', closingAllowed: true, ssoUser: false },
) {
  t.loadAccount.resolve(account);
  await settle();
  expect(selectPhase(t.actor.getSnapshot())).toBe('ready');
}

describe('My account (machines/my-account)', () => {
  it('reads the account when it starts; a failed read is reported and may be tried again', async () => {
    const t = open();
    expect(selectPhase(t.actor.getSnapshot())).toBe('loading');
    t.loadAccount.reject(offline);
    await settle();
    expect(selectPhase(t.actor.getSnapshot())).toBe('loadFailed');
    expect(t.fakes.notifications).toEqual([{ type: 'error.report', error: offline, action: 'myAccount.load' }]);
    t.actor.send({ type: 'retry' });
    await ready(t);
  });

  it('offers closing only when the client allows it, and not to single-sign-on people', async () => {
    const hidden = open();
    await ready(hidden, { email: 'maria@acme.test', closingAllowed: false, ssoUser: false });
    expect(selectClosing(hidden.actor.getSnapshot())).toBe('hidden');
    hidden.actor.send({ type: 'close.start' });
    expect(selectIsConfirming(hidden.actor.getSnapshot())).toBe(false);

    const sso = open();
    await ready(sso, { email: 'maria@acme.test', closingAllowed: true, ssoUser: true });
    expect(selectClosing(sso.actor.getSnapshot())).toBe('sso');
    sso.actor.send({ type: 'close.start' });
    expect(selectIsConfirming(sso.actor.getSnapshot())).toBe(false);

    const offered = open();
    await ready(offered);
    expect(selectClosing(offered.actor.getSnapshot())).toBe('offered');
  });

  it('downloads the data and comes back; a failed download is reported', async () => {
    const t = open();
    await ready(t);
    t.actor.send({ type: 'download' });
    expect(t.actor.getSnapshot().matches({ ready: 'downloading' })).toBe(true);
    expect(t.downloadData.calls).toHaveLength(1);
    t.downloadData.resolve(undefined);
    await settle();
    expect(t.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    t.actor.send({ type: 'download' });
    t.downloadData.reject(offline);
    await settle();
    expect(t.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(t.fakes.notifications).toEqual([{ type: 'error.report', error: offline, action: 'myAccount.download' }]);
  });

  it('asks the password again: none, no closing; a wrong one is refused in place, then the right one closes and signs out to the goodbye page', async () => {
    const t = open();
    await ready(t);
    t.actor.send({ type: 'close.start' });
    expect(selectIsConfirming(t.actor.getSnapshot())).toBe(true);
    expect(selectCanConfirm(t.actor.getSnapshot())).toBe(false);
    t.actor.send({ type: 'close.confirm' });
    expect(t.closeAccount.calls).toHaveLength(0);

    t.actor.send({ type: 'password.change', value: 'wrong' });
    t.actor.send({ type: 'close.confirm' });
    expect(t.closeAccount.calls).toEqual([{ password: 'wrong' }]);
    t.closeAccount.reject(wrongPassword);
    await settle();
    expect(t.actor.getSnapshot().matches({ ready: 'confirming' })).toBe(true);
    expect(selectRefusal(t.actor.getSnapshot())).toBe('wrongPassword');
    expect(t.actor.getSnapshot().context.password).toBe('');
    // A wrong password is the person's to correct, not an error to report; nor does the session move.
    expect(t.fakes.notifications).toEqual([]);
    expect(t.fakes.session).toEqual([]);

    t.actor.send({ type: 'password.change', value: 'Gatehouse-demo-2026!' });
    expect(selectRefusal(t.actor.getSnapshot())).toBeUndefined();
    t.actor.send({ type: 'close.confirm' });
    t.closeAccount.resolve(undefined);
    await settle();
    expect(t.actor.getSnapshot().status).toBe('done');
    expect(selectPhase(t.actor.getSnapshot())).toBe('closed');
    expect(t.fakes.session).toEqual([{ type: 'session.logOut', redirectUrl: '/Goodbye/es' }]);
    // The session follows the address as it is (the Logout route's is decoded by the route): it leads to the page.
    expect(safeRedirectTarget(goodbyeAddressOf('es'), { origin: 'https://portal.test', allowedHosts: [] })).toBe(
      '/Goodbye/es',
    );
  });

  it('Cancel forgets the password; any other failure of the closing is reported and the dialog stays', async () => {
    const t = open();
    await ready(t);
    t.actor.send({ type: 'close.start' });
    t.actor.send({ type: 'password.change', value: 'typed' });
    t.actor.send({ type: 'close.cancel' });
    expect(t.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(t.actor.getSnapshot().context.password).toBe('');

    t.actor.send({ type: 'close.start' });
    t.actor.send({ type: 'password.change', value: 'typed' });
    t.actor.send({ type: 'close.confirm' });
    t.closeAccount.reject(offline);
    await settle();
    expect(t.actor.getSnapshot().matches({ ready: 'confirming' })).toBe(true);
    expect(selectRefusal(t.actor.getSnapshot())).toBeUndefined();
    expect(t.fakes.notifications).toEqual([{ type: 'error.report', error: offline, action: 'myAccount.close' }]);
    expect(t.fakes.session).toEqual([]);
  });
});
