import { assign, fromPromise, sendTo, setup, type AnyActorLogic, type DoneActorEvent } from 'xstate';
import { label } from '../support/text';
import { errorOf, failureNotice } from './failure-notice';
import { canSearch, clampPage, emptyFilter, filterRows, initialPageSize, pageSizesOf } from './grid-filter';
import type { EditorInput, EditorOutput, GridConfig, GridContext, GridEvent, GridInput } from './grid.types';

/**
 * The admin grid (admin-and-board §2, §5, §9): loads the rows, filters them (a search type and a valid input;
 * case-insensitive contains; clearing restores all), pages them, and runs the row actions: delete behind a
 * confirmation, add and edit through the page's dialog actor (`editor`), whose saved entity refreshes the grid.
 *
 * A factory, because each page has its own row type and columns; the actors `loadRows`, `deleteRow` and `editor`
 * are provided by the page's wiring (fakes in tests).
 */
export function createGridMachine<Row>(config: GridConfig<Row>) {
  const findRow = (rows: readonly Row[], id: string) => rows.find((row) => config.rowId(row) === id);
  return setup({
    types: {
      context: {} as GridContext<Row>,
      events: {} as GridEvent,
      input: {} as GridInput,
      tags: {} as 'busy',
    },
    actors: {
      /** GET the page's list. */
      loadRows: fromPromise<readonly Row[], undefined>(() => Promise.reject(new Error('loadRows was not provided'))),
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
      applyRows: assign(({ context }, rows: readonly Row[]) => {
        const visible = filterRows(rows, config.searchColumns, context.filter);
        return { rows, visible, pageIndex: clampPage(context.pageIndex, visible.length, context.pageSize) };
      }),
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
        return { filter, visible: filterRows(context.rows, config.searchColumns, filter), pageIndex: 0 };
      }),
      goToPage: assign(({ context }, index: number) => ({
        pageIndex: clampPage(index, context.visible.length, context.pageSize),
      })),
      resize: assign((_, size: number) => ({ pageSize: size, pageIndex: 0 })),
      targetRow: assign(({ context, event }) => ({
        target: event.type === 'row.edit' || event.type === 'row.delete' ? findRow(context.rows, event.id) : undefined,
      })),
      clearTarget: assign({ target: undefined }),
      reportLoadFailure: sendTo(
        ({ context }) => context.notifications,
        (_, error: unknown) => ({ type: 'error.report' as const, error, action: `${config.id}.load` }),
      ),
      reportDeleteFailure: sendTo(
        ({ context }) => context.notifications,
        (_, error: unknown) => failureNotice(error, label(config.deleteFailTitle)),
      ),
    },
    guards: {
      canSearch: ({ context }) => canSearch(config.searchColumns, context.filter),
      isOfferedSize: ({ context }, size: number) => context.pageSizes.includes(size),
      isKnownRow: ({ context }, id: string) => findRow(context.rows, id) !== undefined,
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
        filter: emptyFilter,
        pageSizes,
        pageSize: initialPageSize(pageSizes),
        pageIndex: 0,
        target: undefined,
      };
    },
    initial: 'loading',
    // Filter and paging work whatever else is going on: the rows on screen stay consistent with the controls.
    on: {
      'filter.column': { actions: 'applyFilter' },
      'filter.text': { actions: 'applyFilter' },
      'filter.clear': { actions: 'applyFilter' },
      'page.go': { actions: { type: 'goToPage', params: ({ event }) => event.index } },
      'page.size': {
        guard: { type: 'isOfferedSize', params: ({ event }) => event.size },
        actions: { type: 'resize', params: ({ event }) => event.size },
      },
    },
    states: {
      loading: {
        tags: 'busy',
        invoke: {
          id: 'loadRows',
          src: 'loadRows',
          onDone: { target: 'ready', actions: { type: 'applyRows', params: ({ event }) => event.output } },
          onError: { target: 'failed', actions: { type: 'reportLoadFailure', params: errorOf } },
        },
      },
      /** The list could not be loaded; the error catalogue showed why. Refresh tries again. */
      failed: {
        on: { 'grid.refresh': 'loading' },
      },
      ready: {
        initial: 'browsing',
        states: {
          browsing: {
            on: {
              'grid.refresh': '#' + config.id + '.loading',
              // Search re-applies the filter the person typed; it is only possible with a type and a valid input.
              'filter.search': { guard: 'canSearch', actions: 'applyFilter' },
              'row.add': { target: 'editing', actions: 'clearTarget' },
              'row.edit': {
                guard: { type: 'isKnownRow', params: ({ event }) => event.id },
                target: 'editing',
                actions: 'targetRow',
              },
              'row.delete': {
                guard: { type: 'isKnownRow', params: ({ event }) => event.id },
                target: 'confirmingDelete',
                actions: 'targetRow',
              },
            },
          },
          /** The 311 × 536 confirmation with the row's name in its title, Yes and No. */
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
