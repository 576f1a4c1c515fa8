import { Box, Button, HStack, IconButton, Spinner, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronDown, ChevronRight, Eye, Pencil, Trash2 } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import {
  selectCanAct,
  selectColumnSort,
  selectHasFailed,
  selectIsExpanded,
  selectIsLoading,
  selectPageRows,
  selectRowDetails,
} from '@machines/admin-grid/grid.selectors';
import type { RowDetailsState } from '@machines/admin-grid/grid.types';
import { GridPager } from './GridPager';
import type { GridRef } from './grid-ref';

/** One column of a grid: its header text and how a row's cell reads. */
export type GridColumn<Row> = { key: string; header: string; cell: (row: Row) => ReactNode };

/**
 * What an open row shows under itself (a grid with row details): its details as the grid holds them (being read, read,
 * failed); `onRetry` reads them again after a failure.
 */
export type RowDetails = (props: { details: RowDetailsState; onRetry: () => void }) => ReactNode;

/**
 * How every grid fits its window (1280 px and a 390 px phone alike): long values (an application's link, an e-mail)
 * wrap anywhere instead of widening the table past the page, and the actions column stays in view at the table's end
 * while the other columns scroll under it on a narrow window.
 */
const fitting = {
  '& td': { overflowWrap: 'anywhere' },
  '& [data-actions]': {
    position: 'sticky',
    insetInlineEnd: '0',
    zIndex: '1',
    bg: 'bg',
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a shadow, not a text a person reads
    boxShadow: 'inset 1px 0 0 var(--chakra-colors-border)',
  },
  '& tbody tr:hover [data-actions]': { bg: 'colorPalette.subtle' },
};

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
  deletable = true,
  details,
}: {
  gridRef: GridRef<Row>;
  columns: readonly GridColumn<Row>[];
  rowId: (row: Row) => string;
  /** The row's name, for the action buttons' accessible names. */
  rowName: (row: Row) => string;
  /** What the table lists (for assistive technology). */
  caption: string;
  rowActions?: RowActions;
  /** With `edit`: whether a row has its Delete too (an agent's Find a person edits only). */
  deletable?: boolean;
  /** The rows expand to show this (the grid machine's `rowDetails`); without it, rows do not expand. */
  details?: RowDetails;
}) {
  const { t } = useLingui();
  const rows = useSelector(gridRef, selectPageRows<Row>);
  const loading = useSelector(gridRef, selectIsLoading<Row>);
  const failed = useSelector(gridRef, selectHasFailed<Row>);
  const canAct = useSelector(gridRef, selectCanAct<Row>);
  return (
    <>
      {/* Focusable and named: where the columns are wider than the window, a keyboard scrolls them too (WCAG 2.1.1). */}
      <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={caption}>
        <Table.Root size="sm" interactive aria-busy={loading} css={fitting}>
          <Table.Caption srOnly>{caption}</Table.Caption>
          <Table.Header>
            <Table.Row>
              {details ? (
                <Table.ColumnHeader width="1">
                  <Text srOnly>{t({ id: 'Admin_Text_Details', message: 'Details' })}</Text>
                </Table.ColumnHeader>
              ) : null}
              {columns.map((column) => (
                <SortableHeader key={column.key} gridRef={gridRef} column={column} />
              ))}
              <Table.ColumnHeader textAlign="end" data-actions="">
                {t({ id: 'Admin_Text_Actions', message: 'Actions' })}
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => {
              const name = rowName(row);
              const id = rowId(row);
              return (
                <Fragment key={id}>
                  <Table.Row>
                    {details ? (
                      <Table.Cell data-grid-toggle="">
                        <DetailsToggle gridRef={gridRef} id={id} name={name} />
                      </Table.Cell>
                    ) : null}
                    {columns.map((column) => (
                      <Table.Cell key={column.key}>{column.cell(row)}</Table.Cell>
                    ))}
                    <Table.Cell textAlign="end" data-actions="">
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
                            {deletable ? (
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
                            ) : null}
                          </>
                        ) : null}
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                  {details ? (
                    <RowDetailsRow gridRef={gridRef} id={id} name={name} span={columns.length + 2} details={details} />
                  ) : null}
                </Fragment>
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

/** The button that opens or closes a row's details (aria-expanded; aria-controls names the details' region). */
function DetailsToggle<Row>({ gridRef, id, name }: { gridRef: GridRef<Row>; id: string; name: string }) {
  const { t } = useLingui();
  const expanded = useSelector(gridRef, selectIsExpanded(id));
  return (
    <IconButton
      size="sm"
      variant="ghost"
      aria-expanded={expanded}
      aria-controls={expanded ? detailsRegionId(id) : undefined}
      aria-label={
        expanded
          ? t({ id: 'Admin_Button_HideDetails', message: `Hide the details of ${name}` })
          : t({ id: 'Admin_Button_ShowDetails', message: `Show the details of ${name}` })
      }
      onClick={() => {
        gridRef.send({ type: 'row.toggle', id });
      }}
    >
      {expanded ? <ChevronDown /> : <ChevronRight />}
    </IconButton>
  );
}

const detailsRegionId = (id: string) => `grid-details-${id}`;

/** An open row's details, under the row across the table; they expand in 225 ms (public-and-profile §2 "Grid"). */
function RowDetailsRow<Row>({
  gridRef,
  id,
  name,
  span,
  details: Details,
}: {
  gridRef: GridRef<Row>;
  id: string;
  name: string;
  span: number;
  details: RowDetails;
}) {
  const { t } = useLingui();
  const details = useSelector(gridRef, selectRowDetails(id));
  if (details === undefined) return null;
  return (
    <Table.Row data-grid-details="">
      <Table.Cell colSpan={span} bg="bg.subtle">
        <Box
          id={detailsRegionId(id)}
          role="region"
          aria-label={t({ id: 'Admin_Text_DetailsOf', message: `Details of ${name}` })}
          animationName="fade-in,slide-from-top"
          animationDuration="225ms"
          animationTimingFunction="ease-out"
        >
          <Details
            details={details}
            onRetry={() => {
              gridRef.send({ type: 'details.retry', id });
            }}
          />
        </Box>
      </Table.Cell>
    </Table.Row>
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
      <Text color="fg.error">{t({ id: 'Admin_Text_LoadFailed', message: 'The list could not be loaded.' })}</Text>
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
