import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';

import { securityDevicesMachine, type DevicesLoaded } from '@machines/security-devices/security-devices.machine';
import { actorDone, actorError } from '../support/controlled-actor';
import {
  addedPasskey,
  newAttestation,
  otherSession,
  passkey,
  pendingPasskey,
  promptCancelled,
  thisSession,
} from '../support/security-devices-fixtures';
import { describeWalks } from '../support/walk';
import { securityDevicesHost } from '../support/security-devices-host';

/*
 * Generated walks of the Security step's sessions and passkeys (machines/security-devices; issue 31 items 2 and 3)
 * through its real view. The identity provider's calls and the browser's passkey prompt are controlled actors the
 * walk answers at its step; the section comes on screen when the walk shows it (the Security step opened), and again
 * when it is shown anew.
 */

const both: DevicesLoaded = { sessions: [otherSession, thisSession], passkeys: [passkey] };
const noFailure = new Error('no answer');

const shown = { type: 'shown' } as const;
const retry = { type: 'retry' } as const;
const signOutOther = { type: 'signOutOne', id: otherSession.id } as const;
const signOutOthers = { type: 'signOutOthers' } as const;
const removePasskey = { type: 'removePasskey', id: passkey.id } as const;
const confirmRemoval = { type: 'confirmRemoval' } as const;
const cancelRemoval = { type: 'cancelRemoval' } as const;
const loaded = actorDone('load', both);
const loadFails = actorError('load', noFailure);
const ended = actorDone('endSession', undefined);
const endFails = actorError('endSession', noFailure);
const othersEnded = actorDone('endOtherSessions', undefined);
const othersFail = actorError('endOtherSessions', noFailure);
const removed = actorDone('removePasskey', undefined);
const removeFails = actorError('removePasskey', noFailure);
const addPasskey = { type: 'addPasskey' } as const;
const started = actorDone('startPasskey', pendingPasskey);
const startFails = actorError('startPasskey', noFailure);
const created = actorDone('createPasskey', newAttestation);
const cancelled = actorError('createPasskey', promptCancelled());
const createFails = actorError('createPasskey', new DOMException('bad options', 'SecurityError'));
const activated = actorDone('activatePasskey', addedPasskey);
const activateFails = actorError('activatePasskey', noFailure);
type Walked =
  | typeof shown
  | typeof retry
  | typeof signOutOther
  | typeof signOutOthers
  | typeof removePasskey
  | typeof confirmRemoval
  | typeof cancelRemoval
  | typeof loaded
  | typeof loadFails
  | typeof ended
  | typeof endFails
  | typeof othersEnded
  | typeof othersFail
  | typeof removed
  | typeof removeFails
  | typeof addPasskey
  | typeof started
  | typeof startFails
  | typeof created
  | typeof cancelled
  | typeof activated
  | typeof activateFails;

const eventsOf = (s: SnapshotFrom<typeof securityDevicesMachine>): Walked[] => [
  ...(s.matches('idle') ? [shown] : []),
  ...(s.matches('loading') ? [loaded, loadFails] : []),
  ...(s.matches('failed') ? [retry, shown] : []),
  ...(s.matches('ready') ? [shown, signOutOther, signOutOthers, removePasskey, addPasskey] : []),
  ...(s.matches('endingOne') ? [ended, endFails] : []),
  ...(s.matches('endingOthers') ? [othersEnded, othersFail] : []),
  ...(s.matches('confirmingRemoval') ? [confirmRemoval, cancelRemoval] : []),
  ...(s.matches('removingPasskey') ? [removed, removeFails] : []),
  ...(s.matches('startingPasskey') ? [started, startFails] : []),
  ...(s.matches('creatingPasskey') ? [created, cancelled, createFails] : []),
  ...(s.matches('activatingPasskey') ? [activated, activateFails] : []),
];

const startSection = () => securityDevicesHost();

