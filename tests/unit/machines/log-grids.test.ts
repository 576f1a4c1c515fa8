import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { applicationsGridMachine } from '@machines/admin-grid/applications-grid';
import { selectIsExporting, selectPageRows } from '@machines/admin-grid/grid.selectors';
import type { GridExportInput, GridLoad, GridQuery } from '@machines/admin-grid/grid.types';
import type { Application } from '@contracts/admin/applications';
import type { AuditRow } from '@contracts/audit-log';
import { ApiError } from '@contracts/failures';
import { manyApplications } from '../../support/admin-fixtures';
import { createControlledActor } from '../../support/controlled-actor';
import { startAuditGrid } from '../../support/audit-grid-harness';
import { recordingNotifications } from '../../support/recording-ref';

const row = (n: number): AuditRow => ({
  id: `a${String(n)}`,
  at: `2026-03-${String(10 + n)}T12:00:00.000Z`,
  actor: `admin${String(n)}@gatehouse.test`,
  action: 'update',
  entity: 'client',
  entityId: 'c1',
  clientId: 'acme',
  clientName: 'Acme Health',
});
const page: GridLoad<AuditRow> = { rows: [row(1), row(2)], total: 32 };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const startGrid = startAuditGrid;

async function browsing() {
  const grid = startGrid();
  grid.loadRows.resolve(page);
  await settle();
  return grid;
}

describe('a log grid: narrowings beside the filter (filter.refine)', () => {
  it('reads page 1 again with each narrowing set, and without it once it is emptied', async () => {
    const { actor, loadRows } = await browsing();
    actor.send({ type: 'page.go', index: 2 });
    loadRows.resolve(page);
    await settle();
    actor.send({ type: 'filter.refine', name: 'from', value: '2026-03-01' });
    expect(loadRows.calls.at(-1)).toMatchObject({ refinements: { from: '2026-03-01' }, pageIndex: 0 });
    loadRows.resolve(page);
    await settle();
    actor.send({ type: 'filter.refine', name: 'to', value: '2026-03-31' });
    expect(loadRows.calls.at(-1)?.refinements).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    loadRows.resolve(page);
    await settle();
    actor.send({ type: 'filter.refine', name: 'from', value: '' });
    expect(loadRows.calls.at(-1)?.refinements).toEqual({ to: '2026-03-31' });
    expect(loadRows.calls).toHaveLength(5);
  });

  it('keeps the narrowings when the search is cleared', async () => {
    const { actor, loadRows } = await browsing();
    actor.send({ type: 'filter.refine', name: 'level', value: 'ERROR' });
    loadRows.resolve(page);
    await settle();
    actor.send({ type: 'filter.clear' });
    expect(loadRows.calls.at(-1)?.refinements).toEqual({ level: 'ERROR' });
  });

  it('is nothing to a client-paged grid, which filters its own rows', async () => {
    const loadRows = createControlledActor<GridLoad<Application>, GridQuery>();
    const { ref } = recordingNotifications();
    const grid = createActor(applicationsGridMachine.provide({ actors: { loadRows: loadRows.logic } }), {
      input: { notifications: ref },
    }).start();
    loadRows.resolve([]);
    await settle();
    grid.send({ type: 'filter.refine', name: 'from', value: '2026-03-01' });
    expect(grid.getSnapshot().context.refinements).toEqual({});
    expect(loadRows.calls).toHaveLength(1);
  });
});

describe('every admin grid: Export (grid.export)', () => {
  it('exports the query on screen (every page of it) and keeps the rows on screen', async () => {
    const { actor, loadRows, exportRows } = await browsing();
    actor.send({ type: 'filter.column', column: 'actor' });
    actor.send({ type: 'filter.text', text: 'admin1' });
    actor.send({ type: 'filter.search' });
    loadRows.resolve(page);
    await settle();
    actor.send({ type: 'filter.refine', name: 'from', value: '2026-03-01' });
    loadRows.resolve(page);
    await settle();
    actor.send({ type: 'grid.export' });
    expect(selectIsExporting(actor.getSnapshot())).toBe(true);
    expect(exportRows.calls).toEqual([
      {
        filter: { column: 'actor', text: 'admin1' },
        scope: undefined,
        refinements: { from: '2026-03-01' },
        pageIndex: 0,
        pageSize: 10,
        sort: undefined,
        rows: page.rows,
      },
    ]);
    // While it downloads, no second export and no row action starts.
    actor.send({ type: 'grid.export' });
    actor.send({ type: 'row.edit', id: 'a1' });
    expect(exportRows.calls).toHaveLength(1);
    exportRows.resolve(undefined);
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
    expect(selectIsExporting(actor.getSnapshot())).toBe(false);
    expect(selectPageRows(actor.getSnapshot())).toEqual(page.rows);
    expect(loadRows.calls).toHaveLength(3);
  });

  it('reports a failed export to the error catalogue and goes on browsing', async () => {
    const { actor, exportRows, recorder } = await browsing();
    actor.send({ type: 'grid.export' });
    const failure = new ApiError({ status: 500, code: 'internal', message: 'down', requestId: 'r1' });
    exportRows.reject(failure);
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
    expect(recorder.received).toContainEqual({ type: 'error.report', error: failure, action: 'auditGrid.export' });
  });

  it('gives a client-paged grid’s export the rows its filter keeps, every page of them, in the order on screen', async () => {
    const loadRows = createControlledActor<GridLoad<Application>, GridQuery>();
    const exportRows = createControlledActor<unknown, GridExportInput<Application>>();
    const { ref } = recordingNotifications();
    const grid = createActor(
      applicationsGridMachine.provide({ actors: { loadRows: loadRows.logic, exportRows: exportRows.logic } }),
      { input: { notifications: ref, pageSizes: [5] } },
    ).start();
    const rows = manyApplications(12);
    loadRows.resolve(rows);
    await settle();
    grid.send({ type: 'filter.column', column: 'name' });
    grid.send({ type: 'filter.text', text: 'benefits' });
    // Two pages of five: the export is asked from the second, and gets both.
    grid.send({ type: 'page.go', index: 1 });
    expect(grid.getSnapshot().context.pageIndex).toBe(1);
    grid.send({ type: 'grid.export' });
    const kept = rows.filter((row) => row.applicationName.startsWith('Benefits'));
    expect(kept.length).toBeGreaterThan(5);
    expect(exportRows.calls[0]?.rows).toEqual(kept);
  });
});
