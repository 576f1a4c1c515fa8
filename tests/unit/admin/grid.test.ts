import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { createGridMachine } from '@machines/admin-grid/grid.machine';
import { canSearch, filterRows, initialPageSize, pageSizesOf, SPEC_PAGE_SIZES } from '@machines/admin-grid/grid-filter';
import { selectCanSearch, selectColumnSort, selectPageRows, selectPaging } from '@machines/admin-grid/grid.selectors';
import type { GridLoad, GridQuery } from '@machines/admin-grid/grid.types';
import { ApiError } from '@contracts/failures';
import { doneEvent, errorEvent } from '../../support/controlled-actor';
import { recordingNotifications } from '../../support/recording-ref';

type Row = { id: string; name: string; region: string | null };

const searchColumns = { name: (row: Row) => row.name, region: (row: Row) => row.region };
const gridMachine = createGridMachine<Row>({
  id: 'testGrid',
  searchColumns,
  sortColumns: { name: (row) => row.name },
  rowId: (row) => row.id,
  rowName: (row) => row.name,
  deleteFailTitle: 'Application_Text_DeleteFailTitle',
});

const rows: Row[] = Array.from({ length: 23 }, (_, i) => ({
  id: `r${i}`,
  name: i % 2 === 0 ? `Benefits ${i}` : `Claims ${i}`,
  region: i === 3 ? null : i < 10 ? 'North' : 'South',
}));

const { ref: notifications } = recordingNotifications();
const ready = (pageSizes?: readonly number[]) => {
  const [loading] = initialTransition(gridMachine, { notifications, ...(pageSizes ? { pageSizes } : {}) });
  return transition(gridMachine, loading, doneEvent('loadRows', rows))[0];
};

describe('grid filter rules (admin-and-board §2, §5)', () => {
  it('matches a case-insensitive substring on the chosen column only', () => {
    expect(filterRows(rows, searchColumns, { column: 'name', text: 'BENEFITS 1' }).map((r) => r.id)).toEqual([
      'r10',
      'r12',
      'r14',
      'r16',
      'r18',
    ]);
    expect(filterRows(rows, searchColumns, { column: 'region', text: 'benefits' })).toEqual([]);
  });

  it('keeps every row when the filter cannot search, and treats a missing value as empty text', () => {
    expect(filterRows(rows, searchColumns, { column: undefined, text: 'claims' })).toHaveLength(23);
    expect(filterRows(rows, searchColumns, { column: 'name', text: '   ' })).toHaveLength(23);
    expect(filterRows(rows, searchColumns, { column: 'region', text: 'th' })).toHaveLength(22);
  });

  it('enables search only with a known type and a valid input', () => {
    expect(canSearch(searchColumns, { column: 'name', text: 'x' })).toBe(true);
    expect(canSearch(searchColumns, { column: undefined, text: 'x' })).toBe(false);
    expect(canSearch(searchColumns, { column: 'alias', text: 'x' })).toBe(false);
    expect(canSearch(searchColumns, { column: 'name', text: '  ' })).toBe(false);
    expect(canSearch(searchColumns, { column: 'name', text: 'x'.repeat(101) })).toBe(false);
  });

  it('offers 5 and 10 when a page gives no sizes, and starts at 10 when it is offered (§9)', () => {
    expect(pageSizesOf(undefined)).toEqual([5, 10]);
    expect(pageSizesOf([])).toEqual([5, 10]);
    expect(initialPageSize(SPEC_PAGE_SIZES)).toBe(10);
    expect(initialPageSize([20, 30])).toBe(20);
  });
});

