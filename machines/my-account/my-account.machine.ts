import { assign, sendTo, setup } from 'xstate';
import { ApiError } from '@contracts/failures';
import type { Culture } from '@contracts/culture';
import type { MyAccount } from '@contracts/my-account';
import { errorOf } from '../admin-grid/failure-notice';
import { notProvided } from '../support/actors';
import type { IdentityPorts } from '../support/ports';

export type MyAccountInput = {
  culture: Culture;
  ports: IdentityPorts;
};

/** Why the closing was refused where the person can act on it: the password was not right. */
export type ClosingRefusal = 'wrongPassword' | undefined;

type MyAccountContext = MyAccountInput & {
  account: MyAccount | undefined;
  password: string;
  refusal: ClosingRefusal;
};

export type MyAccountEvent =
  | { type: 'download' }
  | { type: 'close.start' }
  | { type: 'password.change'; value: string }
  | { type: 'close.confirm' }
  | { type: 'close.cancel' }
  | { type: 'retry' };

/** The address of the goodbye page the person lands on once signed out (a public page, in their language). */
export const goodbyeAddressOf = (culture: Culture): string => `/Goodbye/${culture}`;

/** A 400 of the closing: the server's "The password is not right." (server/api/my-account/routes.ts). */
const isWrongPassword = (error: unknown): boolean => error instanceof ApiError && error.status === 400;

/**
 * My account (issue 34 item 3, docs/flows/my-account.md): the board's page next to Edit Profile where a person downloads
 * what Gatehouse holds about them (one JSON file) and, when their client allows it, closes their account. Closing asks
 * for the password again and a confirmation; once the server has closed the account, the session signs out (every
 * token of theirs is already revoked by the server) and the browser goes to the goodbye page in the person's language.
 * Single-sign-on people have no password here: the page tells them their organisation closes their account.
 */
export const myAccountMachine = setup({
  types: {
    context: {} as MyAccountContext,
    input: {} as MyAccountInput,
    events: {} as MyAccountEvent,
    children: {} as { loadAccount: 'loadAccount'; downloadData: 'downloadData'; closeAccount: 'closeAccount' },
    tags: {} as 'busy',
  },
  actors: {
    /** GET MyAccount: whether the client lets the person close their account, and whether they sign in elsewhere. */
    loadAccount: notProvided<undefined, MyAccount>('loadAccount'),
    /** GET MyAccount/Data, handed to the browser as a file (the edge saves it). */
    downloadData: notProvided<undefined, undefined>('downloadData'),
    /** POST MyAccount/Close with the password asked again. */
    closeAccount: notProvided<{ password: string }, undefined>('closeAccount'),
  },
  actions: {
    /**
     * Leaves for the goodbye page once the session has signed out (the session's sign-out follows the address). The
     * address goes as it is, as the Logout route's is once the route has decoded it: an encoded one would be followed
     * literally, to `/%2FGoodbye%2F…`, a page that does not exist.
     */
    signOut: sendTo(
      ({ context }) => context.ports.session,
      ({ context }) => ({ type: 'session.logOut' as const, redirectUrl: goodbyeAddressOf(context.culture) }),
    ),
    report: sendTo(
      ({ context }) => context.ports.notifications,
      (_, { error, action }: { error: unknown; action: string }) => ({ type: 'error.report' as const, error, action }),
    ),
  },
  guards: {
    mayClose: ({ context }) => context.account?.closingAllowed === true && !context.account.ssoUser,
    hasPassword: ({ context }) => context.password !== '',
    isWrongPassword: (_, error: unknown) => isWrongPassword(error),
  },
}).createMachine({
  id: 'myAccount',
  context: ({ input }) => ({ ...input, account: undefined, password: '', refusal: undefined }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        onDone: { target: 'ready', actions: assign({ account: ({ event }) => event.output }) },
        onError: {
          target: 'loadFailed',
          actions: { type: 'report', params: ({ event }) => ({ error: event.error, action: 'myAccount.load' }) },
        },
      },
    },
    /** The page's error card, with a way to try again. */
    loadFailed: { on: { retry: 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            download: 'downloading',
            'close.start': { guard: 'mayClose', target: 'confirming' },
          },
        },
        downloading: {
          tags: 'busy',
          invoke: {
            id: 'downloadData',
            src: 'downloadData',
            onDone: 'idle',
            onError: {
              target: 'idle',
              actions: {
                type: 'report',
                params: ({ event }) => ({ error: event.error, action: 'myAccount.download' }),
              },
            },
          },
        },
        /** The closing's dialog: the password asked again, and a last "Close my account" or Cancel. */
        confirming: {
          on: {
            'password.change': { actions: assign({ password: ({ event }) => event.value, refusal: undefined }) },
            'close.confirm': { guard: 'hasPassword', target: 'closing' },
            'close.cancel': { target: 'idle', actions: assign({ password: '', refusal: undefined }) },
          },
        },
        closing: {
          tags: 'busy',
          invoke: {
            id: 'closeAccount',
            src: 'closeAccount',
            input: ({ context }) => ({ password: context.password }),
            onDone: { target: '#myAccount.closed' },
            onError: [
              {
                guard: { type: 'isWrongPassword', params: errorOf },
                target: 'confirming',
                actions: assign({ password: '', refusal: 'wrongPassword' }),
              },
              {
                target: 'confirming',
                actions: {
                  type: 'report',
                  params: ({ event }) => ({ error: event.error, action: 'myAccount.close' }),
                },
              },
            ],
          },
        },
      },
    },
    /** The account is gone: the session signs out everywhere it still can and the browser leaves for the goodbye page. */
    closed: { type: 'final', tags: 'busy', entry: 'signOut' },
  },
});
