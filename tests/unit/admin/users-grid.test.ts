import { describe, expect, it } from 'vitest';
import { createActor, initialTransition, transition } from 'xstate';
import {
  selectCanSearch,
  selectColumnSort,
  selectIsExpanded,
  selectPageRows,
  selectPaging,
  selectRowDetails,
} from '@machines/admin-grid/grid.selectors';
import { applicationsGridMachine } from '@machines/admin-grid/applications-grid';
import { detailsIdOf } from '@machines/admin-grid/grid.machine';
import type { GridLoad, GridQuery } from '@machines/admin-grid/grid.types';
import { userSearchColumns, usersGridMachine } from '@machines/admin-grid/users-grid';
import type { Application } from '@contracts/admin/applications';
import { GRID_MAX_JUMP_PAGES } from '@contracts/paged-query';
import type { UserRow } from '@contracts/users';
import { userQueryOf } from '@src/admin/users/wiring';
import { manyApplications } from '../../support/admin-fixtures';
import { createControlledActor } from '../../support/controlled-actor';
import { recordingNotifications } from '../../support/recording-ref';
import { userRow } from '../../support/user-fixtures';

const person = (n: number) => userRow(n);
const pageOf = (from: number, size: number, total: number): GridLoad<UserRow> => ({
  rows: Array.from({ length: Math.max(0, Math.min(size, total - from)) }, (_, i) => person(from + i)),
  total,
});

const { ref: notifications } = recordingNotifications();

