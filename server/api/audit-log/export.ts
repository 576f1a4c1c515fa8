import type { Db } from '../../db/client';
import { csvStream, inBatches } from '../support/csv';
import { readAuditBatch, type AuditExportRow, type AuditRead } from './queries';

/** Rows an export reads at once: memory holds one batch, whatever the log's size. */
const BATCH = 1000;

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** GET AuditLog/Export: every row the filters keep (not one page), in the grid's order, as a numbered CSV. */
export function auditCsv(db: Db, read: AuditRead) {
  async function* cells() {
    for await (const row of inBatches<AuditExportRow>((last) => readAuditBatch(db, read, last, BATCH), BATCH))
      yield [
        new Date(row.at).toISOString(),
        row.actor,
        row.action,
        row.entity,
        row.entityId ?? '',
        row.clientName ?? '',
        json(row.before),
        json(row.after),
      ];
  }
  return csvStream(['When', 'Actor', 'Action', 'Entity', 'Entity id', 'Client', 'Before', 'After'], cells());
}
