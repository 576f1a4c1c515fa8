import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { MyPasskey, MySession, PasskeyAttestation, PendingPasskey } from '@contracts/my-security';
import { securityDevicesMachine, type DevicesLoaded } from '@machines/security-devices/security-devices.machine';
import { selectDevicesView } from '@machines/security-devices/security-devices.selectors';
import { deviceNameOf } from '@machines/security-devices/user-agent';
import {
  addedPasskey,
  CHROME_MAC,
  FIREFOX_LINUX,
  newAttestation,
  otherSession,
  passkey,
  pendingPasskey,
  promptCancelled,
  thisSession,
} from '../../support/security-devices-fixtures';

/**
 * The Security step's sessions and passkeys (machines/security-devices; issue 31 items 2 and 3): nothing is read until
 * the section is shown; each other session may be signed out, all others at once, never this one; a passkey is removed
 * only after the confirmation; every change, done or failed, reads the lists again.
 */

type Answer<T> = T | Error;
const answer = <T>(value: Answer<T>) => (value instanceof Error ? Promise.reject(value) : Promise.resolve(value));

function start({
  lists = [{ sessions: [otherSession, thisSession], passkeys: [passkey] }],
  change,
  started = pendingPasskey,
  prompt = newAttestation,
  activated = addedPasskey,
}: {
  lists?: Answer<DevicesLoaded>[];
  change?: Answer<undefined>;
  started?: Answer<PendingPasskey>;
  prompt?: Answer<PasskeyAttestation>;
  activated?: Answer<MyPasskey>;
} = {}) {
  const calls: string[] = [];
  let reads = 0;
  const actor = createActor(
    securityDevicesMachine.provide({
      actors: {
        load: fromPromise(() => {
          calls.push('load');
          const next = lists[Math.min(reads, lists.length - 1)]!;
          reads += 1;
          return answer(next);
        }),
        endSession: fromPromise(({ input }) => {
          calls.push(`endSession ${input.id}`);
          return answer(change);
        }),
        endOtherSessions: fromPromise(() => {
          calls.push('endOtherSessions');
          return answer(change);
        }),
        removePasskey: fromPromise(({ input }) => {
          calls.push(`removePasskey ${input.id}`);
          return answer(change);
        }),
        startPasskey: fromPromise(() => {
          calls.push('startPasskey');
          return answer(started);
        }),
        createPasskey: fromPromise(({ input }) => {
          calls.push(`createPasskey ${input.challenge}`);
          return answer(prompt);
        }),
        activatePasskey: fromPromise(({ input }) => {
          calls.push(`activatePasskey ${input.id} ${input.attestation.transports}`);
          return answer(activated);
        }),
      },
    }),
  ).start();
  const ready = () => waitFor(actor, (s) => s.matches('ready') || s.matches('failed'));
  return { actor, calls, ready };
}

const only = (sessions: MySession[], passkeys: MyPasskey[] = []): DevicesLoaded => ({ sessions, passkeys });

