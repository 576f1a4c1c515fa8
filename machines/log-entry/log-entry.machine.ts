import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { AuditEntry } from '@contracts/audit-log';
import type { ErrorEntry } from '@contracts/error-log';
import { errorOf } from '../admin-grid/failure-notice';
import type { EditorInput } from '../admin-grid/grid.types';
import type { NotificationsPort } from '../support/ports';

/** The entry a row's detail reads (an audit entry with its before and after, an error with every detail). */
export type LogEntryContext<Entry> = {
  notifications: NotificationsPort;
  /** The id of the row whose detail this is. */
  id: string;
  entry: Entry | undefined;
};

export type LogEntryEvent = { type: 'close' } | { type: 'retry' };

/**
 * The detail dialog of a log row (issue 13; docs/flows/log-entry.md): reads the row's full entry, shows it until the
 * person closes it; a failed read is reported (the error catalogue says why) and may be tried again. It sits in the
 * grid's `editor` slot and never saves, so closing it never reads the grid again (its output is nothing).
 *
 * A factory, because each log's entry has its own type; `loadEntry` is provided by the page's wiring.
 */
export function createLogEntryMachine<Entry>(id: string) {
  return setup({
    types: {
      context: {} as LogEntryContext<Entry>,
      events: {} as LogEntryEvent,
      input: {} as EditorInput<{ id: string }>,
      // Closing is all a detail can end with: nothing saved, so the grid does not read again.
      output: undefined,
    },
    actors: {
      /** GET the row's entry (AuditLog/{id}, ErrorLog/{id}). */
      loadEntry: fromPromise<Entry, { id: string }>(() => Promise.reject(new Error('loadEntry was not provided'))),
    },
    actions: {
      keepEntry: assign((_, entry: Entry) => ({ entry })),
      reportLoadFailure: sendTo(
        ({ context }) => context.notifications,
        (_, error: unknown) => ({ type: 'error.report' as const, error, action: `${id}.load` }),
      ),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ notifications: input.notifications, id: input.row?.id ?? '', entry: undefined }),
    initial: 'loading',
    states: {
      loading: {
        tags: 'busy',
        invoke: {
          src: 'loadEntry',
          input: ({ context }) => ({ id: context.id }),
          onDone: { target: 'showing', actions: { type: 'keepEntry', params: ({ event }) => event.output } },
          onError: { target: 'failed', actions: { type: 'reportLoadFailure', params: errorOf } },
        },
        on: { close: 'closed' },
      },
      showing: { on: { close: 'closed' } },
      /** The entry could not be read (gone, or the server failed); Try again, or close. */
      failed: { on: { retry: 'loading', close: 'closed' } },
      closed: { type: 'final' },
    },
    output: () => undefined,
  });
}

/** The audit log's detail: who changed what, and the record before and after. */
export const auditEntryMachine = createLogEntryMachine<AuditEntry>('auditEntry');
/** The error log's detail: every detail the SPA reported. */
export const errorEntryMachine = createLogEntryMachine<ErrorEntry>('errorEntry');
