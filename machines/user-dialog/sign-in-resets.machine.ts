import { assign, sendTo, setup } from 'xstate';
import { errorOf } from '../admin-grid/failure-notice';
import { notProvided } from '../support/actors';
import type { NotificationsPort } from '../support/ports';
import { label } from '../support/text';

/** What an administrator may reset of a person's sign-in: their sessions, or their factors. */
export type SignInReset = 'clearSessions' | 'resetFactors';

export type SignInResetsInput = {
  /** The person whose sign-in the administrator may reset; undefined for a new person (nothing to reset). */
  id: string | undefined;
  /** Only an administrator, and not on their own row (their own sessions are the one they are working in). */
  mayReset: boolean;
  notifications: NotificationsPort;
};

type SignInResetsContext = SignInResetsInput & {
  /** The reset asked about, confirmed or under way; undefined while none is. */
  asked: SignInReset | undefined;
};

export type SignInResetsEvent =
  { type: 'reset.ask'; reset: SignInReset } | { type: 'reset.confirm' } | { type: 'reset.cancel' };

/** The result each reset reports once done (src/i18n/labels/admin/instances.ts). */
export const resetDoneLabel: Record<SignInReset, string> = {
  clearSessions: 'Instance_Text_SessionsCleared',
  resetFactors: 'Instance_Text_FactorsReset',
};

/**
 * "Clear sessions" and "Reset factors" in the user dialog (issue 31 items 2 and 3, docs/flows/user-dialog.md): an
 * administrator ends every session of the person (their refresh tokens with them) or removes every factor they
 * enrolled, each after a question; `POST ManageUsers/{id}/ClearSessions` or `…/ResetFactors`. The result is a
 * success snackbar and the dialog stays open; a refusal or failure is reported. One reset at a time.
 */
export const signInResetsMachine = setup({
  types: {
    input: {} as SignInResetsInput,
    context: {} as SignInResetsContext,
    events: {} as SignInResetsEvent,
    children: {} as { resetSignIn: 'resetSignIn' },
  },
  actors: {
    resetSignIn: notProvided<{ id: string; reset: SignInReset }, undefined>('resetSignIn'),
  },
  actions: {
    forget: assign({ asked: undefined }),
    reportDone: sendTo(
      ({ context }) => context.notifications,
      ({ context }) => ({
        type: 'snackbar.show' as const,
        snackbar: { type: 'success' as const, message: label(resetDoneLabel[context.asked as SignInReset]) },
      }),
    ),
    report: sendTo(
      ({ context }) => context.notifications,
      ({ context }, error: unknown) => ({
        type: 'error.report' as const,
        error,
        action: `userDialog.${context.asked as SignInReset}`,
      }),
    ),
  },
}).createMachine({
  id: 'signInResets',
  context: ({ input }) => ({ ...input, asked: undefined }),
  initial: 'opening',
  states: {
    opening: {
      always: [
        { guard: ({ context }) => context.id !== undefined && context.mayReset, target: 'offered' },
        'unavailable',
      ],
    },
    /** A new person, an agent, or the administrator's own row: no resets. */
    unavailable: {},
    offered: {
      on: { 'reset.ask': { target: 'confirming', actions: assign({ asked: ({ event }) => event.reset }) } },
    },
    confirming: {
      on: { 'reset.confirm': 'resetting', 'reset.cancel': { target: 'offered', actions: 'forget' } },
    },
    resetting: {
      invoke: {
        id: 'resetSignIn',
        src: 'resetSignIn',
        input: ({ context }) => ({ id: context.id as string, reset: context.asked as SignInReset }),
        onDone: { target: 'offered', actions: ['reportDone', 'forget'] },
        onError: { target: 'offered', actions: [{ type: 'report', params: errorOf }, 'forget'] },
      },
    },
  },
});
