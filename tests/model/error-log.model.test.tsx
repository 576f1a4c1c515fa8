/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { selectPageRows } from '@machines/admin-grid/grid.selectors';
import type { GridLoad, GridPage } from '@machines/admin-grid/grid.types';
import { errorGridMachine } from '@machines/admin-grid/log-grids';
import { errorEntryMachine } from '@machines/log-entry/log-entry.machine';
import { ErrorLogScreen } from '@src/admin/logs/ErrorLogPage';
import type { ErrorEntry, ErrorRow } from '@contracts/error-log';
import { ApiError } from '@contracts/failures';
import { actorDone, actorError } from '../support/controlled-actor';
import {
  expectLoading,
  gridExecutors,
  gridHarness,
  gridStates,
  logPageExecutors,
  readOnlyGridWalk,
  rowDetailsNotWalked,
  tableNames,
  gridNoAnswer,
} from '../support/grid-walk';
import { recordingNotifications } from '../support/recording-ref';
import { renderAdminView } from '../support/render-admin';
import { describeWalks } from '../support/walk';
import { notWalked } from '../support/walk-types';

type GridSnapshot = SnapshotFrom<typeof errorGridMachine>;

const row = (n: number): ErrorRow => ({
  id: `e${String(n)}`,
  at: `2026-04-${String(10 + n)}T12:00:00.000Z`,
  level: 'ERROR',
  code: `HttpError${String(n)}`,
  message: 'There was an HTTP error.',
  locationUrl: `http://localhost:3000/page${String(n)}`,
  deviceInfo: 'Firefox 133',
  clientId: 'acme',
  clientName: 'Acme Health',
});
const page: GridPage<ErrorRow> = { rows: [1, 2].map(row), total: 2 };
const first = page.rows[0]!;
const entry: ErrorEntry = {
  ...first,
  details: 'TypeError: x is undefined\n    at render (app.js:1:2)',
  audience: 'ALL',
  action: 'profile.load',
  applicationName: 'Gatehouse',
  environment: 'LOCAL',
  requestId: 'req-1',
  userId: 'u1',
};
const serverDown = new ApiError({ status: 500, code: 'internal', message: 'Internal server error', requestId: 'q1' });

const pageLoaded = actorDone('loadRows', page as GridLoad<ErrorRow>);
const pageFailed = actorError('loadRows', serverDown);
const noAnswer = gridNoAnswer('errorGrid');
const exported = actorDone('exportRows', undefined);
const exportFailed = actorError('exportRows', serverDown);
const detailClosed = actorDone('editor', undefined as unknown);
const viewFirst = { type: 'row.edit', id: first.id } as const;
const exportAll = { type: 'grid.export' } as const;
const audits = { type: 'filter.refine', name: 'level', value: 'AUDIT' } as const;

type Walked =
  | typeof pageLoaded
  | typeof pageFailed
  | typeof noAnswer.rowsNoAnswer
  | typeof noAnswer.readAgain
  | typeof exported
  | typeof exportFailed
  | typeof detailClosed
  | typeof viewFirst
  | typeof exportAll
  | typeof audits
  | { type: 'grid.refresh' };

/** The events each state can meet through the page: from the unnarrowed page, the level, Export, a row's details. */
const eventsOf = (s: GridSnapshot): Walked[] => {
  if (s.matches('loading')) return [pageLoaded, pageFailed, noAnswer.rowsNoAnswer];
  if (s.matches('failed')) return [{ type: 'grid.refresh' as const }];
  if (s.matches('offline')) return [noAnswer.readAgain];
  if (s.matches({ ready: 'browsing' }))
    return Object.keys(s.context.refinements).length === 0 ? [audits, exportAll, viewFirst] : [];
  if (s.matches({ ready: 'exporting' })) return [exported, exportFailed];
  if (s.matches({ ready: 'editing' })) return [detailClosed];
  return [];
};

