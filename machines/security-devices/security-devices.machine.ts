import { assign, setup } from 'xstate';
import type { MyPasskey, MySession, PasskeyAttestation, PendingPasskey } from '@contracts/my-security';
import { notProvided } from '../support/actors';

/** What the section last failed to do; the list is read again after it either way. */
export type DevicesFailure = 'signOut' | 'remove' | 'add';

type Context = {
  /** The lists were read at least once: a later read keeps showing them. */
  loaded: boolean;
  sessions: readonly MySession[];
  passkeys: readonly MyPasskey[];
  /** The passkey whose removal waits for the person's answer, or is under way. */
  removing: string | undefined;
  failure: DevicesFailure | undefined;
  /** The passkey being added, between the identity provider's options and the browser's answer. */
  adding: PendingPasskey | undefined;
  /** The browser's answer for it, on its way to the identity provider. */
  attestation: PasskeyAttestation | undefined;
  /** The person cancelled the browser's passkey prompt: a note, not a failure. */
  addCancelled: boolean;
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
  | { type: 'cancelRemoval' }
  /** "Add a passkey": the identity provider's options, the browser's prompt, then the activation. */
  | { type: 'addPasskey' };

export type DevicesLoaded = { sessions: MySession[]; passkeys: MyPasskey[] };

/** The states of adding a passkey are entered only with what the step before them kept. */
function started<T>(kept: T | undefined): T {
  if (kept === undefined) throw new Error('A passkey step ran before the one that feeds it.');
  return kept;
}

/**
 * "Where you're signed in" and the passkeys on Edit Profile's Security step (issue 31 items 2 and 3): the person's live
 * identity-provider sessions, each other one with "Sign out this one" and all of them with "Sign out everywhere else",
 * and their passkeys, each removed after a confirmation, and another added ("Add a passkey"). Every change reads the
 * lists again, so what shows is what the identity provider holds; a change that fails says so and reads them again too
 * (another browser may have ended the session meanwhile). The session of this browser is never offered for sign-out
 * here: that is the menu's Sign out.
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
    startPasskey: notProvided<undefined, PendingPasskey>('startPasskey'),
    /** The browser's navigator.credentials.create: rejects with `NotAllowedError` when the person cancels. */
    createPasskey: notProvided<PendingPasskey['activation'], PasskeyAttestation>('createPasskey'),
    activatePasskey: notProvided<{ id: string; attestation: PasskeyAttestation }, MyPasskey>('activatePasskey'),
  },
  guards: {
    isOtherSession: ({ context, event }) =>
      event.type === 'signOutOne' && context.sessions.some((session) => session.id === event.id && !session.current),
    hasOtherSessions: ({ context }) => context.sessions.some((session) => !session.current),
    isListedPasskey: ({ context, event }) =>
      event.type === 'removePasskey' && context.passkeys.some((passkey) => passkey.id === event.id),
    /**
     * Passkeys are for the people the identity provider asks for one (IDP_PASSKEY_GROUPS), who enrolled their first
     * at sign-in: the list holding one is how this side knows; the identity provider is not asked separately.
     */
    offersPasskeys: ({ context }) => context.passkeys.length > 0,
    /** WebAuthn's answer to a prompt the person cancelled, dismissed or let time out. */
    isCancelled: ({ event }) =>
      'error' in event &&
      typeof event.error === 'object' &&
      event.error !== null &&
      (event.error as { name?: unknown }).name === 'NotAllowedError',
  },
  actions: {
    clearFailure: assign({ failure: undefined, addCancelled: false }),
  },
}).createMachine({
  id: 'securityDevices',
  context: {
    loaded: false,
    sessions: [],
    passkeys: [],
    removing: undefined,
    failure: undefined,
    adding: undefined,
    attestation: undefined,
    addCancelled: false,
  },
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
        addPasskey: { guard: 'offersPasskeys', target: 'startingPasskey', actions: 'clearFailure' },
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
    startingPasskey: {
      tags: 'busy',
      invoke: {
        id: 'startPasskey',
        src: 'startPasskey',
        onDone: { target: 'creatingPasskey', actions: assign({ adding: ({ event }) => event.output }) },
        onError: { target: 'loading', actions: assign({ failure: 'add' as const }) },
      },
    },
    /** The browser's prompt is open: the person picks this device, a phone or a security key, or cancels. */
    creatingPasskey: {
      tags: 'busy',
      invoke: {
        id: 'createPasskey',
        src: 'createPasskey',
        input: ({ context }) => started(context.adding).activation,
        onDone: { target: 'activatingPasskey', actions: assign({ attestation: ({ event }) => event.output }) },
        onError: [
          // Nothing was made: the list has not changed; the started passkey waits unused (the next one replaces it).
          { guard: 'isCancelled', target: 'ready', actions: assign({ adding: undefined, addCancelled: true }) },
          { target: 'loading', actions: assign({ adding: undefined, failure: 'add' as const }) },
        ],
      },
    },
    activatingPasskey: {
      tags: 'busy',
      invoke: {
        id: 'activatePasskey',
        src: 'activatePasskey',
        input: ({ context }) => ({ id: started(context.adding).id, attestation: started(context.attestation) }),
        onDone: { target: 'loading', actions: assign({ adding: undefined, attestation: undefined }) },
        onError: {
          target: 'loading',
          actions: assign({ adding: undefined, attestation: undefined, failure: 'add' as const }),
        },
      },
    },
  },
});