describe('grid machine hops', () => {
  it('loads, then shows the first page of ten', () => {
    const [loading] = initialTransition(gridMachine, { notifications });
    expect(loading.value).toBe('loading');
    const s = ready();
    expect(s.value).toEqual({ ready: 'browsing' });
    expect(selectPageRows(s)).toHaveLength(10);
    expect(selectPaging(s)).toMatchObject({ pageIndex: 0, pageCount: 3, pageSize: 10, total: 23, pageSizes: [5, 10] });
  });

  it('filters as the person types once a type is chosen, from the first page', () => {
    const [paged] = transition(gridMachine, ready(), { type: 'page.go', index: 2 });
    expect(selectPaging(paged).pageIndex).toBe(2);
    const [typed] = transition(gridMachine, paged, { type: 'filter.text', text: 'claims' });
    expect(selectPaging(typed).total).toBe(23);
    expect(selectCanSearch(searchColumns)(typed)).toBe(false);
    const [chosen] = transition(gridMachine, typed, { type: 'filter.column', column: 'name' });
    expect(selectPaging(chosen)).toMatchObject({ total: 11, pageIndex: 0 });
    expect(selectCanSearch(searchColumns)(chosen)).toBe(true);
  });

  it('clear resets the type and the input and restores the full list', () => {
    const [chosen] = transition(gridMachine, ready(), { type: 'filter.column', column: 'region' });
    const [typed] = transition(gridMachine, chosen, { type: 'filter.text', text: 'north' });
    expect(selectPaging(typed).total).toBe(9);
    const [cleared] = transition(gridMachine, typed, { type: 'filter.clear' });
    expect(cleared.context.filter).toEqual({ column: undefined, text: '' });
    expect(selectPaging(cleared).total).toBe(23);
  });

  it('refuses Search without a type or a valid input', () => {
    const s = ready();
    expect(s.can({ type: 'filter.search' })).toBe(false);
    const [typed] = transition(gridMachine, s, { type: 'filter.text', text: 'x' });
    expect(typed.can({ type: 'filter.search' })).toBe(false);
    const [chosen] = transition(gridMachine, typed, { type: 'filter.column', column: 'name' });
    expect(chosen.can({ type: 'filter.search' })).toBe(true);
  });

  it('changes page size only to an offered size, back to the first page, and keeps pages in range', () => {
    const s = ready(SPEC_PAGE_SIZES);
    const [paged] = transition(gridMachine, s, { type: 'page.go', index: 1 });
    const [resized] = transition(gridMachine, paged, { type: 'page.size', size: 5 });
    expect(selectPaging(resized)).toMatchObject({ pageSize: 5, pageIndex: 0, pageCount: 5 });
    expect(transition(gridMachine, resized, { type: 'page.size', size: 7 })[0].context.pageSize).toBe(5);
    expect(selectPaging(transition(gridMachine, resized, { type: 'page.go', index: 99 })[0]).pageIndex).toBe(4);
    expect(selectPaging(transition(gridMachine, resized, { type: 'page.go', index: -3 })[0]).pageIndex).toBe(0);
  });

  it('asks before deleting, and No leaves the row alone', () => {
    const [asking] = transition(gridMachine, ready(), { type: 'row.delete', id: 'r4' });
    expect(asking.value).toEqual({ ready: 'confirmingDelete' });
    expect(asking.context.target?.name).toBe('Benefits 4');
    const [back] = transition(gridMachine, asking, { type: 'delete.cancel' });
    expect(back.value).toEqual({ ready: 'browsing' });
    expect(back.context.target).toBeUndefined();
    expect(transition(gridMachine, ready(), { type: 'row.delete', id: 'nope' })[0].value).toEqual({
      ready: 'browsing',
    });
  });

  it('reloads after a delete, and after a dialog that saved; not after one that was closed', () => {
    const [asking] = transition(gridMachine, ready(), { type: 'row.delete', id: 'r4' });
    const [deleting] = transition(gridMachine, asking, { type: 'delete.confirm' });
    expect(deleting.value).toEqual({ ready: 'deleting' });
    expect(transition(gridMachine, deleting, doneEvent('deleteRow', undefined))[0].value).toBe('loading');

    const [editing] = transition(gridMachine, ready(), { type: 'row.edit', id: 'r2' });
    expect(editing.value).toEqual({ ready: 'editing' });
    expect(transition(gridMachine, editing, doneEvent('editor', rows[2]))[0].value).toBe('loading');
    expect(transition(gridMachine, editing, doneEvent('editor', undefined))[0].value).toEqual({ ready: 'browsing' });
  });

  it('keeps the applied filter on the refreshed rows', () => {
    const [chosen] = transition(gridMachine, ready(), { type: 'filter.column', column: 'name' });
    const [typed] = transition(gridMachine, chosen, { type: 'filter.text', text: 'claims' });
    const [reloading] = transition(gridMachine, typed, { type: 'grid.refresh' });
    const fresh = [...rows, { id: 'new', name: 'Claims New', region: 'East' }];
    const [after] = transition(gridMachine, reloading, doneEvent('loadRows', fresh));
    expect(selectPaging(after).total).toBe(12);
  });
});

