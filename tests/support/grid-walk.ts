import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { selectPageRows, selectPaging } from '@machines/admin-grid/grid.selectors';
import type { GridExportInput, GridLoad, GridQuery } from '@machines/admin-grid/grid.types';
import { isNetworkFailure, NetworkError } from '@contracts/failures';
import {
  actorDone,
  actorError,
  afterEventType,
  createControlledActor,
  delayEnd,
  doneEventType,
  errorEventType,
} from './controlled-actor';
import { recordingNotifications } from './recording-ref';
import { notWalked } from './walk-types';

/*
 * The pieces every admin grid page's walk (tests/model/*-grid pages: applications, users) drives the same way: the
 * grid's two actors held by the walk, the notifications recorded, and the executors and state checks of what the
 * shared grid view (src/admin/grid) shows for every grid. Each page's walk adds what is its own.
 */

/** The grid's row reads, exports and deletes held by the walk, and what the page told the person. */
export function gridHarness<TRow>() {
  return {
    loadRows: createControlledActor<GridLoad<TRow>, GridQuery>(),
    exportRows: createControlledActor<unknown, GridExportInput<TRow>>(),
    deleteRow: createControlledActor<unknown, { row: TRow }>(),
    notifications: recordingNotifications(),
  };
}
export type GridHarness<TRow> = ReturnType<typeof gridHarness<TRow>>;

/** One cell (the first by default) of every body row of the page's table, in order (an open row's details are no row). */
export const tableNames = (column = 0) =>
  within(screen.getByRole('table'))
    .queryAllByRole('row')
    .slice(1)
    .filter((row) => within(row).queryByRole('region') === null)
    .map((row) => within(row).getAllByRole('cell')[column]?.textContent);

/** Waits for the error snackbar the page sends the notifications (§8). */
export async function expectErrorSnackbar(
  notifications: { received: unknown[] },
  titleId: string,
  message: { id: string } | { raw: string },
) {
  await waitFor(() => {
    expect(notifications.received).toContainEqual({
      type: 'snackbar.show',
      snackbar: { type: 'error', title: { id: titleId }, message },
    });
  });
}

/** What the shared grid view shows in the states that read nothing of the page's own. */
export const gridStates = <TRow>() => ({
  failed: async () => {
    expect(await screen.findByText('The list could not be loaded.')).toBeInTheDocument();
  },
  offline: (_s: unknown, h: GridHarness<TRow>) => expectNoAnswer(h),
  'ready.deleting': async (_s: unknown, h: GridHarness<TRow>) => {
    await waitFor(() => {
      expect(h.deleteRow.waiting()).toBe(1);
    });
  },
  'ready.exporting': (_s: unknown, h: GridHarness<TRow>) => expectExporting(h),
});

const isReportedNoAnswer = (event: unknown) =>
  (event as { type?: string }).type === 'error.report' && isNetworkFailure((event as { error?: unknown }).error);
const isSnackbar = (event: unknown) => (event as { type?: string }).type === 'snackbar.show';

/**
 * A list with no answer (issue 29 §3): the loader stays, no failure, and the catalogue is told (it shows the
 * connection-lost notice), never a snackbar or "The list could not be loaded.".
 */
async function expectNoAnswer<TRow>(h: GridHarness<TRow>) {
  await expectLoading();
  expect(screen.queryByText('The list could not be loaded.')).toBeNull();
  await waitFor(() => {
    expect(h.notifications.received.some(isReportedNoAnswer)).toBe(true);
  });
  expect(h.notifications.received.some(isSnackbar)).toBe(false);
}

/** Export waits for its file, busy, while the rows stay on screen. */
async function expectExporting<TRow>(h: GridHarness<TRow>) {
  await waitFor(() => {
    expect(h.exportRows.waiting()).toBe(1);
  });
  expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveAttribute('aria-busy', 'true');
}

/** The page's Loading text, which every grid shows while it reads. */
export async function expectLoading() {
  expect(await screen.findByText('Loading the list…')).toBeInTheDocument();
}

/**
 * The executors of the shared grid view: the read's answer (`loaded`) or failure (`readFailure`), Try again, the
 * filter's column (`filterColumn`, `name` unless the page's filter has none) and Clear, Next, Export and its answer or
 * failure (`readFailure` again), the delete dialog's Yes and No, and the delete's answer or refusal, which the page
 * reports under `deleteFailTitle` with the server's message.
 */
