import { fromPromise } from 'xstate';
import type { GridExportInput } from '@machines/admin-grid/grid.types';
import { numberedCsv, type CsvColumn } from '@contracts/csv';
import type { CallOptions } from '@src/api/http';
import { identified, signalOf } from '@src/app/identified-call';
import { saveTextFile } from './save-file';

/**
 * The export of a catalogue grid (client paging): the rows the filter on screen keeps, in the order on screen, saved as
 * `fileName`. The page already holds every row, so nothing is read again.
 */
export const catalogueExport = <Row>(fileName: string, columns: readonly CsvColumn<Row>[]) =>
  fromPromise<unknown, GridExportInput<Row>>(({ input }) => {
    saveTextFile(fileName, numberedCsv(columns, input.rows));
    return Promise.resolve();
  });

/**
 * The export of a server-paged grid: the server writes every row the query keeps (`read` asks for the file, from the
 * grid's query), saved as `fileName`.
 */
export const serverExport = <Row>(
  fileName: string,
  read: (input: GridExportInput<Row>, options: CallOptions) => Promise<string>,
) =>
  fromPromise<unknown, GridExportInput<Row>>(({ input, signal }) =>
    identified(async () => {
      saveTextFile(fileName, await read(input, signalOf(signal)));
    }),
  );
