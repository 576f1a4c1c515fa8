import { userCsv } from '@contracts/exports';
import type { Db } from '../../db/client';
import { csvStream, inBatches } from '../support/csv';
import { readUserBatch, type UserExportRow, type UserPageRequest } from './queries';

/** People an export reads at once: memory holds one batch, however many people the filter keeps. */
export const USER_EXPORT_BATCH = 1000;

/**
 * GET ManageUsers/Export: every person the grid's filter keeps (not one page), in the grid's order, as a numbered CSV
 * (the columns of contracts/exports.ts) streamed as the browser reads it.
 */
export function usersCsv(db: Db, request: Omit<UserPageRequest, 'page' | 'size'>, batch = USER_EXPORT_BATCH) {
  async function* cells() {
    for await (const row of inBatches<UserExportRow>((last) => readUserBatch(db, request, last, batch), batch))
      yield userCsv.map(([, cell]) => cell(row));
  }
  return csvStream(
    userCsv.map(([header]) => header),
    cells(),
  );
}