function renderPage() {
  const harness = gridHarness<ErrorRow>();
  // The real detail dialog, its read answering at once: its own states are pinned in tests/unit/machines/log-entry.
  const editor = errorEntryMachine.provide({ actors: { loadEntry: fromPromise(() => Promise.resolve(entry)) } });
  const logic = errorGridMachine.provide({
    actors: { loadRows: harness.loadRows.logic, exportRows: harness.exportRows.logic, editor },
  });
  renderAdminView(
    <ErrorLogScreen
      notifications={harness.notifications.ref}
      providerAdmin={false}
      wire={() => logic}
      loadClients={() => Promise.reject(new Error('a client administrator is offered no client filter'))}
    />,
  );
  return harness;
}

const sharedGrid = notWalked('the shared grid’s, walked in tests/model/audit-log.model and users.model');

describeWalks(errorGridMachine, {
  title: 'Error log walk (issue 13: a client administrator’s errors, by level, exported, an error in detail)',
  events: eventsOf,
  scenarios: [
    {
      input: { notifications: recordingNotifications().ref },
      serializeState: (s) => JSON.stringify([s.value, s.context.refinements]),
      journeys: [
        [pageFailed, { type: 'grid.refresh' }],
        [noAnswer.rowsNoAnswer, noAnswer.readAgain, pageLoaded],
        [pageLoaded, viewFirst, detailClosed],
        [pageLoaded, exportAll, exported],
        [pageLoaded, exportAll, exportFailed],
      ],
    },
  ],
  start: renderPage,
  describeEvent: (event) =>
    event.type.startsWith('xstate.error') ? (event === noAnswer.rowsNoAnswer ? 'no answer' : 'refused') : undefined,
  // A bound so a stuck walk fails instead of hanging (not a speed check).
  timeout: 30_000,
  states: {
    ...gridStates<ErrorRow>(),
    ...readOnlyGridWalk.states,
    loading: async (s, h) => {
      await expectLoading();
      await waitFor(() => {
        expect(h.loadRows.calls.at(-1)?.refinements).toEqual(s.context.refinements);
      });
    },
    'ready.browsing': async (s) => {
      await waitFor(() => {
        expect(tableNames(2)).toEqual(selectPageRows(s).map((r) => r.code));
      });
      // A client administrator is offered no client filter: the server scopes their rows.
      expect(screen.queryByRole('combobox', { name: 'Client' })).toBeNull();
      expect(screen.getByRole('combobox', { name: 'Level' })).toHaveValue(s.context.refinements.level ?? '');
    },
    'ready.editing': async () => {
      const dialog = await screen.findByRole('dialog');
      expect(await within(dialog).findByRole('heading', { name: `Error ${first.code}` })).toBeInTheDocument();
      expect(within(dialog).getByRole('region', { name: 'Details' })).toHaveTextContent(
        'TypeError: x is undefined at render (app.js:1:2)',
      );
      expect(within(dialog).getByText(first.locationUrl)).toBeInTheDocument();
      expect(within(dialog).getByText('req-1')).toBeInTheDocument();
    },
  },
  executors: {
    ...gridExecutors({
      loaded: page,
      readFailure: serverDown,
      deleteRefusal: serverDown,
      deleteFailTitle: 'Global_Error_Unknown',
      filterColumn: 'code',
    }),
    ...noAnswer.executors,
    ...readOnlyGridWalk.executors,
    ...rowDetailsNotWalked,
    'filter.column': sharedGrid,
    'filter.text': sharedGrid,
    'filter.search': sharedGrid,
    'filter.clear': sharedGrid,
    'filter.scope': notWalked('a client administrator has no client filter; walked in tests/model/audit-log.model'),
    'page.go': sharedGrid,
    'page.size': sharedGrid,
    'sort.by': sharedGrid,
    'filter.refine': async () => {
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Level' }), 'AUDIT');
    },
    ...logPageExecutors,
    'row.edit': async () => {
      await userEvent.click(screen.getByRole('button', { name: `Details of ${first.code}` }));
    },
  },
});