describe('header sorting on the client (GridConfig.sortColumns)', () => {
  it('sorts the filtered rows by a clicked column without case, numbers by value, and turns round on a second click', () => {
    const [paged] = transition(gridMachine, ready(), { type: 'page.go', index: 1 });
    const [ascending] = transition(gridMachine, paged, { type: 'sort.by', column: 'name' });
    expect(selectPaging(ascending).pageIndex).toBe(0);
    expect(selectColumnSort('name')(ascending)).toBe('ascending');
    expect(
      selectPageRows(ascending)
        .map((row) => row.name)
        .slice(0, 3),
    ).toEqual(['Benefits 0', 'Benefits 2', 'Benefits 4']);
    const [descending] = transition(gridMachine, ascending, { type: 'sort.by', column: 'name' });
    expect(selectColumnSort('name')(descending)).toBe('descending');
    expect(selectPageRows(descending)[0]?.name).toBe('Claims 21');
    // A filter keeps the order chosen; a column the grid does not sort by changes nothing.
    const [filtered] = transition(gridMachine, descending, { type: 'filter.column', column: 'region' });
    const [typed] = transition(gridMachine, filtered, { type: 'filter.text', text: 'north' });
    expect(selectPageRows(typed).map((row) => row.name)[0]).toBe('Claims 9');
    const [ignored] = transition(gridMachine, typed, { type: 'sort.by', column: 'region' });
    expect(ignored.context.sort).toEqual({ column: 'name', direction: 'desc' });
    expect(selectColumnSort('region')(ignored)).toBeUndefined();
  });
});

describe('grid machine failures reach the notifications singleton', () => {
  it('a failed delete shows the page title over the server message, and the grid stays', async () => {
    const recorder = recordingNotifications();
    const actor = createActor(
      gridMachine.provide({
        actors: {
          loadRows: fromPromise<GridLoad<Row>, GridQuery>(() => Promise.resolve(rows)),
          deleteRow: fromPromise(() =>
            Promise.reject(
              new ApiError({ status: 409, code: 'in_use', message: 'Still used by 2 clients', requestId: 'q1' }),
            ),
          ),
        },
      }),
      { input: { notifications: recorder.ref } },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'row.delete', id: 'r1' });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches({ ready: 'browsing' }));
    expect(recorder.received).toEqual([
      {
        type: 'snackbar.show',
        snackbar: {
          type: 'error',
          title: { id: 'Application_Text_DeleteFailTitle' },
          message: { raw: 'Still used by 2 clients' },
        },
      },
    ]);
  });

  it('a failed load is reported to the error catalogue and can be retried', () => {
    const [loading] = initialTransition(gridMachine, { notifications });
    const error = new ApiError({ status: 500, code: 'boom', message: 'x', requestId: 'q' });
    const [failed] = transition(gridMachine, loading, errorEvent('loadRows', error));
    expect(failed.value).toBe('failed');
    expect(transition(gridMachine, failed, { type: 'grid.refresh' })[0].value).toBe('loading');
  });
});