/** The grid, started with a load that parks every query until the test answers it. */
function startGrid(undeletableIds: readonly string[] = []) {
  const loadRows = createControlledActor<GridLoad<UserRow>, GridQuery>();
  const deleteRow = createControlledActor<unknown, { row: UserRow }>();
  const recorder = recordingNotifications();
  const actor = createActor(
    usersGridMachine.provide({ actors: { loadRows: loadRows.logic, deleteRow: deleteRow.logic } }),
    { input: { notifications: recorder.ref, pageSizes: [5, 10], undeletableIds } },
  ).start();
  return { actor, loadRows, deleteRow, recorder };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the users grid pages on the server (GridConfig.paging: server)', () => {
  it('asks for the first page of ten, and shows the page it gets with the total it names', async () => {
    const { actor, loadRows } = startGrid();
    expect(loadRows.calls).toEqual([
      { filter: { column: undefined, text: '' }, scope: undefined, refinements: {}, pageIndex: 0, pageSize: 10 },
    ]);
    loadRows.resolve(pageOf(0, 10, 57));
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
    expect(selectPageRows(actor.getSnapshot())).toHaveLength(10);
    expect(selectPaging(actor.getSnapshot())).toMatchObject({ pageIndex: 0, pageCount: 6, total: 57, pageSize: 10 });
  });

  it('filters on Search only: typing reads nothing, Search reads page 1 with the filter, Clear reads everyone', async () => {
    const { actor, loadRows } = startGrid();
    loadRows.resolve(pageOf(0, 10, 57));
    await settle();
    actor.send({ type: 'page.go', index: 3 });
    loadRows.resolve(pageOf(30, 10, 57));
    await settle();
    actor.send({ type: 'filter.column', column: 'email' });
    expect(selectCanSearch(userSearchColumns)(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'filter.text', text: 'person1' });
    expect(selectCanSearch(userSearchColumns)(actor.getSnapshot())).toBe(true);
    expect(loadRows.calls).toHaveLength(2);
    expect(actor.getSnapshot().context.pageIndex).toBe(3);
    actor.send({ type: 'filter.search' });
    expect(loadRows.calls.at(-1)).toEqual({
      filter: { column: 'email', text: 'person1' },
      scope: undefined,
      refinements: {},
      pageIndex: 0,
      pageSize: 10,
    });
    loadRows.resolve(pageOf(10, 10, 11));
    await settle();
    actor.send({ type: 'filter.clear' });
    expect(loadRows.calls.at(-1)).toMatchObject({ filter: { column: undefined, text: '' }, pageIndex: 0 });
    expect(actor.getSnapshot().context.filter).toEqual({ column: undefined, text: '' });
  });

  it('refuses Search without a type or with an invalid input (the spec’s filter control)', async () => {
    const { actor, loadRows } = startGrid();
    loadRows.resolve(pageOf(0, 10, 57));
    await settle();
    actor.send({ type: 'filter.text', text: 'maria' });
    actor.send({ type: 'filter.search' });
    actor.send({ type: 'filter.column', column: 'name' });
    actor.send({ type: 'filter.text', text: '   ' });
    actor.send({ type: 'filter.search' });
    actor.send({ type: 'filter.text', text: 'x'.repeat(101) });
    actor.send({ type: 'filter.search' });
    expect(loadRows.calls).toHaveLength(1);
  });

  it('reads again for a page, an offered page size (back to page 1) and a client, never for a size not offered', async () => {
    const { actor, loadRows } = startGrid();
    loadRows.resolve(pageOf(0, 10, 57));
    await settle();
    actor.send({ type: 'page.go', index: 99 });
    expect(loadRows.calls.at(-1)).toMatchObject({ pageIndex: 5 });
    loadRows.resolve(pageOf(50, 10, 57));
    await settle();
    actor.send({ type: 'page.size', size: 20 });
    expect(loadRows.calls).toHaveLength(2);
    actor.send({ type: 'page.size', size: 5 });
    expect(loadRows.calls.at(-1)).toMatchObject({ pageIndex: 0, pageSize: 5 });
    loadRows.resolve(pageOf(0, 5, 57));
    await settle();
    actor.send({ type: 'filter.scope', scope: 'globex' });
    expect(loadRows.calls.at(-1)).toMatchObject({ scope: 'globex', pageIndex: 0, pageSize: 5 });
  });

  it('ignores paging while a page is being read (the next read starts from what is on screen)', () => {
    const [loading] = initialTransition(usersGridMachine, { notifications });
    const [after] = transition(usersGridMachine, loading, { type: 'page.go', index: 2 });
    expect(after.context.pageIndex).toBe(0);
    expect(after.matches('loading')).toBe(true);
  });

  it('steps back to the last page when the page read lies past it (people were deleted meanwhile)', async () => {
    const { actor, loadRows } = startGrid();
    loadRows.resolve(pageOf(0, 10, 57));
    await settle();
    actor.send({ type: 'page.go', index: 5 });
    loadRows.resolve({ rows: [], total: 41 });
    await settle();
    expect(loadRows.calls.at(-1)).toMatchObject({ pageIndex: 4 });
    loadRows.resolve(pageOf(40, 10, 41));
    await settle();
    expect(selectPaging(actor.getSnapshot())).toMatchObject({ pageIndex: 4, pageCount: 5, total: 41 });
  });

  it('never asks to delete one’s own login: the snackbar says why, under the delete-failure title', async () => {
    const { actor, loadRows, recorder } = startGrid(['p3']);
    loadRows.resolve(pageOf(0, 10, 57));
    await settle();
    actor.send({ type: 'row.delete', id: 'p3' });
    expect(actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
    expect(recorder.received).toContainEqual({
      type: 'snackbar.show',
      snackbar: {
        type: 'error',
        title: { id: 'Instance_Text_DeleteFailTitle' },
        message: { id: 'Instance_Text_DeleteFailCurrentLogin' },
      },
    });
    actor.send({ type: 'row.delete', id: 'p4' });
    expect(actor.getSnapshot().matches({ ready: 'confirmingDelete' })).toBe(true);
  });

  it('reads the same page again after a delete', async () => {
    const { actor, loadRows, deleteRow } = startGrid();
    loadRows.resolve(pageOf(0, 10, 57));
    await settle();
    actor.send({ type: 'page.go', index: 2 });
    loadRows.resolve(pageOf(20, 10, 57));
    await settle();
    actor.send({ type: 'row.delete', id: 'p21' });
    actor.send({ type: 'delete.confirm' });
    expect(deleteRow.calls).toEqual([{ row: person(21) }]);
    deleteRow.resolve(undefined);
    await settle();
    expect(loadRows.calls.at(-1)).toMatchObject({ pageIndex: 2 });
  });
});

describe('header sorting on the server (GridConfig.sortColumns)', () => {
  it('reads page 1 sorted by a clicked column, turns the order round on a second click, ignores other columns', async () => {
    const { actor, loadRows } = startGrid();
    loadRows.resolve(pageOf(0, 10, 57));
    await settle();
    actor.send({ type: 'page.go', index: 2 });
    loadRows.resolve(pageOf(20, 10, 57));
    await settle();
    expect(selectColumnSort('name')(actor.getSnapshot())).toBe('none');
    actor.send({ type: 'sort.by', column: 'name' });
    expect(loadRows.calls.at(-1)).toMatchObject({ pageIndex: 0, sort: { column: 'name', direction: 'asc' } });
    expect(selectColumnSort('name')(actor.getSnapshot())).toBe('ascending');
    loadRows.resolve(pageOf(0, 10, 57));
    await settle();
    actor.send({ type: 'sort.by', column: 'name' });
    expect(loadRows.calls.at(-1)).toMatchObject({ sort: { column: 'name', direction: 'desc' } });
    expect(selectColumnSort('name')(actor.getSnapshot())).toBe('descending');
    loadRows.resolve(pageOf(0, 10, 57));
    await settle();
    actor.send({ type: 'sort.by', column: 'email' });
    expect(loadRows.calls.at(-1)).toMatchObject({ sort: { column: 'email', direction: 'asc' } });
    expect(selectColumnSort('name')(actor.getSnapshot())).toBe('none');
    loadRows.resolve(pageOf(0, 10, 57));
    await settle();
    const reads = loadRows.calls.length;
    actor.send({ type: 'sort.by', column: 'version' });
    expect(loadRows.calls).toHaveLength(reads);
    expect(selectColumnSort('version')(actor.getSnapshot())).toBeUndefined();
  });
});

