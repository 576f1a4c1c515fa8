import { Button, HStack, IconButton, Spinner, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { ArrowDown, ArrowUp, ArrowUpDown, Eye, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  selectCanAct,
  selectColumnSort,
  selectHasFailed,
  selectIsLoading,
  selectPageRows,
} from '@machines/admin-grid/grid.selectors';
import { GridPager } from './GridPager';
import type { GridRef } from './grid-ref';

/** One column of a grid: its header text and how a row's cell reads. */
export type GridColumn<Row> = { key: string; header: string; cell: (row: Row) => ReactNode };

/** What a row offers: edit and delete (the catalogues, the users), or only a look at its detail (the logs). */
export type RowActions = 'edit' | 'view';

/**
 * The admin grid (admin-and-board §2): the page's columns, then the row's actions (edit and delete, or view), then the
 * pager. It renders the grid machine's current page and sends row intents; the machine decides everything else.
 */
export function AdminGrid<Row>({
  gridRef,
  columns,
  rowId,
  rowName,
  caption,
  rowActions = 'edit',
}: {
  gridRef: GridRef<Row>;
  columns: readonly GridColumn<Row>[];
  rowId: (row: Row) => string;
  /** The row's name, for the action buttons' accessible names. */
  rowName: (row: Row) => string;
  /** What the table lists (for assistive technology). */
  caption: string;
  rowActions?: RowActions;
}) {
  const { t } = useLingui();
  const rows = useSelector(gridRef, selectPageRows<Row>);
  const loading = useSelector(gridRef, selectIsLoading<Row>);
  const failed = useSelector(gridRef, selectHasFailed<Row>);
  const canAct = useSelector(gridRef, selectCanAct<Row>);
  return (
    <>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" interactive aria-busy={loading}>
          <Table.Caption srOnly>{caption}</Table.Caption>
          <Table.Header>
            <Table.Row>
              {columns.map((column) => (
                <SortableHeader key={column.key} gridRef={gridRef} column={column} />
              ))}
              <Table.ColumnHeader textAlign="end">
                {t({ id: 'Admin_Text_Actions', message: 'Actions' })}
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => {
              const name = rowName(row);
              return (
                <Table.Row key={rowId(row)}>
                  {columns.map((column) => (
                    <Table.Cell key={column.key}>{column.cell(row)}</Table.Cell>
                  ))}
                  <Table.Cell textAlign="end">
                    <HStack justify="flex-end" gap="1">
                      {rowActions === 'view' ? (
                        <IconButton
                          size="sm"
                          variant="ghost"
                          disabled={!canAct}
                          aria-label={t({ id: 'Admin_Button_ViewRow', message: `Details of ${name}` })}
                          onClick={() => {
                            gridRef.send({ type: 'row.edit', id: rowId(row) });
                          }}
                        >
                          <Eye />
                        </IconButton>
                      ) : null}
                      {rowActions === 'edit' ? (
                        <>
                          <IconButton
                            size="sm"
                            variant="ghost"
                            disabled={!canAct}
                            aria-label={t({ id: 'Admin_Button_EditRow', message: `Edit ${name}` })}
                            onClick={() => {
                              gridRef.send({ type: 'row.edit', id: rowId(row) });
                            }}
                          >
                            <Pencil />
                          </IconButton>
                          <IconButton
                            size="sm"
                            variant="ghost"
                            colorPalette="red"
                            disabled={!canAct}
                            aria-label={t({ id: 'Admin_Button_DeleteRow', message: `Delete ${name}` })}
                            onClick={() => {
                              gridRef.send({ type: 'row.delete', id: rowId(row) });
                            }}
                          >
                            <Trash2 />
                          </IconButton>
                        </>
                      ) : null}
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {loading ? (
        <HStack justify="center" py="3" role="status">
          <Spinner size="sm" color="brand" />
          <Text>{t({ id: 'Admin_Text_LoadingRows', message: 'Loading the list…' })}</Text>
        </HStack>
      ) : null}
      {!loading && !failed && rows.length === 0 ? (
        <Text py="3" color="fg.muted">
          {t({ id: 'Admin_Text_NoRows', message: 'Nothing to show.' })}
        </Text>
      ) : null}
      {failed ? <GridFailure gridRef={gridRef} /> : null}
      <GridPager gridRef={gridRef} />
    </>
  );
}

/**
 * A column's header: a button that sorts by it when the grid sorts by that column (aria-sort says the order on the
 * header, as assistive technology reads a sortable table), plain text otherwise.
 */
function SortableHeader<Row>({ gridRef, column }: { gridRef: GridRef<Row>; column: GridColumn<Row> }) {
  const sort = useSelector(gridRef, selectColumnSort(column.key));
  if (sort === undefined) return <Table.ColumnHeader>{column.header}</Table.ColumnHeader>;
  const Icon = sort === 'ascending' ? ArrowUp : sort === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <Table.ColumnHeader aria-sort={sort}>
      <Button
        variant="plain"
        size="sm"
        px="0"
        fontWeight="inherit"
        onClick={() => {
          gridRef.send({ type: 'sort.by', column: column.key });
        }}
      >
        {column.header}
        <Icon aria-hidden />
      </Button>
    </Table.ColumnHeader>
  );
}

function GridFailure<Row>({ gridRef }: { gridRef: GridRef<Row> }) {
  const { t } = useLingui();
  return (
    <HStack py="3" role="alert">
      <Text color="red.600">{t({ id: 'Admin_Text_LoadFailed', message: 'The list could not be loaded.' })}</Text>
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          gridRef.send({ type: 'grid.refresh' });
        }}
      >
        {t({ id: 'Admin_Button_Retry', message: 'Try again' })}
      </Button>
    </HStack>
  );
}
