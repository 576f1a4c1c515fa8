import {
  assign,
  enqueueActions,
  fromPromise,
  sendTo,
  setup,
  spawnChild,
  stopChild,
  type AnyActorLogic,
  type DoneActorEvent,
} from 'xstate';
import { GRID_MAX_JUMP_PAGES } from '@contracts/paged-query';
import { label } from '../support/text';
import { isNetworkFailureGuard, NETWORK_RETRY_MS } from '../support/network';
import { errorOf, failureNotice } from './failure-notice';
import {
  canSearch,
  clampPage,
  emptyFilter,
  filterRows,
  initialPageSize,
  nextSort,
  pageSizesOf,
  sortRows,
  type FilterDraft,
  type GridSort,
} from './grid-filter';
import type {
  EditorInput,
  EditorOutput,
  GridConfig,
  GridContext,
  GridEvent,
  GridExportInput,
  GridFrom,
  RowDetailsState,
  GridInput,
  GridLoad,
  GridQuery,
} from './grid.types';

/**
 * The admin grid (admin-and-board §2, §5, §9): loads the rows, filters them (a search type and a valid input;
 * case-insensitive contains; clearing restores all), pages them, and runs the row actions: delete behind a
 * confirmation, add and edit through the page's dialog actor (`editor`), whose saved entity refreshes the grid, and
 * exports what the filter keeps as CSV (`exportRows`; issue 16: every admin grid).
 *
 * A factory, because each page has its own row type and columns; the actors `loadRows`, `exportRows`, `deleteRow` and
 * `editor` are provided by the page's wiring (fakes in tests). With `paging: 'server'` the server pages and filters
 * (`GridConfig.paging`): the same states, the query events read again instead of slicing in memory.
 */
