/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { selectPageRows, selectPaging } from '@machines/admin-grid/grid.selectors';
import type { GridLoad, GridPage } from '@machines/admin-grid/grid.types';
import { auditGridMachine } from '@machines/admin-grid/log-grids';
import { auditEntryMachine } from '@machines/log-entry/log-entry.machine';
import { AuditLogScreen } from '@src/admin/logs/AuditLogPage';
import type { AuditEntry, AuditRow } from '@contracts/audit-log';
import { ApiError } from '@contracts/failures';
import { actorDone, actorError } from '../support/controlled-actor';
import {
  expectLoading,
  gridExecutors,
  gridHarness,
  logPageExecutors,
  readOnlyGridWalk,
  rowDetailsNotWalked,
  gridStates,
  serverFilterExecutors,
  tableNames,
  gridNoAnswer,
} from '../support/grid-walk';
import { recordingNotifications } from '../support/recording-ref';
import { renderAdminView } from '../support/render-admin';
import { describeWalks } from '../support/walk';
import { notWalked } from '../support/walk-types';

type GridSnapshot = SnapshotFrom<typeof auditGridMachine>;

const row = (n: number): AuditRow => ({
  id: `a${String(n)}`,
  at: `2026-03-${String(10 + n)}T12:00:00.000Z`,
  // As the server stores it: the login with its client's internal prefix, which no admin screen shows.
  actor: `AUL__admin${String(n)}@gatehouse.test`,
  action: 'update',
  entity: 'client',
  entityId: 'c1',
  clientId: 'acme',
  clientName: 'Acme Health',
});
/** The newest page of 23 changes. */
const page: GridPage<AuditRow> = { rows: [1, 2, 3].map(row), total: 23 };
const first = page.rows[0]!;
/** The first row's change in detail: a client renamed, its sign-up setting unchanged. */
const entry: AuditEntry = {
  ...first,
  before: { name: 'Acme', autoSignUp: true },
  after: { name: 'Acme Health', autoSignUp: true },
};
const clients = [
  { id: 'acme', name: 'Acme Health' },
  { id: 'globex', name: 'Globex Retail' },
];
const serverDown = new ApiError({ status: 500, code: 'internal', message: 'Internal server error', requestId: 'q1' });

const pageLoaded = actorDone('loadRows', page as GridLoad<AuditRow>);
const pageFailed = actorError('loadRows', serverDown);
const noAnswer = gridNoAnswer('auditGrid');
const exported = actorDone('exportRows', undefined);
const exportFailed = actorError('exportRows', serverDown);
const detailClosed = actorDone('editor', undefined as unknown);
const viewFirst = { type: 'row.edit', id: first.id } as const;
const exportAll = { type: 'grid.export' } as const;
const chooseActor = { type: 'filter.column', column: 'actor' } as const;
const typeActor = { type: 'filter.text', text: 'admin1' } as const;
const search = { type: 'filter.search' } as const;
const clear = { type: 'filter.clear' } as const;
const fromDay = { type: 'filter.refine', name: 'from', value: '2026-03-01' } as const;
const globex = { type: 'filter.scope', scope: 'globex' } as const;
const oldestFirst = { type: 'sort.by', column: 'at' } as const;

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
  | typeof chooseActor
  | typeof typeActor
  | typeof search
  | typeof clear
  | typeof fromDay
  | typeof globex
  | typeof oldestFirst
  | { type: 'grid.refresh' };

/**
 * The events each state can meet through the page. The query events are offered from the unfiltered first page only
 * (and the search steps in order), so each reads once.
 */
const eventsOf = (s: GridSnapshot): Walked[] => {
  if (s.matches('loading')) return [pageLoaded, pageFailed, noAnswer.rowsNoAnswer];
  if (s.matches('failed')) return [{ type: 'grid.refresh' as const }];
  if (s.matches('offline')) return [noAnswer.readAgain];
  if (s.matches({ ready: 'browsing' })) {
    const { filter, applied, scope, refinements, sort } = s.context;
    if (applied.column !== undefined) return [clear];
    const pristine = scope === undefined && Object.keys(refinements).length === 0 && sort === undefined;
    if (!pristine) return [];
    if (filter.column === undefined) return [chooseActor, fromDay, globex, oldestFirst, exportAll, viewFirst];
    if (filter.text === '') return [typeActor];
    return [search];
  }
  if (s.matches({ ready: 'exporting' })) return [exported, exportFailed];
  if (s.matches({ ready: 'editing' })) return [detailClosed];
  return [];
};