describe('security devices (issue 31 items 2 and 3)', () => {
  it('reads nothing until shown, then lists this device first with its browser and system', async () => {
    const { actor, calls, ready } = start();
    expect(calls).toEqual([]);
    expect(selectDevicesView(actor.getSnapshot()).status).toBe('loading');
    actor.send({ type: 'shown' });
    await ready();
    const view = selectDevicesView(actor.getSnapshot());
    expect(view.status).toBe('ready');
    expect(view.sessions.map((row) => [row.id, row.current, row.browser, row.system, row.canSignOut])).toEqual([
      ['session-firefox', true, 'Firefox', 'Linux', false],
      ['session-chrome', false, 'Chrome', 'macOS', true],
    ]);
    expect(view.canSignOutOthers).toBe(true);
    expect(view.passkeys).toEqual([passkey]);
  });

  it('signs out another session, then reads the lists again; this browser’s own is never signed out here', async () => {
    const { actor, calls, ready } = start({
      lists: [only([otherSession, thisSession], [passkey]), only([thisSession], [passkey])],
    });
    actor.send({ type: 'shown' });
    await ready();
    actor.send({ type: 'signOutOne', id: thisSession.id });
    actor.send({ type: 'signOutOne', id: 'someone-elses' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'signOutOne', id: otherSession.id });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready') && s.context.sessions.length === 1);
    expect(calls).toEqual(['load', 'endSession session-chrome', 'load']);
    const view = selectDevicesView(actor.getSnapshot());
    expect(view.canSignOutOthers).toBe(false);
    // With no other session, "Sign out everywhere else" does nothing.
    actor.send({ type: 'signOutOthers' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('signs out everywhere else in one call', async () => {
    const { actor, calls, ready } = start({ lists: [only([otherSession, thisSession]), only([thisSession])] });
    actor.send({ type: 'shown' });
    await ready();
    actor.send({ type: 'signOutOthers' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.sessions.length === 1);
    expect(calls).toEqual(['load', 'endOtherSessions', 'load']);
  });

  it('says a sign-out failed and shows the lists as they are now', async () => {
    const { actor, calls, ready } = start({ change: new Error('no answer') });
    actor.send({ type: 'shown' });
    await ready();
    actor.send({ type: 'signOutOthers' });
    await waitFor(actor, (s) => s.matches('ready') && calls.length === 3);
    expect(selectDevicesView(actor.getSnapshot()).failure).toBe('signOut');
    // The next action starts without the old failure.
    actor.send({ type: 'removePasskey', id: passkey.id });
    expect(selectDevicesView(actor.getSnapshot()).failure).toBeUndefined();
  });

  it('removes a passkey only after the confirmation; keeping it removes nothing', async () => {
    const { actor, calls, ready } = start({ lists: [only([thisSession], [passkey]), only([thisSession])] });
    actor.send({ type: 'shown' });
    await ready();
    actor.send({ type: 'removePasskey', id: 'not-listed' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'removePasskey', id: passkey.id });
    expect(selectDevicesView(actor.getSnapshot()).confirming).toEqual(passkey);
    actor.send({ type: 'cancelRemoval' });
    expect(selectDevicesView(actor.getSnapshot()).confirming).toBeUndefined();
    expect(calls).toEqual(['load']);
    actor.send({ type: 'removePasskey', id: passkey.id });
    actor.send({ type: 'confirmRemoval' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.passkeys.length === 0);
    expect(calls).toEqual(['load', `removePasskey ${passkey.id}`, 'load']);
  });

  it('adds a passkey: the options, the browser’s prompt, the activation, then the list read again', async () => {
    const { actor, calls, ready } = start({
      lists: [only([thisSession], [passkey]), only([thisSession], [passkey, addedPasskey])],
    });
    actor.send({ type: 'shown' });
    await ready();
    expect(selectDevicesView(actor.getSnapshot()).canAddPasskey).toBe(true);
    actor.send({ type: 'addPasskey' });
    expect(selectDevicesView(actor.getSnapshot())).toMatchObject({ busy: true, addingPasskey: true });
    await waitFor(actor, (s) => s.matches('ready') && s.context.passkeys.length === 2);
    expect(calls).toEqual([
      'load',
      'startPasskey',
      `createPasskey ${pendingPasskey.activation.challenge}`,
      `activatePasskey ${pendingPasskey.id} ["usb"]`,
      'load',
    ]);
    const view = selectDevicesView(actor.getSnapshot());
    expect(view).toMatchObject({ failure: undefined, addCancelled: false, addingPasskey: false });
    expect(view.passkeys.map((listed) => listed.name)).toEqual([null, 'securityKey']);
  });

  it('goes back quietly when the person cancels the browser’s prompt: nothing activated, nothing read', async () => {
    const { actor, calls, ready } = start({ prompt: promptCancelled() });
    actor.send({ type: 'shown' });
    await ready();
    actor.send({ type: 'addPasskey' });
    await waitFor(actor, (s) => s.matches('ready') && calls.length === 3);
    expect(calls).toEqual(['load', 'startPasskey', `createPasskey ${pendingPasskey.activation.challenge}`]);
    expect(selectDevicesView(actor.getSnapshot())).toMatchObject({ failure: undefined, addCancelled: true });
    expect(actor.getSnapshot().context.adding).toBeUndefined();
    // The note goes with the next thing the person does.
    actor.send({ type: 'shown' });
    expect(selectDevicesView(actor.getSnapshot()).addCancelled).toBe(false);
  });

  it.each([
    ['the options cannot be had', { started: new Error('404') }, 3],
    ['the browser fails otherwise', { prompt: new DOMException('bad options', 'SecurityError') }, 4],
    ['the identity provider refuses the attestation', { activated: new Error('403 E0000068') }, 5],
  ])('says adding failed when %s, and reads the list again', async (_, answers, callsBeforeRead) => {
    const { actor, calls, ready } = start(answers);
    actor.send({ type: 'shown' });
    await ready();
    actor.send({ type: 'addPasskey' });
    await waitFor(actor, (s) => s.matches('ready') && calls.length === callsBeforeRead);
    expect(calls.at(-1)).toBe('load');
    expect(selectDevicesView(actor.getSnapshot())).toMatchObject({ failure: 'add', addCancelled: false });
    expect(actor.getSnapshot().context).toMatchObject({ adding: undefined, attestation: undefined });
  });

  it('offers no passkey to add to a person who has none (passkeys are not asked of them)', async () => {
    const { actor, calls, ready } = start({ lists: [only([thisSession])] });
    actor.send({ type: 'shown' });
    await ready();
    expect(selectDevicesView(actor.getSnapshot()).canAddPasskey).toBe(false);
    actor.send({ type: 'addPasskey' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls).toEqual(['load']);
  });

  it('offers a retry when the lists cannot be read, and reads them again each time the section is shown', async () => {
    const { actor, calls, ready } = start({ lists: [new Error('404'), only([thisSession])] });
    actor.send({ type: 'shown' });
    await ready();
    expect(selectDevicesView(actor.getSnapshot()).status).toBe('failed');
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'shown' });
    await waitFor(actor, (s) => s.matches('ready') && calls.length === 3);
    expect(calls).toEqual(['load', 'load', 'load']);
  });
});

describe('a session’s browser and system, from its user agent', () => {
  it.each([
    [FIREFOX_LINUX, 'Firefox', 'Linux'],
    [CHROME_MAC, 'Chrome', 'macOS'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge',
      'Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari',
      'iOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome',
      'Android',
    ],
    ['curl/8.5.0', undefined, undefined],
  ])('%s → %s on %s', (userAgent, browser, system) => {
    expect(deviceNameOf(userAgent)).toEqual({ browser, system });
  });
  it('names nothing for a session without a user agent', () => {
    expect(deviceNameOf(null)).toEqual({ browser: undefined, system: undefined });
  });
});