export function createGridMachine<Row>(config: GridConfig<Row>) {
  const findRow = (rows: readonly Row[], id: string) => rows.find((row) => config.rowId(row) === id);
  /** The row a row event names (the guards made sure there is one). */
  const rowOfEvent = (context: GridContext<Row>, event: GridEvent) =>
    findRow(context.rows, 'id' in event ? event.id : '') as Row;
  const serverPaged = config.paging === 'server';
  const reload = '#' + config.id + '.loading';
  const sortColumns = config.sortColumns ?? {};
  const hasDetails = config.rowDetails === true;
  /** The rows a client-paged grid shows: the filter's, in the chosen order (computed once per change). */
  const visibleOf = (rows: readonly Row[], filter: FilterDraft, sort: GridSort | undefined) =>
    sortRows(filterRows(rows, config.searchColumns, filter), sortColumns, sort);
  /** The query events of a server-paged grid where a read may start: each reads the page again. */
  const serverQuery = {
    'filter.search': { guard: 'serverCanSearch', target: reload, actions: 'applySearch' },
    'filter.clear': { guard: 'serverPaged', target: reload, actions: 'clearSearch' },
    'filter.scope': { guard: 'serverPaged', target: reload, actions: 'rescope' },
    'filter.refine': {
      guard: 'serverPaged',
      target: reload,
      actions: { type: 'refine', params: ({ event }: { event: { name: string; value: string } }) => event },
    },
    'page.go': {
      guard: 'serverPaged',
      target: reload,
      actions: { type: 'goToPage', params: ({ event }: { event: { index: number } }) => event.index },
    },
    'page.size': {
      guard: { type: 'isOfferedServerSize', params: ({ event }: { event: { size: number } }) => event.size },
      target: reload,
      actions: { type: 'resize', params: ({ event }: { event: { size: number } }) => event.size },
    },
    'sort.by': {
      guard: { type: 'isServerSortColumn', params: ({ event }: { event: { column: string } }) => event.column },
      target: reload,
      actions: { type: 'sortBy', params: ({ event }: { event: { column: string } }) => event.column },
    },
  } as const;
  return setup({
    types: {
      context: {} as GridContext<Row>,
      events: {} as GridEvent,
      input: {} as GridInput,
      tags: {} as 'busy' | 'exporting' | 'offline',
    },
    actors: {
      /** GET the page's list (client paging: every row; server paging: the query's page and its total). */
      loadRows: fromPromise<GridLoad<Row>, GridQuery>(() => Promise.reject(new Error('loadRows was not provided'))),
      /** The download of every row the query keeps (the page's wiring makes and saves the file). */
      exportRows: fromPromise<unknown, GridExportInput<Row>>(() =>
        Promise.reject(new Error('exportRows was not provided')),
      ),
      /** An open row's details (`GridConfig.rowDetails`): a child per open row, which the view reads. */
      loadDetails: fromPromise<unknown, { row: Row }>(() => Promise.reject(new Error('loadDetails was not provided'))),
      /** DELETE the row. */
      deleteRow: fromPromise<unknown, { row: Row }>(() => Promise.reject(new Error('deleteRow was not provided'))),
      /**
       * The page's add/edit dialog: a machine with input `EditorInput<Row>` whose final output is the saved entity
       * (`EditorOutput<Row>`), or undefined when closed without saving. Typed as any logic because each page's
       * dialog machine has its own context and events, which `provide` would otherwise compare with this stand-in.
       */
      editor: fromPromise<EditorOutput<Row>, EditorInput<Row>>(() =>
        Promise.reject(new Error('editor was not provided')),
      ) as AnyActorLogic,
    },
    actions: {
      applyRows: assign(({ context }, loaded: GridLoad<Row>) => {
        if (!isPage(loaded)) {
          const visible = visibleOf(loaded, context.filter, context.sort);
          const total = visible.length;
          return { rows: loaded, visible, total, pageIndex: clampPage(context.pageIndex, total, context.pageSize) };
        }
        return { rows: loaded.rows, visible: loaded.rows, total: loaded.total };
      }),
      /** A page past the last one (people were deleted meanwhile): the last page there is, read next. */
      clampToTotal: assign(({ context }, loaded: GridLoad<Row>) => ({
        pageIndex: clampPage(context.pageIndex, isPage(loaded) ? loaded.total : loaded.length, context.pageSize),
        from: undefined,
      })),
      /** Server paging: typing changes the filter on screen only; Search applies it. */
      editFilter: assign(({ context, event }) => ({
        filter:
          event.type === 'filter.column'
            ? { ...context.filter, column: event.column }
            : event.type === 'filter.text'
              ? { ...context.filter, text: event.text }
              : context.filter,
      })),
      applySearch: assign(({ context }) => ({ applied: context.filter, pageIndex: 0, from: undefined })),
      clearSearch: assign({ filter: emptyFilter, applied: emptyFilter, pageIndex: 0, from: undefined }),
      rescope: assign(({ event }) => ({
        scope: event.type === 'filter.scope' ? event.scope : undefined,
        pageIndex: 0,
        from: undefined,
      })),
      /** The filter applies as the person types: every change re-filters, starting again from the first page. */
      applyFilter: assign(({ context, event }) => {
        const filter =
          event.type === 'filter.column'
            ? { ...context.filter, column: event.column }
            : event.type === 'filter.text'
              ? { ...context.filter, text: event.text }
              : event.type === 'filter.clear'
                ? emptyFilter
                : context.filter;
        const visible = visibleOf(context.rows, filter, context.sort);
        return { filter, visible, total: visible.length, pageIndex: 0 };
      }),
      /** Server paging: the next read is sorted so, from page 1. */
      sortBy: assign(({ context }, column: string) => ({
        sort: nextSort(context.sort, column),
        pageIndex: 0,
        from: undefined,
      })),
      /** Client paging: the rows on screen are put in the new order, from page 1. */
      sortVisible: assign(({ context }, column: string) => {
        const sort = nextSort(context.sort, column);
        return { sort, visible: sortRows(context.visible, sortColumns, sort), pageIndex: 0 };
      }),
      /** A narrowing set or, empty, removed; the next read starts from page 1. */
      refine: assign(({ context }, { name, value }: { name: string; value: string }) => {
        const others = Object.fromEntries(Object.entries(context.refinements).filter(([key]) => key !== name));
        return { refinements: value === '' ? others : { ...others, [name]: value }, pageIndex: 0, from: undefined };
      }),
      /**
       * A page by its number. Server paging: a page up to GRID_MAX_JUMP_PAGES on (Next and Previous, one) also names
       * the row on screen the page starts after or ends before and the whole pages between, so the server reads one
       * index range from it, its cost the jump's and not the page's depth (`GridQuery.from`).
       */
      goToPage: assign(({ context }, index: number) => {
        const pageIndex = clampPage(index, context.total, context.pageSize);
        const last = context.rows.at(-1);
        const first = context.rows[0];
        const jump = pageIndex - context.pageIndex;
        const skip = Math.abs(jump) > 1 ? { skip: Math.abs(jump) - 1 } : {};
        const from: GridFrom | undefined =
          !serverPaged || first === undefined || last === undefined || Math.abs(jump) > GRID_MAX_JUMP_PAGES
            ? undefined
            : jump > 0
              ? { after: config.rowId(last), ...skip }
              : jump < 0
                ? { before: config.rowId(first), ...skip }
                : undefined;
        return { pageIndex, from };
      }),
      resize: assign((_, size: number) => ({ pageSize: size, pageIndex: 0, from: undefined })),
      targetRow: assign(({ context, event }) => ({
        target: event.type === 'row.edit' || event.type === 'row.delete' ? findRow(context.rows, event.id) : undefined,
      })),
      clearTarget: assign({ target: undefined }),
      /** A row's details open (`row.toggle`) or close; the read runs as the child `detailsIdOf(id)`. */
      markLoading: assign(({ context }, id: string) => ({
        details: { ...context.details, [id]: { status: 'loading' } },
      })),
      markClosed: assign(({ context }, id: string) => ({ details: withoutKey(context.details, id) })),
      /** A details read answered: shown under its row, if the row is still open. */
      showDetails: assign(({ context, event }) => {
        const answer = detailsAnswerOf(event);
        if (answer === undefined || !Object.hasOwn(context.details, answer.id)) return {};
        const state: RowDetailsState =
          answer.kind === 'done'
            ? { status: 'shown', details: answer.output }
            : { status: 'failed', error: answer.error };
        return { details: { ...context.details, [answer.id]: state } };
      }),
      reportLoadFailure: sendTo(
        ({ context }) => context.notifications,
        (_, error: unknown) => ({ type: 'error.report' as const, error, action: `${config.id}.load` }),
      ),
      reportExportFailure: sendTo(
        ({ context }) => context.notifications,
        (_, error: unknown) => ({ type: 'error.report' as const, error, action: `${config.id}.export` }),
      ),
      reportDeleteFailure: sendTo(
        ({ context }) => context.notifications,
        (_, error: unknown) => failureNotice(error, label(config.deleteFailTitle)),
      ),
      reportUndeletable: sendTo(
        ({ context }) => context.notifications,
        () => ({
          type: 'snackbar.show' as const,
          snackbar: {
            type: 'error' as const,
            title: label(config.deleteFailTitle),
            message: label(config.undeletableLabel ?? 'Global_Error_Unknown'),
          },
        }),
      ),
    },
    delays: { networkRetry: NETWORK_RETRY_MS },
    guards: {
      isNetworkFailure: isNetworkFailureGuard,
      serverPaged: () => serverPaged,
      clientPaged: () => !serverPaged,
      serverCanSearch: ({ context }) => serverPaged && canSearch(config.searchColumns, context.filter),
      isOfferedServerSize: ({ context }, size: number) => serverPaged && context.pageSizes.includes(size),
      isOfferedClientSize: ({ context }, size: number) => !serverPaged && context.pageSizes.includes(size),
      isServerSortColumn: (_, column: string) => serverPaged && Object.hasOwn(sortColumns, column),
      isClientSortColumn: (_, column: string) => !serverPaged && Object.hasOwn(sortColumns, column),
      /** A row the page shows that may not be deleted. */
      isUndeletable: ({ context }, id: string) =>
        context.undeletableIds.includes(id) && findRow(context.rows, id) !== undefined,
      /** A read page that lies past the last page (and there is a last page to go back to). */
      isPastLastPage: ({ context }, loaded: GridLoad<Row>) =>
        isPage(loaded) &&
        loaded.rows.length === 0 &&
        context.pageIndex > clampPage(context.pageIndex, loaded.total, context.pageSize),
      canSearch: ({ context }) => canSearch(config.searchColumns, context.filter),
      isKnownRow: ({ context }, id: string) => findRow(context.rows, id) !== undefined,
      /** A grid with details, and a row of its rows. */
      canOpenDetails: ({ context }, id: string) => hasDetails && findRow(context.rows, id) !== undefined,
      isExpanded: ({ context }, id: string) => Object.hasOwn(context.details, id),
      // `unknown`, not the row type: XState cannot infer guard params through the factory's generic row.
      isSaved: (_, output: unknown) => output !== undefined,
    },
  }).createMachine({
    id: config.id,
    context: ({ input }) => {
      const pageSizes = pageSizesOf(input.pageSizes);
      return {
        notifications: input.notifications,
        rows: [],
        visible: [],
        total: 0,
        filter: emptyFilter,
        applied: emptyFilter,
        scope: undefined,
        refinements: {},
        serverPaged,
        undeletableIds: input.undeletableIds ?? [],
        pageSizes,
        pageSize: initialPageSize(pageSizes),
        pageIndex: 0,
        from: undefined,
        sort: undefined,
        sortable: Object.keys(sortColumns),
        target: undefined,
        details: {},
      };
    },
    initial: 'loading',
    // Client paging: filter and paging work whatever else is going on, so the rows on screen stay consistent with
    // the controls. Server paging: the filter on screen follows the typing anywhere; what reads again (serverQuery)
    // only where a read may start.
    on: {
      // A row's details read answers (or fails): the row shows it; the grid goes on as it was.
      'xstate.done.actor.details.*': { actions: 'showDetails' },
      'xstate.error.actor.details.*': { actions: 'showDetails' },
      'filter.column': [{ guard: 'clientPaged', actions: 'applyFilter' }, { actions: 'editFilter' }],
      'filter.text': [{ guard: 'clientPaged', actions: 'applyFilter' }, { actions: 'editFilter' }],
      'filter.clear': { guard: 'clientPaged', actions: 'applyFilter' },
      'page.go': { guard: 'clientPaged', actions: { type: 'goToPage', params: ({ event }) => event.index } },
      'page.size': {
        guard: { type: 'isOfferedClientSize', params: ({ event }) => event.size },
        actions: { type: 'resize', params: ({ event }) => event.size },
      },
      'sort.by': {
        guard: { type: 'isClientSortColumn', params: ({ event }) => event.column },
        actions: { type: 'sortVisible', params: ({ event }) => event.column },
      },
    },
    states: {
      loading: {
        tags: 'busy',
        // Rows read again may be other rows: every open detail closes.
        entry: enqueueActions(({ context, enqueue }) => {
          const open = Object.keys(context.details);
          for (const id of open) enqueue.stopChild(detailsIdOf(id));
          if (open.length > 0) enqueue.assign({ details: {} });
        }),
        invoke: {
          id: 'loadRows',
          src: 'loadRows',
          input: ({ context }): GridQuery => queryOf(context),
          onDone: [
            {
              guard: { type: 'isPastLastPage', params: ({ event }) => event.output },
              target: 'loading',
              reenter: true,
              actions: { type: 'clampToTotal', params: ({ event }) => event.output },
            },
            { target: 'ready', actions: { type: 'applyRows', params: ({ event }) => event.output } },
          ],
          onError: [
            {
              guard: { type: 'isNetworkFailure', params: errorOf },
              target: 'offline',
              actions: { type: 'reportLoadFailure', params: errorOf },
            },
            { target: 'failed', actions: { type: 'reportLoadFailure', params: errorOf } },
          ],
        },
      },
      /** The list could not be loaded; the error catalogue showed why. Refresh tries again. */
      failed: {
        on: { 'grid.refresh': 'loading', ...serverQuery },
      },
      /**
       * The list got no answer (issue 29 §3): the loader stays under the connection-lost notice and the list is read
       * again after `networkRetry`, or at once on Refresh.
       */
      offline: {
        tags: ['busy', 'offline'],
        after: { networkRetry: 'loading' },
        on: { 'grid.refresh': 'loading' },
      },
      ready: {
        initial: 'browsing',
        // A row's details open and close whatever the grid is doing: they read nothing the grid holds.
        on: {
          'row.toggle': [
            {
              guard: { type: 'isExpanded', params: ({ event }) => event.id },
              actions: [
                stopChild(({ event }) => detailsIdOf(event.id)),
                { type: 'markClosed', params: ({ event }) => event.id },
              ],
            },
            {
              guard: { type: 'canOpenDetails', params: ({ event }) => event.id },
              actions: [
                spawnChild('loadDetails', {
                  id: ({ event }) => detailsIdOf(event.id),
                  input: ({ context, event }) => ({ row: rowOfEvent(context, event) }),
                }),
                { type: 'markLoading', params: ({ event }) => event.id },
              ],
            },
          ],
          // A failed read of an open row's details, read again.
          'details.retry': {
            guard: { type: 'isExpanded', params: ({ event }) => event.id },
            actions: [
              stopChild(({ event }) => detailsIdOf(event.id)),
              spawnChild('loadDetails', {
                id: ({ event }) => detailsIdOf(event.id),
                input: ({ context, event }) => ({ row: rowOfEvent(context, event) }),
              }),
              { type: 'markLoading', params: ({ event }) => event.id },
            ],
          },
        },
        states: {
          browsing: {
            on: {
              ...serverQuery,
              'grid.refresh': '#' + config.id + '.loading',
              // Search re-applies the filter the person typed; it is only possible with a type and a valid input.
              'filter.search': [serverQuery['filter.search'], { guard: 'canSearch', actions: 'applyFilter' }],
              'grid.export': 'exporting',
              'row.add': { target: 'editing', actions: 'clearTarget' },
              'row.edit': {
                guard: { type: 'isKnownRow', params: ({ event }) => event.id },
                target: 'editing',
                actions: 'targetRow',
              },
              'row.delete': [
                {
                  guard: { type: 'isUndeletable', params: ({ event }) => event.id },
                  actions: 'reportUndeletable',
                },
                {
                  guard: { type: 'isKnownRow', params: ({ event }) => event.id },
                  target: 'confirmingDelete',
                  actions: 'targetRow',
                },
              ],
            },
          },
          /**
           * The download of every row the query on screen keeps; the rows on screen stay. A failure is reported (the
           * error catalogue says why) and the grid goes on as it was.
           */
          exporting: {
            tags: 'exporting',
            invoke: {
              id: 'exportRows',
              src: 'exportRows',
              input: ({ context }): GridExportInput<Row> => ({ ...queryOf(context), rows: context.visible }),
              onDone: 'browsing',
              onError: { target: 'browsing', actions: { type: 'reportExportFailure', params: errorOf } },
            },
          },
          /** The confirmation with the row's name in its title (src/ui/ConfirmDialog.tsx). */
          confirmingDelete: {
            on: {
              'delete.confirm': 'deleting',
              'delete.cancel': { target: 'browsing', actions: 'clearTarget' },
            },
          },
          deleting: {
            tags: 'busy',
            invoke: {
              id: 'deleteRow',
              src: 'deleteRow',
              input: ({ context }) => ({ row: context.target as Row }),
              onDone: { target: '#' + config.id + '.loading', actions: 'clearTarget' },
              onError: {
                target: 'browsing',
                actions: [{ type: 'reportDeleteFailure', params: errorOf }, 'clearTarget'],
              },
            },
          },
          /** The page's dialog is open; a saved entity refreshes the grid, closing without saving does not. */
          editing: {
            invoke: {
              id: 'editor',
              src: 'editor',
              input: ({ context }: { context: GridContext<Row> }): EditorInput<Row> => ({
                row: context.target,
                notifications: context.notifications,
              }),
              onDone: [
                {
                  guard: { type: 'isSaved', params: ({ event }: { event: DoneActorEvent }) => event.output },
                  target: '#' + config.id + '.loading',
                  actions: 'clearTarget',
                },
                { target: 'browsing', actions: 'clearTarget' },
              ],
              onError: {
                target: 'browsing',
                actions: [{ type: 'reportLoadFailure', params: errorOf }, 'clearTarget'],
              },
            },
          },
        },
      },
    },
  });
}

