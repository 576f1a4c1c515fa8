import { HStack, Stack } from '@chakra-ui/react';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';
import type { NotificationsRef } from '@machines/admin-grid/failure-notice';
import { SPEC_PAGE_SIZES, type SearchColumns } from '@machines/admin-grid/grid-filter';
import type { createGridMachine } from '@machines/admin-grid/grid.machine';
import { selectNotificationsRef } from '@machines/app/app.selectors';
import { AppActor } from '../../app/AppActor';
import { AdminGrid, type GridColumn, type RowActions, type RowDetails } from './AdminGrid';
import { GridExport } from './GridExport';
import { AdminPageHeader } from './AdminPageHeader';
import { GridDeleteConfirm } from './GridDeleteConfirm';
import { GridFilter } from './GridFilter';
import type { GridRef } from './grid-ref';

/** The grid machine of a page whose rows are `Row`, with the page's API and dialog provided (its wiring). */
export type GridLogic<Row> = ReturnType<typeof createGridMachine<Row>>;

/** One column: its header label and how a row's cell reads (the i18n is there for cells that translate). */
export type ListColumn<Row> = { key: string; header: MessageDescriptor; cell: (row: Row, i18n: I18n) => ReactNode };

/**
 * What makes one admin list page (admin-and-board §2 "Title and an Add … button, a filter, a grid, a delete
 * confirmation, an edit dialog"): everything that differs between Manage Applications, Templates, Clients and Fields.
 */
export type AdminListDefinition<Row> = {
  title: MessageDescriptor;
  /** The Add button's label; a page without one offers no Add. */
  addLabel?: MessageDescriptor;
  /** The page sizes offered (default: the spec's admin sizes, 5, 10, 20, 30, 100). */
  pageSizes?: readonly number[];
  columns: readonly ListColumn<Row>[];
  /** The filter's search types; when left out, one per column, named as the column. */
  filters?: readonly { column: string; label: MessageDescriptor }[];
  searchColumns: SearchColumns<Row>;
  rowId: (row: Row) => string;
  /** The row's name, for the action buttons' accessible names (in the reader's language where it has words). */
  rowName: (row: Row, i18n: I18n) => string;
  /** The delete confirmation's question, with the row's name filled in. */
  deleteTitle: (row: Row) => MessageDescriptor;
  /**
   * The delete confirmation's button, a verb on what it deletes ("Delete application"); without it, no confirmation
   * and no Delete on the rows.
   */
  deleteLabel?: MessageDescriptor;
  /** `view`: the rows are read only (the logs): a row opens its detail, nothing is deleted. */
  rowActions?: RowActions;
  /** What an open row shows under itself (a grid whose machine has `rowDetails`: the users grid). */
  rowDetails?: RowDetails;
  /** `false`: no Export CSV (an agent's Find a person: a search, not a way to take the client's people away). */
  exportable?: false;
  /** The export's label when the page's export is not its rows (the terms editor's: who accepted which version). */
  exportLabel?: MessageDescriptor;
};

/**
 * The page's grid logic, made once per page visit (one grid actor per visit), and the root's notifications, which
 * the root starts before any page renders: the page renders nothing only in that moment's type-level caution.
 */
export function useAdminListLogic<Logic>(wire: () => Logic): {
  logic: Logic;
  notifications: NotificationsRef | undefined;
} {
  const notifications = AppActor.useSelector(selectNotificationsRef);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- one grid actor per page visit; `wire` reads the page's first render
  const logic = useMemo(() => wire(), []);
  return { logic, notifications };
}

/**
 * An admin list page: title and Add, the filter, the grid with edit and delete, the delete confirmation and, while
 * the grid has one open, the page's dialog (`dialog` renders it for the grid's `editor` child).
 */
export function AdminListScreen<Row>({
  definition,
  logic,
  notifications,
  dialog,
  undeletableIds,
  beside,
  after,
}: {
  definition: AdminListDefinition<Row>;
  logic: GridLogic<Row>;
  notifications: NotificationsRef;
  /** Each page's dialog machine has its own type; the page's function names it. */
  dialog: (editorRef: AnyActorRef) => ReactNode;
  /** Rows the grid refuses to delete (the users grid: one's own login). */
  undeletableIds?: readonly string[];
  /** Controls beside the filter that steer the grid (the users grid's client filter). */
  beside?: (gridRef: GridRef<Row>) => ReactNode;
  /** A section under the grid (the manage-users page's import, which tells the grid to read its page again). */
  after?: ReactNode | ((gridRef: GridRef<Row>) => ReactNode);
}) {
  const { i18n } = useLingui();
  const gridRef: GridRef<Row> = useActorRef(logic, {
    input: {
      notifications,
      pageSizes: definition.pageSizes ?? SPEC_PAGE_SIZES,
      ...(undeletableIds === undefined ? {} : { undeletableIds }),
    },
  });
  // The grid invokes the page's dialog machine as `editor` (each page's wiring.ts provides it).
  const editorRef = useSelector(gridRef, (s) => s.children.editor) as AnyActorRef | undefined;
  const columns: GridColumn<Row>[] = definition.columns.map((column) => ({
    key: column.key,
    header: i18n._(column.header),
    cell: (row) => column.cell(row, i18n),
  }));
  const types = definition.filters
    ? definition.filters.map((filter) => ({ column: filter.column, label: i18n._(filter.label) }))
    : columns.map((column) => ({ column: column.key, label: column.header }));
  const title = i18n._(definition.title);
  return (
    <Stack gap="4">
      <AdminPageHeader
        title={title}
        {...(definition.addLabel === undefined
          ? {}
          : {
              addLabel: i18n._(definition.addLabel),
              onAdd: () => {
                gridRef.send({ type: 'row.add' });
              },
            })}
      />
      {beside ? beside(gridRef) : null}
      <HStack justify="space-between" align="flex-start" gap="2" wrap="wrap">
        <GridFilter gridRef={gridRef} types={types} searchColumns={definition.searchColumns} />
        {definition.exportable === false ? null : (
          <GridExport
            gridRef={gridRef}
            {...(definition.exportLabel === undefined ? {} : { label: i18n._(definition.exportLabel) })}
          />
        )}
      </HStack>
      <AdminGrid
        gridRef={gridRef}
        columns={columns}
        rowId={definition.rowId}
        rowName={(row) => definition.rowName(row, i18n)}
        caption={title}
        {...(definition.rowActions === undefined ? {} : { rowActions: definition.rowActions })}
        deletable={definition.deleteLabel !== undefined}
        {...(definition.rowDetails === undefined ? {} : { details: definition.rowDetails })}
      />
      {definition.deleteLabel === undefined ? null : (
        <GridDeleteConfirm
          gridRef={gridRef}
          title={(row) => i18n._(definition.deleteTitle(row))}
          confirmLabel={i18n._(definition.deleteLabel)}
        />
      )}
      {editorRef ? dialog(editorRef) : null}
      {typeof after === 'function' ? after(gridRef) : after}
    </Stack>
  );
}