export function gridExecutors<TRow>(options: {
  loaded: GridLoad<TRow>;
  readFailure: Error;
  deleteRefusal: Error;
  deleteFailTitle: string;
  filterColumn?: string;
}) {
  return {
    [doneEventType('loadRows')]: async (_step: unknown, h: GridHarness<TRow>) => {
      await waitFor(() => {
        expect(h.loadRows.waiting()).toBe(1);
      });
      act(() => {
        h.loadRows.resolve(options.loaded);
      });
    },
    // The walk's own failure: the server's (`readFailure`) or none at all (a NetworkError, issue 29 §3).
    [errorEventType('loadRows')]: async ({ event }: { event: { error: unknown } }, h: GridHarness<TRow>) => {
      await waitFor(() => {
        expect(h.loadRows.waiting()).toBe(1);
      });
      act(() => {
        h.loadRows.reject(event.error);
      });
    },
    'grid.refresh': async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    },
    'filter.column': async () => {
      await userEvent.selectOptions(
        screen.getByRole('combobox', { name: 'Search by' }),
        options.filterColumn ?? 'name',
      );
    },
    'filter.clear': async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    },
    'page.go': async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    },
    'grid.export': async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    },
    [doneEventType('exportRows')]: (_step: unknown, h: GridHarness<TRow>) => {
      act(() => {
        h.exportRows.resolve(undefined);
      });
    },
    // A failed export is reported (the error catalogue says why: spec §8) and the rows stay.
    [errorEventType('exportRows')]: async (_step: unknown, h: GridHarness<TRow>) => {
      act(() => {
        h.exportRows.reject(options.readFailure);
      });
      await waitFor(() => {
        expect(h.notifications.received).toContainEqual({
          type: 'error.report',
          error: options.readFailure,
          action: expect.stringMatching(/Grid\.export$/) as unknown,
        });
      });
    },
    'delete.confirm': async () => {
      // Each page's own verb: "Delete application", "Delete user" …
      await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: /^Delete / }));
    },
    'delete.cancel': async () => {
      await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Keep it' }));
    },
    [doneEventType('deleteRow')]: (_step: unknown, h: GridHarness<TRow>) => {
      act(() => {
        h.deleteRow.resolve(undefined);
      });
    },
    [errorEventType('deleteRow')]: async (_step: unknown, h: GridHarness<TRow>) => {
      act(() => {
        h.deleteRow.reject(options.deleteRefusal);
      });
      // §8: an error snackbar with the server's message under the page's delete-failed title.
      await expectErrorSnackbar(h.notifications, options.deleteFailTitle, { raw: options.deleteRefusal.message });
    },
  };
}

/**
 * A list read that gets no answer at all (issue 29 §3), for every grid's walk: the failure (a NetworkError, which the
 * grid's `offline` state takes), the retry delay that leaves `offline`, and its executor: nothing to press (the loader
 * has no button), so it waits for the grid to read again by itself after `networkRetry` (3 s).
 */
export function gridNoAnswer<const TId extends string>(gridId: TId) {
  const offline = `${gridId}.offline` as const;
  const retryType = afterEventType('networkRetry', offline);
  const readAgainExecutor = async (_step: unknown, h: { loadRows: { waiting(): number } }) => {
    await waitFor(
      () => {
        expect(h.loadRows.waiting()).toBe(1);
      },
      { timeout: 10_000 },
    );
  };
  return {
    rowsNoAnswer: actorError('loadRows', new NetworkError('Failed to fetch')),
    readAgain: delayEnd('networkRetry', offline),
    // A computed key of a template type widens to `string`: the record keeps the retry's own event type.
    executors: { [retryType]: readAgainExecutor } as Record<typeof retryType, typeof readAgainExecutor>,
  };
}

/** The grid snapshot as the walk's graph reads it (every `createGridMachine` grid has these). */
type GridSnapshotLike = {
  value: unknown;
  matches(value: unknown): boolean;
  context: { pageIndex: number; filter: unknown };
};

/**
 * The graph of a client-paged admin grid page (every page but the server-paged users one): what each state can meet
 * through the page, how browsing states differ, and the journeys that end in a state reached before (shortest paths
 * skip them). The first row (`deleteId`) is on the first page, filtered or not; `saved` is what the dialog saves.
 */
