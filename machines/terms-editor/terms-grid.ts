import type { TermsVersion } from '@contracts/terms';
import { createGridMachine } from '../admin-grid/grid.machine';

/** The terms editor's filter types: the grid's columns. */
export const termsSearchColumns = {
  number: (row: TermsVersion) => String(row.number),
  publishedBy: (row: TermsVersion) => row.publishedBy,
  cultures: (row: TermsVersion) => row.texts.map((text) => text.culture).join(', '),
};

/**
 * The grid of one client's published terms versions, newest first (issue 34 item 2). Versions are never deleted: the
 * page offers no Delete, so the delete failure title is never shown.
 */
export const termsGridMachine = createGridMachine<TermsVersion>({
  id: 'termsGrid',
  searchColumns: termsSearchColumns,
  rowId: (row) => String(row.number),
  rowName: (row) => String(row.number),
  deleteFailTitle: 'TermsEditor_Text_Title',
});