const settle = () => act(() => Promise.resolve());
const rows = (testId: string) => screen.queryAllByTestId(testId);
const button = (name: string) => screen.getByRole('button', { name });
const section = () => screen.getByTestId('security-devices');
/** The lists as read: this device first and marked, the other with its own sign-out; the passkey with Remove. */
const listsShown = () => {
  const sessions = rows('session-row');
  expect(sessions.map((row) => row.textContent)).toEqual([
    expect.stringMatching(/^Firefox on LinuxThis deviceSigned in .* · last seen .* · from 198\.51\.100\.4$/),
    expect.stringMatching(/^Chrome on macOSSigned in .* · last seen .* · from 203\.0\.113\.7Sign out this one$/),
  ]);
  expect(within(sessions[0]!).queryByRole('button')).toBeNull();
  expect(rows('passkey-row')).toHaveLength(1);
  expect(screen.queryByRole('alertdialog')).toBeNull();
};
const failureShown = (text: RegExp | null) => {
  const alert = within(section())
    .queryAllByRole('alert')
    .find((element) => element.getAttribute('role') === 'alert');
  if (text === null) expect(within(section()).queryByText(/could not be/)).toBeNull();
  else expect(alert?.textContent).toMatch(text);
};

describeWalks(securityDevicesMachine, {
  title: 'security devices model walk (issue 31 items 2 and 3, Edit Profile’s Security step)',
  events: eventsOf,
  scenarios: [
    {
      journeys: [
        // Each change that is done reads the lists again (failures are walked by the generated paths).
        [shown, loaded, signOutOther, ended, loaded],
        [shown, loaded, signOutOthers, othersEnded, loaded],
        [shown, loaded, signOutOthers, othersFail, loaded],
        [shown, loaded, removePasskey, confirmRemoval, removed, loaded],
        [shown, loaded, removePasskey, cancelRemoval, shown, loaded],
        [shown, loadFails, retry, loaded],
        // Coming back to the Security step after a failed read reads again.
        [shown, loadFails, shown, loaded],
        // "Add a passkey": added and listed; the prompt cancelled goes back quietly.
        [shown, loaded, addPasskey, started, created, activated, loaded],
        [shown, loaded, addPasskey, started, cancelled],
        // Any other failure of the prompt, or a refused attestation, says so and reads the list again.
        [shown, loaded, addPasskey, started, createFails, loaded],
        [shown, loaded, addPasskey, started, created, activateFails, loaded],
      ],
    },
  ],
  describeEvent: (event) =>
    event.type === 'signOutOne'
      ? 'other session'
      : 'error' in event && event.error instanceof DOMException
        ? event.error.name
        : undefined,
  start: startSection,
  timeout: 30_000,
  stop: ({ actor }) => {
    actor.stop();
    cleanup();
  },
  states: {
    idle: () => {
      expect(screen.queryByTestId('security-devices')).toBeNull();
    },
    loading: (s, { load }) => {
      expect(load.waiting()).toBe(1);
      expect(section()).toHaveAttribute('aria-busy', 'true');
      if (!s.context.loaded) expect(screen.getByRole('status')).toHaveTextContent('Loading');
      else listsShown();
    },
    failed: () => {
      expect(screen.getByText('Your sessions and passkeys could not be read.')).toBeInTheDocument();
      expect(rows('session-row')).toHaveLength(0);
      button('Try again');
    },
    ready: (s) => {
      listsShown();
      expect(section()).toHaveAttribute('aria-busy', 'false');
      expect(button('Sign out everywhere else')).toBeEnabled();
      failureShown(
        s.context.failure === 'signOut'
          ? /session could not be signed out/
          : s.context.failure === 'remove'
            ? /passkey could not be removed/
            : s.context.failure === 'add'
              ? /passkey could not be added/
              : null,
      );
      expect(button('Add a passkey')).toBeEnabled();
      if (s.context.addCancelled) expect(screen.getByText('No passkey was added.')).toHaveAttribute('role', 'status');
      else expect(screen.queryByText('No passkey was added.')).toBeNull();
    },
    endingOne: (_, { endSession }) => {
      expect(endSession.calls.at(-1)).toEqual({ id: otherSession.id });
      expect(button('Sign out this one')).toBeDisabled();
    },
    endingOthers: (_, { endOtherSessions }) => {
      expect(endOtherSessions.waiting()).toBe(1);
      expect(button('Sign out everywhere else')).toBeDisabled();
    },
    confirmingRemoval: () => {
      const dialog = screen.getByRole('alertdialog');
      expect(dialog).toHaveTextContent(/Remove the passkey added .*\? You can no longer sign in with it\./);
    },
    startingPasskey: (_, { start }) => {
      expect(start.waiting()).toBe(1);
      expect(section()).toHaveAttribute('aria-busy', 'true');
      expect(button('Add a passkey')).toBeDisabled();
    },
    creatingPasskey: (_, { create }) => {
      expect(create.calls.at(-1)).toEqual(pendingPasskey.activation);
      expect(button('Add a passkey')).toBeDisabled();
    },
    activatingPasskey: (_, { activate }) => {
      expect(activate.calls.at(-1)).toEqual({ id: pendingPasskey.id, attestation: newAttestation });
      expect(button('Add a passkey')).toBeDisabled();
    },
    removingPasskey: (_, { remove }) => {
      expect(remove.calls.at(-1)).toEqual({ id: passkey.id });
      expect(within(rows('passkey-row')[0]!).getByRole('button', { name: 'Remove' })).toBeDisabled();
    },
  },
  executors: {
    shown: async (_, { show }) => {
      show();
      await settle();
    },
    retry: async () => {
      fireEvent.click(button('Try again'));
      await settle();
    },
    signOutOne: async () => {
      fireEvent.click(within(rows('session-row')[1]!).getByRole('button', { name: 'Sign out this one' }));
      await settle();
    },
    signOutOthers: async () => {
      fireEvent.click(button('Sign out everywhere else'));
      await settle();
    },
    removePasskey: async () => {
      fireEvent.click(within(rows('passkey-row')[0]!).getByRole('button', { name: 'Remove' }));
      await settle();
    },
    confirmRemoval: async () => {
      fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove passkey' }));
      await settle();
    },
    cancelRemoval: async () => {
      fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Keep it' }));
      await settle();
    },
    addPasskey: async () => {
      fireEvent.click(button('Add a passkey'));
      await settle();
    },
    'xstate.done.actor.startPasskey': async ({ event }, { start }) => {
      start.resolve(event.output);
      await settle();
    },
    'xstate.error.actor.startPasskey': async ({ event }, { start }) => {
      start.reject(event.error);
      await settle();
    },
    'xstate.done.actor.createPasskey': async ({ event }, { create }) => {
      create.resolve(event.output);
      await settle();
    },
    'xstate.error.actor.createPasskey': async ({ event }, { create }) => {
      create.reject(event.error);
      await settle();
    },
    'xstate.done.actor.activatePasskey': async ({ event }, { activate }) => {
      activate.resolve(event.output);
      await settle();
    },
    'xstate.error.actor.activatePasskey': async ({ event }, { activate }) => {
      activate.reject(event.error);
      await settle();
    },
    'xstate.done.actor.load': async ({ event }, { load }) => {
      load.resolve(event.output);
      await settle();
    },
    'xstate.error.actor.load': async ({ event }, { load }) => {
      load.reject(event.error);
      await settle();
    },
    'xstate.done.actor.endSession': async (_, { endSession }) => {
      endSession.resolve(undefined);
      await settle();
    },
    'xstate.error.actor.endSession': async ({ event }, { endSession }) => {
      endSession.reject(event.error);
      await settle();
    },
    'xstate.done.actor.endOtherSessions': async (_, { endOtherSessions }) => {
      endOtherSessions.resolve(undefined);
      await settle();
    },
    'xstate.error.actor.endOtherSessions': async ({ event }, { endOtherSessions }) => {
      endOtherSessions.reject(event.error);
      await settle();
    },
    'xstate.done.actor.removePasskey': async (_, { remove }) => {
      remove.resolve(undefined);
      await settle();
    },
    'xstate.error.actor.removePasskey': async ({ event }, { remove }) => {
      remove.reject(event.error);
      await settle();
    },
  },
});
