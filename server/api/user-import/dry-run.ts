import {
  EMAIL_COLUMN,
  fileTooLargeMessage,
  IMPORT_FILE_LIMIT,
  type ImportProblem,
  type ImportUpload,
} from '@contracts/user-import';
import type { Principal } from '../../auth/principal';
import type { Db } from '../../db/client';
import type { ClientRow } from '../../db/rows';
import { importJobRows, importJobs } from '../../db/schema';
import { ProblemError, validationFailed } from '../../http/problem';
import { decodeImportFile, headerOf, readRecords, UnreadableFile } from './csv-file';
import { cellsByColumn, columnsOf, planRow, type ImportRules } from './plan';
import { knownPeople } from './queries';
import { importRules } from './rules';
import { auditTrail } from '../support/audit';

type RowInsert = typeof importJobRows.$inferInsert;

/** Rows are checked against the database this many at a time (one query for the people they name). */
const BATCH = 500;

export const fileTooLarge = (fileName: string) =>
  new ProblemError(413, 'payload_too_large', fileTooLargeMessage(fileName), [
    { field: 'body.fileAsBase64', message: fileTooLargeMessage(fileName) },
  ]);

const unreadable = (error: UnreadableFile) =>
  validationFailed([{ field: 'body.fileAsBase64', message: error.message }]);

/**
 * POST Instance/uploadtemplate: the dry run. The file's bytes (at most the limit, whatever the browser said its size
 * was) are sniffed and decoded, streamed through the parser, and every row is planned with the form's rules; the job
 * and all its rows (values, plan, problems) are then written in one transaction, so a job exists whole or not at all.
 * Nothing about people changes. A file that cannot be read at all (not text, empty, no rows, an unknown column)
 * answers 400 naming why; a broken row is one failing row among the others.
 */
export async function dryRun(db: Db, caller: Principal, client: ClientRow, upload: ImportUpload): Promise<string> {
  const bytes = Buffer.from(upload.fileAsBase64, 'base64');
  if (bytes.length >= IMPORT_FILE_LIMIT) throw fileTooLarge(upload.fileName);
  const rows: RowInsert[] = [];
  let columns: string[];
  try {
    const text = decodeImportFile(bytes);
    const broken: ImportProblem[] = [];
    const records = readRecords(text, broken);
    const first = await records.next();
    if (first.done === true) throw new UnreadableFile('The file is empty.');
    const rules = await importRules(db, caller, client, [], upload.roles);
    columns = columnsOf(headerOf(first.value.cells), rules.form);
    rules.columns = columns;
    let batch: { line: number; cells: string[] }[] = [];
    const seen = new Map<string, number>();
    for await (const record of records) {
      batch.push(record);
      if (batch.length === BATCH) {
        rows.push(...(await planBatch(db, rules, client.id, batch, seen)));
        batch = [];
      }
    }
    rows.push(...(await planBatch(db, rules, client.id, batch, seen)));
    for (const problem of broken) {
      const same = rows.find((row) => row.line === problem.line);
      if (same === undefined)
        rows.push({ jobId: '', line: problem.line, email: '', values: {}, plan: 'failed', problems: [problem] });
      else Object.assign(same, { plan: 'failed', problems: [...same.problems, problem] });
    }
  } catch (error) {
    if (error instanceof UnreadableFile) throw unreadable(error);
    throw error;
  }
  if (rows.length === 0) throw unreadable(new UnreadableFile('The file has a header but no rows.'));
  return saveJob(db, caller, client, upload, columns, rows);
}

/** Plans a batch of records: one query for the people they name, then each row by the form's rules. */
async function planBatch(
  db: Db,
  rules: ImportRules,
  clientId: string,
  batch: { line: number; cells: string[] }[],
  seen: Map<string, number>,
): Promise<RowInsert[]> {
  const parsed = batch.map((record) => ({
    line: record.line,
    ...cellsByColumn(rules.columns, record.cells, record.line),
  }));
  const emails = parsed.flatMap((entry) => ('row' in entry ? [(entry.row[EMAIL_COLUMN] ?? '').toLowerCase()] : []));
  const people = await knownPeople(db, clientId, [...new Set(emails)]);
  return parsed.map((entry): RowInsert => {
    const { line } = entry;
    if ('problem' in entry)
      return { jobId: '', line, email: '', values: {}, plan: 'failed', problems: [entry.problem] };
    const { row } = entry;
    const email = row[EMAIL_COLUMN] ?? '';
    const key = email.toLowerCase();
    const earlier = seen.get(key);
    if (earlier !== undefined && key !== '')
      return {
        jobId: '',
        line,
        email,
        values: row,
        plan: 'failed',
        problems: [{ line, column: EMAIL_COLUMN, message: `is also on line ${String(earlier)}` }],
      };
    seen.set(key, line);
    const planned = planRow(rules, line, row, people.get(key));
    return {
      jobId: '',
      line,
      email,
      values: row,
      plan: planned.plan,
      problems: planned.plan === 'failed' ? planned.problems : [],
    };
  });
}

async function saveJob(
  db: Db,
  caller: Principal,
  client: ClientRow,
  upload: ImportUpload,
  columns: string[],
  rows: RowInsert[],
): Promise<string> {
  const tally = (plan: string) => rows.filter((row) => row.plan === plan).length;
  return db.transaction(async (tx) => {
    const [job] = await tx
      .insert(importJobs)
      .values({
        clientId: client.id,
        fileName: upload.fileName,
        fileSize: Buffer.byteLength(upload.fileAsBase64, 'base64'),
        createdBy: caller.login,
        columns,
        roles: upload.roles,
        total: rows.length,
        newCount: tally('new'),
        updatedCount: tally('update'),
        unchangedCount: tally('unchanged'),
        failedCount: tally('failed'),
      })
      .returning({ id: importJobs.id });
    if (job === undefined) throw new Error('inserting the import job returned no row');
    const ordered = rows.sort((a, b) => a.line - b.line).map((row) => ({ ...row, jobId: job.id }));
    for (let at = 0; at < ordered.length; at += 1000)
      await tx.insert(importJobRows).values(ordered.slice(at, at + 1000));
    await auditTrail.record(tx, {
      actor: caller.login,
      action: 'import.preview',
      entity: 'user_import',
      entityId: job.id,
      clientId: client.id,
      before: null,
      after: { clientId: client.id, fileName: upload.fileName, rows: rows.length, failed: tally('failed') },
    });
    return job.id;
  });
}