export function gridWalkGraph<TRow>(options: {
  /** The grid machine's id, which names its `offline` state's retry delay. */
  gridId: string;
  rows: TRow[];
  readFailure: Error;
  deleteRefusal: Error;
  saved: TRow;
  deleteId: string;
  filterColumn: string;
  filterText: string;
}) {
  const rowsLoaded = actorDone('loadRows', options.rows);
  const rowsFailed = actorError('loadRows', options.readFailure);
  const { rowsNoAnswer, readAgain } = gridNoAnswer(options.gridId);
  const deleted = actorDone('deleteRow', undefined);
  const deleteRefused = actorError('deleteRow', options.deleteRefusal);
  const editorSaved = actorDone('editor', options.saved as TRow | undefined);
  const editorCancelled = actorDone('editor', undefined as TRow | undefined);
  const deleteFirst = { type: 'row.delete' as const, id: options.deleteId };
  const confirm = { type: 'delete.confirm' as const };
  const refresh = { type: 'grid.refresh' as const };
  const cancelDelete = { type: 'delete.cancel' as const };
  const chooseColumn = { type: 'filter.column' as const, column: options.filterColumn };
  const clear = { type: 'filter.clear' as const };
  const add = { type: 'row.add' as const };
  const exportAll = { type: 'grid.export' as const };
  const exported = actorDone('exportRows', undefined);
  const exportFailed = actorError('exportRows', options.readFailure);
  const browsing = [
    chooseColumn,
    { type: 'filter.text' as const, text: options.filterText },
    clear,
    { type: 'page.go' as const, index: 1 },
    add,
    exportAll,
  ];
  type Walked =
    | (typeof browsing)[number]
    | typeof rowsLoaded
    | typeof rowsFailed
    | typeof rowsNoAnswer
    | typeof readAgain
    | typeof deleted
    | typeof deleteRefused
    | typeof exported
    | typeof exportFailed
    | typeof editorSaved
    | typeof deleteFirst
    | typeof confirm
    | typeof refresh
    | typeof cancelDelete;
  /** The events each state can meet through the page: actors answer only while they run. */
  const events = (s: GridSnapshotLike): Walked[] => {
    if (s.matches('loading')) return [rowsLoaded, rowsFailed, rowsNoAnswer];
    if (s.matches('failed')) return [refresh];
    if (s.matches('offline')) return [readAgain];
    if (s.matches({ ready: 'browsing' })) return [...browsing, ...(s.context.pageIndex === 0 ? [deleteFirst] : [])];
    if (s.matches({ ready: 'confirmingDelete' })) return [confirm, cancelDelete];
    if (s.matches({ ready: 'deleting' })) return [deleted, deleteRefused];
    if (s.matches({ ready: 'exporting' })) return [exported, exportFailed];
    if (s.matches({ ready: 'editing' })) return [editorSaved, editorCancelled];
    return [];
  };
  const journeys: readonly (readonly Walked[])[] = [
    [rowsFailed, refresh],
    [rowsNoAnswer, readAgain, rowsLoaded],
    [rowsLoaded, chooseColumn, clear],
    [rowsLoaded, deleteFirst, cancelDelete],
    [rowsLoaded, deleteFirst, confirm, deleted],
    [rowsLoaded, deleteFirst, confirm, deleteRefused],
    [rowsLoaded, add, editorSaved],
    [rowsLoaded, add, editorCancelled],
    [rowsLoaded, exportAll, exported],
    [rowsLoaded, exportAll, exportFailed],
  ];
  return {
    events,
    /** The one traversal: a fresh page, its journeys, browsing states told apart by what the filter and pager show. */
    scenario: {
      input: { notifications: recordingNotifications().ref },
      serializeState: (s: GridSnapshotLike) =>
        JSON.stringify(s.matches({ ready: 'browsing' }) ? [s.value, s.context.filter, s.context.pageIndex] : [s.value]),
      journeys,
    },
    offlineExecutors: gridNoAnswer(options.gridId).executors,
    /** A read or a dialog that answered with a row says so in the title (one that closed says nothing). */
    describeEvent: (event: Walked) => ('output' in event && event.output !== undefined ? 'saved' : undefined),
  };
}

/**
 * The browsing page as the grid's snapshot says: the page's rows in order (`cellOf` each row's text in `column`), the
 * pager, and Search only with a column and a text.
 */
export async function expectBrowsing<TRow>(
  s: Parameters<typeof selectPageRows<TRow>>[0],
  cellOf: (row: TRow) => string,
  column = 0,
) {
  const expected = selectPageRows(s).map(cellOf);
  await waitFor(() => {
    expect(tableNames(column)).toEqual(expected);
  });
  const paging = selectPaging(s);
  expect(screen.getByText(`Page ${paging.pageIndex + 1} of ${paging.pageCount}`)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Search' })).toHaveProperty(
    'disabled',
    !(s.context.filter.column !== undefined && s.context.filter.text.trim() !== ''),
  );
}

