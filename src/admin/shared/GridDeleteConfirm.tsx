import { useSelector } from '@xstate/react';
import { selectDeleteTarget } from '@machines/admin-grid/grid.selectors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { GridRef } from './grid-ref';

/**
 * The grid's delete confirmation (admin-and-board §2, §9: the name in the title; its buttons say what they do, issue
 * 29 §5). Open while the grid machine asks; `title` puts the row's name into the page's own question label.
 */
export function GridDeleteConfirm<Row>({
  gridRef,
  title,
  confirmLabel,
}: {
  gridRef: GridRef<Row>;
  title: (row: Row) => string;
  /** The page's own verb ("Delete application"). */
  confirmLabel: string;
}) {
  const target = useSelector(gridRef, selectDeleteTarget<Row>);
  return (
    <ConfirmDialog
      open={target !== undefined}
      title={target === undefined ? '' : title(target)}
      confirmLabel={confirmLabel}
      onYes={() => {
        gridRef.send({ type: 'delete.confirm' });
      }}
      onNo={() => {
        gridRef.send({ type: 'delete.cancel' });
      }}
    />
  );
}
