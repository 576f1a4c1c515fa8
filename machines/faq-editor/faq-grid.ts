import type { FaqEntry } from '@contracts/admin/faq';
import { createGridMachine } from '../admin-grid/grid.machine';

/** The FAQ editor's filter types: the grid's columns. */
export const faqSearchColumns = {
  part: (row: FaqEntry) => row.part,
  header: (row: FaqEntry) => row.header,
  tags: (row: FaqEntry) => row.tags,
};

/** The grid of one client's questions in one culture (beyond the spec; issue 11). */
export const faqGridMachine = createGridMachine<FaqEntry>({
  id: 'faqGrid',
  searchColumns: faqSearchColumns,
  rowId: (row) => row.id,
  rowName: (row) => row.header,
  deleteFailTitle: 'Faq_Text_DeleteFailTitle',
});