/**
 * The filter executors of a server-paged grid with a client filter (the users grid, the logs): type the search text,
 * Search, and narrow to Globex once the client list (All clients, then the demo clients the fake answers) is in.
 */
export function serverFilterExecutors(searchText: string) {
  return {
    'filter.text': async () => {
      await userEvent.type(screen.getByRole('searchbox', { name: 'Search text' }), searchText);
    },
    'filter.search': async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    },
    'filter.scope': async () => {
      const select = screen.getByRole('combobox', { name: 'Client' });
      await waitFor(() => {
        expect(
          within(select)
            .getAllByRole('option')
            .map((option) => option.textContent),
        ).toEqual(['All clients', 'Acme Health', 'Globex Retail']);
      });
      await userEvent.selectOptions(select, 'globex');
    },
  };
}

/** The grid event of the log pages (narrowings beside the filter) that a page without them never sends. */
export const logControlsNotWalked = {
  'filter.refine': notWalked('no narrowings beside the filter on this page: walked in tests/model/audit-log.model'),
};

/** The grid events of row details, which only the users grid offers. */
export const rowDetailsNotWalked = {
  'row.toggle': notWalked('this grid has no row details: walked in tests/model/users.model'),
  'details.retry': notWalked('this grid has no row details: a failed read is retried in tests/dom/user-details'),
};

/** The grid events a client-paged page's walk does not drive, each with where it is proved instead. */
export const clientPagedNotWalked = {
  ...logControlsNotWalked,
  ...rowDetailsNotWalked,
  'filter.search': notWalked('not offered to this graph: when Search applies is pinned in tests/unit/admin/grid'),
  'page.size': notWalked('not offered to this graph: page sizes are pinned in tests/unit/admin/grid'),
  'filter.scope': notWalked('server paging only: walked in tests/model/users.model'),
  'sort.by': notWalked('this grid names no sort columns; header sorting is walked in tests/model/users.model'),
};

/**
 * What a client-paged catalogue page's walk does on its own page, the same way on every such page: type the search
 * text, Add, delete the first row, and answer the add dialog (Cancel, or fill it and Save). Edit is walked by the
 * dialog's own walk.
 */
export function clientPagedPageExecutors(page: {
  searchText: string;
  addLabel: string;
  /** The accessible name of the first row's delete button. */
  deleteLabel: string;
  /** Where the edit dialog is walked instead (its walk's file name). */
  dialogWalk: string;
  /** Fills the add dialog with a valid record (Save follows). */
  fillDialog: (dialog: HTMLElement) => Promise<void>;
}) {
  return {
    'filter.text': async () => {
      await userEvent.type(screen.getByRole('searchbox', { name: 'Search text' }), page.searchText);
    },
    'row.add': async () => {
      await userEvent.click(screen.getByRole('button', { name: page.addLabel }));
    },
    'row.edit': notWalked(`not offered to this graph: the edit dialog is walked in ${page.dialogWalk}`),
    'row.delete': async () => {
      await userEvent.click(screen.getByRole('button', { name: page.deleteLabel }));
    },
    [doneEventType('editor')]: async ({ event }: { event: { output?: unknown } }) => {
      const dialog = await screen.findByRole('dialog');
      if (event.output === undefined) {
        await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
        return;
      }
      await page.fillDialog(dialog);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    },
  };
}

/** Why a read-only grid (the audit and error logs) never walks the grid's delete and add. */
const readOnlyReason = notWalked('the log is read only: no row offers Delete, and the page has no Add');

/** The states and events of the shared grid's delete and add, which a read-only page never reaches. */
export const readOnlyGridWalk = {
  states: { 'ready.confirmingDelete': readOnlyReason, 'ready.deleting': readOnlyReason },
  executors: {
    [doneEventType('deleteRow')]: readOnlyReason,
    [errorEventType('deleteRow')]: readOnlyReason,
    'delete.confirm': readOnlyReason,
    'delete.cancel': readOnlyReason,
    'row.delete': readOnlyReason,
    'row.add': readOnlyReason,
  },
};

/** What a log page's walk does the same way on both logs: closing a row's detail dialog. */
export const logPageExecutors = {
  [doneEventType('editor')]: async () => {
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  },
};
