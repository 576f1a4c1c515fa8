import { Button, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { SearchColumns } from '@machines/admin-grid/grid-filter';
import { selectCanSearch, selectFilter } from '@machines/admin-grid/grid.selectors';
import type { GridRef } from './grid-ref';

/** A filter type as the select offers it: the search column's key and its translated name. */
export type FilterType = { column: string; label: string };

/**
 * The grid filter (admin-and-board §2): a search type, the input, Search (enabled only with a type and a valid
 * input) and Clear (resets both, the full list returns). The list follows the input as the person types.
 */
export function GridFilter<Row>({
  gridRef,
  types,
  searchColumns,
}: {
  gridRef: GridRef<Row>;
  types: readonly FilterType[];
  searchColumns: SearchColumns<Row>;
}) {
  const { t } = useLingui();
  const filter = useSelector(gridRef, selectFilter<Row>);
  const canSearch = useSelector(gridRef, selectCanSearch(searchColumns));
  return (
    <HStack
      as="form"
      role="search"
      gap="2"
      wrap="wrap"
      onSubmit={(event) => {
        event.preventDefault();
        gridRef.send({ type: 'filter.search' });
      }}
    >
      <NativeSelect.Root size="sm" width="48">
        <NativeSelect.Field
          aria-label={t({ id: 'Admin_Field_SearchType', message: 'Search by' })}
          value={filter.column ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            gridRef.send({ type: 'filter.column', column: value === '' ? undefined : value });
          }}
        >
          <option value="">{t({ id: 'Admin_Text_SearchTypeNone', message: 'Search by…' })}</option>
          {types.map((type) => (
            <option key={type.column} value={type.column}>
              {type.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Input
        size="sm"
        width="64"
        type="search"
        aria-label={t({ id: 'Admin_Field_SearchText', message: 'Search text' })}
        value={filter.text}
        onChange={(event) => {
          gridRef.send({ type: 'filter.text', text: event.currentTarget.value });
        }}
      />
      <Button size="sm" type="submit" disabled={!canSearch}>
        {t({ id: 'Admin_Button_Search', message: 'Search' })}
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          gridRef.send({ type: 'filter.clear' });
        }}
      >
        {t({ id: 'Admin_Button_Clear', message: 'Clear' })}
      </Button>
    </HStack>
  );
}