/** The child that reads the details of the row `id`. */
export const detailsIdOf = (id: string) => `details.${id}`;

const DONE_PREFIX = 'xstate.done.actor.details.';
const ERROR_PREFIX = 'xstate.error.actor.details.';

/** The row and the answer of a details read's done or error event (their type names the row). */
function detailsAnswerOf(event: { type: string }) {
  const answer = event as { type: string; output?: unknown; error?: unknown };
  if (answer.type.startsWith(DONE_PREFIX))
    return { kind: 'done' as const, id: answer.type.slice(DONE_PREFIX.length), output: answer.output };
  if (answer.type.startsWith(ERROR_PREFIX))
    return { kind: 'error' as const, id: answer.type.slice(ERROR_PREFIX.length), error: answer.error };
  return undefined;
}

const withoutKey = <Value>(record: Readonly<Record<string, Value>>, key: string) =>
  Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));

const isPage = <Row>(loaded: GridLoad<Row>): loaded is Exclude<GridLoad<Row>, readonly Row[]> => !Array.isArray(loaded);

/** The query a read or an export asks for: the filter last applied, the narrowings, the page and the order. */
const queryOf = <Row>(context: GridContext<Row>): GridQuery => ({
  filter: context.applied,
  scope: context.scope,
  refinements: context.refinements,
  pageIndex: context.pageIndex,
  pageSize: context.pageSize,
  from: context.from,
  sort: context.sort,
});
