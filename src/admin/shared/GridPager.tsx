import { Button, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { samePaging, selectPaging } from '@machines/admin-grid/grid.selectors';
import type { GridRef } from './grid-ref';

/** Page size (the machine's offered sizes) and previous/next, under a grid. */
export function GridPager<Row>({ gridRef }: { gridRef: GridRef<Row> }) {
  const { t } = useLingui();
  const paging = useSelector(gridRef, selectPaging<Row>, samePaging);
  const page = paging.pageIndex + 1;
  const pageSizeLabel = t({ id: 'Admin_Text_PageSize', message: 'Rows per page' });
  const pageCount = paging.pageCount;
  return (
    <HStack justify="flex-end" gap="3" py="2" wrap="wrap">
      <HStack gap="2">
        <Text textStyle="sm" aria-hidden="true">
          {pageSizeLabel}
        </Text>
        <NativeSelect.Root size="sm" width="20">
          <NativeSelect.Field
            aria-label={pageSizeLabel}
            value={String(paging.pageSize)}
            onChange={(event) => {
              gridRef.send({ type: 'page.size', size: Number(event.currentTarget.value) });
            }}
          >
            {paging.pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <Text textStyle="sm" aria-live="polite">
        {t({ id: 'Admin_Text_PageOf', message: `Page ${page} of ${pageCount}` })}
      </Text>
      <Button
        size="sm"
        variant="outline"
        disabled={paging.pageIndex === 0}
        onClick={() => {
          gridRef.send({ type: 'page.go', index: paging.pageIndex - 1 });
        }}
      >
        {t({ id: 'Admin_Button_PreviousPage', message: 'Previous' })}
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={page >= pageCount}
        onClick={() => {
          gridRef.send({ type: 'page.go', index: paging.pageIndex + 1 });
        }}
      >
        {t({ id: 'Admin_Button_NextPage', message: 'Next' })}
      </Button>
    </HStack>
  );
}