function renderPage() {
  const harness = gridHarness<AuditRow>();
  // The real detail dialog, its read answering at once: its own states are pinned in tests/unit/machines/log-entry.
  const editor = auditEntryMachine.provide({
    actors: { loadEntry: fromPromise(() => Promise.resolve(entry)) },
  });
  const logic = auditGridMachine.provide({
    actors: { loadRows: harness.loadRows.logic, exportRows: harness.exportRows.logic, editor },
  });
  renderAdminView(
    <AuditLogScreen
      notifications={harness.notifications.ref}
      providerAdmin
      wire={() => logic}
      loadClients={() => Promise.resolve(clients)}
    />,
  );
  return harness;
}

describeWalks(auditGridMachine, {
  title: 'Audit log walk (issue 13: server-paged, filtered, exported, a change in detail, through the real page)',
  events: eventsOf,
  scenarios: [
    {
      input: { notifications: recordingNotifications().ref },
      serializeState: (s) =>
        JSON.stringify([
          s.value,
          s.context.filter,
          s.context.applied,
          s.context.scope,
          s.context.refinements,
          s.context.sort,
        ]),
      journeys: [
        [pageFailed, { type: 'grid.refresh' }],
        [noAnswer.rowsNoAnswer, noAnswer.readAgain, pageLoaded],
        [pageLoaded, viewFirst, detailClosed],
        [pageLoaded, exportAll, exported],
        [pageLoaded, exportAll, exportFailed],
        [pageLoaded, chooseActor, typeActor, search, pageLoaded, clear, pageLoaded],
      ],
    },
  ],
  start: renderPage,
  describeEvent: (event) =>
    event.type.startsWith('xstate.error') ? (event === noAnswer.rowsNoAnswer ? 'no answer' : 'refused') : undefined,
  // A bound so a stuck walk fails instead of hanging (not a speed check).
  timeout: 30_000,
  states: {
    ...gridStates<AuditRow>(),
    ...readOnlyGridWalk.states,
    loading: async (s, h) => {
      await expectLoading();
      // What the page asks the server for is the grid's query: the search, the client, the days, the order.
      await waitFor(() => {
        expect(h.loadRows.calls.at(-1)).toEqual({
          filter: s.context.applied,
          scope: s.context.scope,
          refinements: s.context.refinements,
          pageIndex: s.context.pageIndex,
          pageSize: s.context.pageSize,
          from: s.context.from,
          sort: s.context.sort,
        });
      });
    },
    'ready.browsing': async (s) => {
      const expected = selectPageRows(s).map((r) => r.actor.replace('AUL__', ''));
      await waitFor(() => {
        expect(tableNames(1)).toEqual(expected);
      });
      const paging = selectPaging(s);
      expect(
        screen.getByText(`Page ${String(paging.pageIndex + 1)} of ${String(paging.pageCount)}`),
      ).toBeInTheDocument();
      // Read only: a row offers its details, never Edit or Delete, and the page has no Add.
      expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
      expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
      expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveProperty('disabled', false);
      expect(screen.getByRole('columnheader', { name: /When/ })).toHaveAttribute(
        'aria-sort',
        s.context.sort === undefined ? 'none' : 'ascending',
      );
      expect(screen.getByLabelText('From')).toHaveValue(s.context.refinements.from ?? '');
    },
    'ready.editing': async () => {
      const dialog = await screen.findByRole('dialog');
      expect(await within(dialog).findByRole('heading', { name: 'Client · Changed' })).toBeInTheDocument();
      // The before and after, field by field: the name changed, the sign-up setting did not.
      const renamed = within(dialog).getByRole('row', { name: /^name Acme Acme Health changed$/ });
      expect(renamed).toHaveAttribute('data-change', 'changed');
      expect(within(dialog).getByRole('row', { name: /^autoSignUp true true unchanged$/ })).toHaveAttribute(
        'data-change',
        'same',
      );
      expect(within(dialog).getByText('admin1@gatehouse.test')).toBeInTheDocument();
    },
  },
  executors: {
    ...gridExecutors({
      loaded: page,
      readFailure: serverDown,
      deleteRefusal: serverDown,
      deleteFailTitle: 'Global_Error_Unknown',
      filterColumn: 'actor',
    }),
    ...noAnswer.executors,
    ...readOnlyGridWalk.executors,
    ...rowDetailsNotWalked,
    'page.go': notWalked('paging is the shared grid’s, walked in tests/model/users.model'),
    'page.size': notWalked('page sizes are the shared grid’s, walked in tests/model/users.model'),
    ...serverFilterExecutors(typeActor.text),
    'filter.refine': async () => {
      const from = screen.getByLabelText('From');
      await userEvent.type(from, fromDay.value);
    },
    'sort.by': async () => {
      await userEvent.click(within(screen.getByRole('columnheader', { name: /When/ })).getByRole('button'));
    },
    ...logPageExecutors,
    'row.edit': async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Details of admin1@gatehouse.test: Client · Changed' }));
    },
  },
});
