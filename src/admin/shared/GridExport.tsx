import { Button } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { Download } from 'lucide-react';
import { selectCanAct, selectIsExporting } from '@machines/admin-grid/grid.selectors';
import type { GridRef } from './grid-ref';

/**
 * Export, in every admin grid's toolbar: downloads every row the filter on screen keeps, not only the
 * page, as CSV; it waits (aria-busy) while the file is made. `label` names a page's own export (the terms editor's
 * acceptances), which the page's `exportRows` makes.
 */
export function GridExport<Row>({ gridRef, label }: { gridRef: GridRef<Row>; label?: string }) {
  const { t } = useLingui();
  const exporting = useSelector(gridRef, selectIsExporting<Row>);
  const canAct = useSelector(gridRef, selectCanAct<Row>);
  return (
    <Button
      size="sm"
      variant="outline"
      aria-busy={exporting}
      disabled={!canAct}
      onClick={() => {
        gridRef.send({ type: 'grid.export' });
      }}
    >
      <Download aria-hidden="true" />
      {label ?? t({ id: 'Admin_Button_Export', message: 'Export CSV' })}
    </Button>
  );
}
