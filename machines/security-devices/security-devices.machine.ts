import { assign, setup } from 'xstate';
import type { MyPasskey, MySession } from '@contracts/my-security';
import { notProvided } from '../support/actors';

/** What the section last failed to do; the list is read again after it either way. */
export type DevicesFailure = 'signOut' | 'remove';

type Context = {
  /** The lists were read at least once: a later read keeps showing them. */
  loaded: boolean;
  sessions: readonly MySession[];
  passkeys: readonly MyPasskey[];
  /** The passkey whose removal waits for the person's answer, or is under way. */
  removing: string | undefined;
  failure: DevicesFailure | undefined;
};

export type SecurityDevicesEvent =
  /** The section came on screen (the Security step): the lists are read, again at each visit. */
  | { type: 'shown' }
  | { type: 'retry' }
  /** "Sign out this one": one of the person's other sessions. */
  | { type: 'signOutOne'; id: string }
  /** "Sign out everywhere else". */
  | { type: 'signOutOthers' }
  /** "Remove" on a passkey: asks first. */
  | { type: 'removePasskey'; id: string }
  | { type: 'confirmRemoval' }
  | { type: 'cancelRemoval' };

export type DevicesLoaded = { sessions: MySession[]; passkeys: MyPasskey[] };

/**
 * "Where you're signed in" and the passkeys on Edit Profile's Security step (issue 31 items 2 and 3): the person's live
 * identity-provider sessions, each other one with "Sign out this one" and all of them with "Sign out everywhere else",
 * and their passkeys, each removed after a confirmation. Every change reads the lists again, so what shows is what the
 * identity provider holds; a change that fails says so and reads them again too (another browser may have ended the
 * session meanwhile). The session of this browser is never offered for sign-out here: that is the menu's Sign out.
 */
export const securityDevicesMachine = setup({
  types: {
    context: {} as Context,
    events: {} as SecurityDevicesEvent,
    tags: {} as 'busy',
  },
  actors: {
    load: notProvided<undefined, DevicesLoaded>('load'),
    endSession: notProvided<{ id: string }, undefined>('endSession'),
    endOtherSessions: notProvided<undefined, undefined>('endOtherSessions'),
    removePasskey: notProvided<{ id: string }, undefined>('removePasskey'),
  },
  guards: {
    isOtherSession: ({ context, event }) =>
      event.type === 'signOutOne' && context.sessions.some((session) => session.id === event.id && !session.current),
    hasOtherSessions: ({ context }) => context.sessions.some((session) => !session.current),
    isListedPasskey: ({ context, event }) =>
      event.type === 'removePasskey' && context.passkeys.some((passkey) => passkey.id === event.id),
  },
  actions: {
    clearFailure: assign({ failure: undefined }),
  },
}).createMachine({
  id: 'securityDevices',
  context: { loaded: false, sessions: [], passkeys: [], removing: undefined, failure: undefined },
  initial: 'idle',
  states: {
    /** Not on screen yet: nothing is read for a person who never opens the Security step. */
    idle: { on: { shown: 'loading' } },
    loading: {
      tags: 'busy',
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'ready',
          actions: assign({
            loaded: true,
            sessions: ({ event }) => event.output.sessions,
            passkeys: ({ event }) => event.output.passkeys,
          }),
        },
        onError: 'failed',
      },
    },
    /** The lists could not be read (no identity-provider session here, or no answer). */
    failed: { on: { retry: { target: 'loading', actions: 'clearFailure' }, shown: 'loading' } },
    ready: {
      on: {
        shown: { target: 'loading', actions: 'clearFailure' },
        signOutOne: { guard: 'isOtherSession', target: 'endingOne', actions: 'clearFailure' },
        signOutOthers: { guard: 'hasOtherSessions', target: 'endingOthers', actions: 'clearFailure' },
        removePasskey: {
          guard: 'isListedPasskey',
          target: 'confirmingRemoval',
          actions: [assign({ removing: ({ event }) => event.id }), 'clearFailure'],
        },
      },
    },
    endingOne: {
      tags: 'busy',
      invoke: {
        id: 'endSession',
        src: 'endSession',
        input: ({ event }) => ({ id: event.type === 'signOutOne' ? event.id : '' }),
        onDone: 'loading',
        onError: { target: 'loading', actions: assign({ failure: 'signOut' as const }) },
      },
    },
    endingOthers: {
      tags: 'busy',
      invoke: {
        id: 'endOtherSessions',
        src: 'endOtherSessions',
        onDone: 'loading',
        onError: { target: 'loading', actions: assign({ failure: 'signOut' as const }) },
      },
    },
    confirmingRemoval: {
      on: {
        confirmRemoval: 'removingPasskey',
        cancelRemoval: { target: 'ready', actions: assign({ removing: undefined }) },
      },
    },
    removingPasskey: {
      tags: 'busy',
      invoke: {
        id: 'removePasskey',
        src: 'removePasskey',
        input: ({ context }) => ({ id: context.removing ?? '' }),
        onDone: { target: 'loading', actions: assign({ removing: undefined }) },
        onError: { target: 'loading', actions: assign({ removing: undefined, failure: 'remove' as const }) },
      },
    },
  },
});