describe('the grid query as the server takes it (src/admin/users/wiring.ts)', () => {
  it('sends the search only when it has a type and text, and the client only when one is chosen', () => {
    expect(
      userQueryOf({
        filter: { column: undefined, text: 'x' },
        scope: undefined,
        refinements: {},
        pageIndex: 2,
        pageSize: 5,
        from: undefined,
        sort: undefined,
      }),
    ).toEqual({ page: 2, size: 5 });
    expect(
      userQueryOf({
        filter: { column: 'login', text: ' acme__ ' },
        scope: 'c1',
        refinements: {},
        pageIndex: 0,
        pageSize: 10,
        from: undefined,
        sort: { column: 'name', direction: 'desc' },
      }),
    ).toEqual({
      page: 0,
      size: 10,
      clientId: 'c1',
      searchBy: 'login',
      search: 'acme__',
      sort: 'lastName',
      direction: 'desc',
    });
  });
});

describe('Next and Previous read from the row on screen (GridQuery.from; the server reads one index range)', () => {
  it('names the last row for Next, the first for Previous, the pages between for a jump, nothing for a new query', async () => {
    const { actor, loadRows } = startGrid();
    loadRows.resolve(pageOf(0, 10, 57));
    await settle();
    actor.send({ type: 'page.go', index: 1 });
    expect(loadRows.calls.at(-1)).toMatchObject({ pageIndex: 1, from: { after: person(9).id } });
    loadRows.resolve(pageOf(10, 10, 57));
    await settle();
    actor.send({ type: 'page.go', index: 0 });
    expect(loadRows.calls.at(-1)).toMatchObject({ pageIndex: 0, from: { before: person(10).id } });
    loadRows.resolve(pageOf(0, 10, 57));
    await settle();
    actor.send({ type: 'page.go', index: 4 });
    expect(loadRows.calls.at(-1)).toMatchObject({ pageIndex: 4, from: { after: person(9).id, skip: 3 } });
    loadRows.resolve(pageOf(40, 10, 57));
    await settle();
    actor.send({ type: 'page.go', index: 3 });
    expect(loadRows.calls.at(-1)).toMatchObject({ pageIndex: 3, from: { before: person(40).id } });
    loadRows.resolve(pageOf(30, 10, 57));
    await settle();
    actor.send({ type: 'sort.by', column: 'email' });
    expect(loadRows.calls.at(-1)).toMatchObject({ pageIndex: 0, from: undefined });
  });

  it('reads by its number a page more than GRID_MAX_JUMP_PAGES from the one on screen, and from it a near one again', async () => {
    const { actor, loadRows } = startGrid();
    loadRows.resolve(pageOf(0, 10, 500));
    await settle();
    actor.send({ type: 'page.go', index: GRID_MAX_JUMP_PAGES + 1 });
    expect(loadRows.calls.at(-1)).toMatchObject({ pageIndex: GRID_MAX_JUMP_PAGES + 1, from: undefined });
    loadRows.resolve(pageOf(110, 10, 500));
    await settle();
    actor.send({ type: 'page.go', index: 1 });
    expect(loadRows.calls.at(-1)).toMatchObject({ pageIndex: 1, from: { before: person(110).id, skip: 9 } });
    loadRows.resolve(pageOf(10, 10, 500));
    await settle();
    actor.send({ type: 'page.go', index: 2 });
    expect(loadRows.calls.at(-1)?.from).toEqual({ after: person(19).id });
  });

  it('reads by its number the last page there is when Next lay past it (people were deleted meanwhile)', async () => {
    const { actor, loadRows } = startGrid();
    loadRows.resolve(pageOf(0, 10, 57));
    await settle();
    actor.send({ type: 'page.go', index: 1 });
    expect(loadRows.calls.at(-1)).toMatchObject({ pageIndex: 1, from: { after: person(9).id } });
    loadRows.resolve({ rows: [], total: 8 });
    await settle();
    expect(loadRows.calls.at(-1)).toMatchObject({ pageIndex: 0, from: undefined });
  });

  it('sends the row to the server as after or before, never with an export', () => {
    const query = {
      filter: { column: undefined, text: '' },
      scope: undefined,
      refinements: {},
      pageIndex: 3,
      pageSize: 10,
      sort: undefined,
    };
    expect(userQueryOf({ ...query, from: { after: 'p29' } })).toEqual({ page: 3, size: 10, after: 'p29' });
    expect(userQueryOf({ ...query, from: { before: 'p40' } })).toEqual({ page: 3, size: 10, before: 'p40' });
    expect(userQueryOf({ ...query, from: { before: 'p40', skip: 2 } })).toEqual({
      page: 3,
      size: 10,
      before: 'p40',
      skip: 2,
    });
  });
});

