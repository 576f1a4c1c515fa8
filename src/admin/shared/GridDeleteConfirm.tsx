import { useSelector } from '@xstate/react';
import { selectDeleteTarget } from '@machines/admin-grid/grid.selectors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { GridRef } from './grid-ref';

/**
 * The grid's delete confirmation (admin-and-board §2, §9: 311 × 536 px, the name in the title, Yes and No). Open
 * while the grid machine asks; `title` puts the row's name into the page's own question label.
 */
export function GridDeleteConfirm<Row>({ gridRef, title }: { gridRef: GridRef<Row>; title: (row: Row) => string }) {
  const target = useSelector(gridRef, selectDeleteTarget<Row>);
  return (
    <ConfirmDialog
      open={target !== undefined}
      title={target === undefined ? '' : title(target)}
      onYes={() => {
        gridRef.send({ type: 'delete.confirm' });
      }}
      onNo={() => {
        gridRef.send({ type: 'delete.cancel' });
      }}
    />
  );
}
