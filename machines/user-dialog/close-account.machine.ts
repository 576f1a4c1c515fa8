import { sendTo, setup } from 'xstate';
import { errorOf } from '../admin-grid/failure-notice';
import { notProvided } from '../support/actors';
import type { NotificationsPort } from '../support/ports';

export type CloseAccountInput = {
  /** The person whose account the administrator may close; undefined for a new person (nothing to close). */
  id: string | undefined;
  /** An agent edits on behalf; only administrators close accounts (the server's Manage users reach). */
  mayClose: boolean;
  notifications: NotificationsPort;
};

export type CloseAccountEvent = { type: 'close.ask' } | { type: 'close.confirm' } | { type: 'close.cancel' };

/**
 * "Close account" in the user dialog (issue 34 item 3, docs/flows/user-dialog.md): an administrator closes a person's
 * account as the person would close their own, after a confirmation; `POST ManageUsers/{id}/Close`. Ends (output
 * true) once closed, and the dialog closes with it so the grid reads its page again; a refusal (the administrator's
 * own account: 409) or any failure is reported and the question closes.
 */
export const closeAccountMachine = setup({
  types: {
    input: {} as CloseAccountInput,
    context: {} as CloseAccountInput,
    events: {} as CloseAccountEvent,
    output: {} as boolean,
    children: {} as { closeAccount: 'closeAccount' },
  },
  actors: {
    closeAccount: notProvided<{ id: string }, undefined>('closeAccount'),
  },
  actions: {
    report: sendTo(
      ({ context }) => context.notifications,
      (_, error: unknown) => ({ type: 'error.report' as const, error, action: 'userDialog.closeAccount' }),
    ),
  },
}).createMachine({
  id: 'closeAccount',
  context: ({ input }) => input,
  initial: 'opening',
  states: {
    opening: {
      always: [
        { guard: ({ context }) => context.id !== undefined && context.mayClose, target: 'offered' },
        'unavailable',
      ],
    },
    /** A new person, or an agent: no Close account. */
    unavailable: {},
    offered: { on: { 'close.ask': 'confirming' } },
    confirming: { on: { 'close.confirm': 'closing', 'close.cancel': 'offered' } },
    closing: {
      invoke: {
        id: 'closeAccount',
        src: 'closeAccount',
        input: ({ context }) => ({ id: context.id as string }),
        onDone: 'closed',
        onError: { target: 'offered', actions: { type: 'report', params: errorOf } },
      },
    },
    closed: { type: 'final' },
  },
  output: () => true,
});