describe('the users grid’s row details (GridConfig.rowDetails; public-and-profile §2 "Grid")', () => {
  /** The grid with its first page in, each details read parked until the test answers it. */
  async function browsingWithDetails() {
    const loadRows = createControlledActor<GridLoad<UserRow>, GridQuery>();
    const loadDetails = createControlledActor<unknown, { row: UserRow }>();
    const actor = createActor(
      usersGridMachine.provide({ actors: { loadRows: loadRows.logic, loadDetails: loadDetails.logic } }),
      { input: { notifications, pageSizes: [5, 10] } },
    ).start();
    loadRows.resolve(pageOf(0, 10, 57));
    await settle();
    return { actor, loadRows, loadDetails };
  }
  const detailsOf = (actor: { getSnapshot(): { children: Record<string, unknown> } }, id: string) =>
    actor.getSnapshot().children[detailsIdOf(id)] as { getSnapshot(): { status: string; output: unknown } } | undefined;

  it('opens a row’s details with a read of that row, and closes them again, ending the read', async () => {
    const { actor, loadDetails } = await browsingWithDetails();
    const id = person(2).id;
    actor.send({ type: 'row.toggle', id });
    expect(selectIsExpanded(id)(actor.getSnapshot())).toBe(true);
    expect(loadDetails.calls).toEqual([{ row: person(2) }]);
    expect(selectRowDetails(id)(actor.getSnapshot())).toEqual({ status: 'loading' });
    loadDetails.resolve({ applications: [] });
    await settle();
    expect(selectRowDetails(id)(actor.getSnapshot())).toEqual({ status: 'shown', details: { applications: [] } });
    actor.send({ type: 'row.toggle', id });
    expect(selectIsExpanded(id)(actor.getSnapshot())).toBe(false);
    expect(detailsOf(actor, id)).toBeUndefined();
  });

  it('keeps several rows open at once, each with its own read', async () => {
    const { actor, loadDetails } = await browsingWithDetails();
    actor.send({ type: 'row.toggle', id: person(1).id });
    actor.send({ type: 'row.toggle', id: person(3).id });
    expect(Object.keys(actor.getSnapshot().context.details)).toEqual([person(1).id, person(3).id]);
    expect(loadDetails.calls.map((call) => call.row.id)).toEqual([person(1).id, person(3).id]);
  });

  it('reads a failed row’s details again on Try again, and only for an open row', async () => {
    const { actor, loadDetails } = await browsingWithDetails();
    const id = person(2).id;
    actor.send({ type: 'details.retry', id });
    expect(loadDetails.calls).toHaveLength(0);
    actor.send({ type: 'row.toggle', id });
    loadDetails.reject(new Error('down'));
    await settle();
    expect(selectRowDetails(id)(actor.getSnapshot())).toMatchObject({ status: 'failed' });
    expect(actor.getSnapshot().status).toBe('active');
    actor.send({ type: 'details.retry', id });
    expect(loadDetails.calls).toHaveLength(2);
    expect(selectRowDetails(id)(actor.getSnapshot())).toEqual({ status: 'loading' });
  });

  it('closes every open row when the rows are read again (another page may hold other people)', async () => {
    const { actor, loadRows } = await browsingWithDetails();
    actor.send({ type: 'row.toggle', id: person(1).id });
    actor.send({ type: 'page.go', index: 1 });
    expect(actor.getSnapshot().context.details).toEqual({});
    expect(detailsOf(actor, person(1).id)).toBeUndefined();
    loadRows.resolve(pageOf(10, 10, 57));
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
  });

  it('opens no details for a row it does not show, nor in a grid without details', async () => {
    const { actor, loadDetails } = await browsingWithDetails();
    actor.send({ type: 'row.toggle', id: 'nobody' });
    expect(actor.getSnapshot().context.details).toEqual({});
    expect(loadDetails.calls).toHaveLength(0);
    const loadRows = createControlledActor<GridLoad<Application>, GridQuery>();
    const catalogue = createActor(applicationsGridMachine.provide({ actors: { loadRows: loadRows.logic } }), {
      input: { notifications },
    }).start();
    const rows = manyApplications(3);
    loadRows.resolve(rows);
    await settle();
    catalogue.send({ type: 'row.toggle', id: rows[0]!.applicationId });
    expect(catalogue.getSnapshot().context.details).toEqual({});
  });
});
