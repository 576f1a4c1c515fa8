import type { Db } from '../../db/client';
import { csvStream, inBatches } from '../support/csv';
import { readErrorBatch, type ErrorExportRow, type ErrorRead } from './queries';

/** Rows an export reads at once: memory holds one batch, whatever the log's size. */
const BATCH = 1000;

/** GET ErrorLog/Export: every error the filters keep (not one page), in the grid's order, as a numbered CSV. */
export function errorCsv(db: Db, read: ErrorRead) {
  async function* cells() {
    const batches = inBatches<ErrorExportRow>((last) => readErrorBatch(db, read, last, BATCH), BATCH);
    for await (const row of batches)
      yield [
        new Date(row.at).toISOString(),
        row.level,
        row.code,
        row.message,
        row.locationUrl,
        row.deviceInfo,
        row.clientName ?? '',
        row.environment,
        row.requestId ?? '',
        row.details,
      ];
  }
  const header = [
    'When',
    'Level',
    'Code',
    'Message',
    'Page',
    'Device',
    'Client',
    'Environment',
    'Request id',
    'Details',
  ];
  return csvStream(header, cells());
}
