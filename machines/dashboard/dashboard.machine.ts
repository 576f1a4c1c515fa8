import { assign, sendTo, setup } from 'xstate';
import type { DashboardFigures } from '@contracts/dashboard';
import { errorOf } from '../admin-grid/failure-notice';
import { notProvided } from '../support/actors';
import type { ReportingPorts } from '../support/ports';

export type DashboardEvent = { type: 'figures.refresh' } | { type: 'figures.retry' };

export type DashboardContext = ReportingPorts & {
  /** The last figures read; kept on screen while a refresh runs. */
  figures: DashboardFigures | undefined;
};

/**
 * The dashboard's figures (issue 13; docs/flows/dashboard.md): read when the page opens, shown until the person asks
 * for fresh ones (Refresh keeps the old figures on screen meanwhile); a failed read is reported (the error catalogue
 * says why, the one 401 policy applies) and may be tried again. The Edit Mode toggle and Clear cache beside them are
 * flows of their own.
 */
export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    input: {} as ReportingPorts,
    tags: {} as 'busy',
  },
  actors: {
    /** GET Dashboard/Figures. */
    loadFigures: notProvided<undefined, DashboardFigures>('loadFigures'),
  },
  actions: {
    keepFigures: assign((_, figures: DashboardFigures) => ({ figures })),
    dropFigures: assign({ figures: undefined }),
    reportLoadFailure: sendTo(
      ({ context }) => context.notifications,
      (_, error: unknown) => ({ type: 'error.report' as const, error, action: 'dashboard.loadFigures' }),
    ),
  },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({ notifications: input.notifications, figures: undefined }),
  initial: 'reading',
  states: {
    /**
     * The figures are read: the first time (nothing on screen yet), or again on Refresh or Try again. The figures
     * in context, if any, stay on screen meanwhile; a failed read drops them.
     */
    reading: {
      tags: 'busy',
      invoke: {
        id: 'loadFigures',
        src: 'loadFigures',
        onDone: { target: 'ready', actions: { type: 'keepFigures', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: ['dropFigures', { type: 'reportLoadFailure', params: errorOf }] },
      },
    },
    ready: { on: { 'figures.refresh': 'reading' } },
    /** The figures could not be read; Try again. */
    failed: { on: { 'figures.retry': 'reading' } },
  },
});
