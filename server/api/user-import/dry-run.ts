import {
  EMAIL_COLUMN,
  fileTooLargeMessage,
  IMPORT_FILE_LIMIT,
  type ImportProblem,
  type ImportUpload,
} from '@contracts/user-import';
import type { Principal } from '../../auth/principal';
import type { Db } from '../../db/client';
import { and, eq } from 'drizzle-orm';
import type { ClientRow, ImportJobRow } from '../../db/rows';
import { importJobRows, importJobs } from '../../db/schema';
import { ProblemError, validationFailed } from '../../http/problem';
import { decodeImportFile, headerOf, readRecords, UnreadableFile } from './csv-file';
import { cellsByColumn, columnsOf, planRow, type ImportRules } from './plan';
import { knownPeople } from './queries';
import { importRules, refuseUploadOutOfReach } from './rules';
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

/** A dry run started: its job (status `checking`) and the work that checks its rows, to run after the answer. */
export interface StartedDryRun {
  jobId: string;
  check: () => Promise<void>;
}

/**
 * POST Instance/uploadtemplate: the dry run, as a job the page follows (issue 29 §7: one request held open for a
 * large file outlived the browser's 10 s and was reported as a failure). The file's bytes (at most the limit, whatever
 * the browser said its size was) are sniffed, decoded and parsed here, so a file that cannot be read at all (not
 * text, empty, no rows, an unknown column) still answers 400 naming why; the job is then written as `checking` and
 * the caller answers at once. `check` plans every row with the form's rules and writes the rows, the counts and
 * `previewed` in one transaction, so a previewed job exists whole; a check that fails removes its job (no orphan in
 * the history), and one whose process stopped is removed when it is next read (`abandonedCheck`). Nothing about
 * people changes. A broken row is one failing row among the others.
 */
export async function startDryRun(
  db: Db,
  caller: Principal,
  client: ClientRow,
  upload: ImportUpload,
): Promise<StartedDryRun> {
  const bytes = Buffer.from(upload.fileAsBase64, 'base64');
  if (bytes.length >= IMPORT_FILE_LIMIT) throw fileTooLarge(upload.fileName);
  const records: { line: number; cells: string[] }[] = [];
  const broken: ImportProblem[] = [];
  let rules: ImportRules;
  try {
    const text = decodeImportFile(bytes);
    const read = readRecords(text, broken);
    const first = await read.next();
    if (first.done === true) throw new UnreadableFile('The file is empty.');
    rules = await importRules(db, caller, client, [], upload.roles);
    await refuseUploadOutOfReach(db, caller, upload, rules);
    rules.columns = columnsOf(headerOf(first.value.cells), rules.form);
    for await (const record of read) records.push(record);
  } catch (error) {
    if (error instanceof UnreadableFile) throw unreadable(error);
    throw error;
  }
  const lines = new Set([...records.map((record) => record.line), ...broken.map((problem) => problem.line)]);
  if (lines.size === 0) throw unreadable(new UnreadableFile('The file has a header but no rows.'));
  const jobId = await insertCheckingJob(db, caller, client, upload, rules.columns, lines.size);
  const check = async () => {
    try {
      const rows = await planRows(db, jobId, rules, client.id, records, broken);
      await saveRows(db, caller, client, upload, jobId, rows);
    } catch (error) {
      await db.delete(importJobs).where(and(eq(importJobs.id, jobId), eq(importJobs.status, 'checking')));
      throw error;
    }
  };
  return { jobId, check };
}

/** A check renews its job's heartbeat after every batch; a `checking` job silent this long lost its process. */
export const CHECK_ABANDONED_AFTER_MS = 60_000;

/** A job still `checking` whose check stopped (its process ended): removed, so no half-made job stays behind. */
export async function abandonedCheck(db: Db, job: ImportJobRow, now = Date.now()): Promise<boolean> {
  if (job.status !== 'checking') return false;
  const since = (job.heartbeatAt ?? job.createdAt).getTime();
  if (now - since < CHECK_ABANDONED_AFTER_MS) return false;
  await db.delete(importJobs).where(and(eq(importJobs.id, job.id), eq(importJobs.status, 'checking')));
  return true;
}

/** Every record planned, a batch at a time (the job's heartbeat renewed after each), and the broken ones merged in. */
async function planRows(
  db: Db,
  jobId: string,
  rules: ImportRules,
  clientId: string,
  records: { line: number; cells: string[] }[],
  broken: ImportProblem[],
): Promise<RowInsert[]> {
  const rows: RowInsert[] = [];
  const seen = new Map<string, number>();
  for (let at = 0; at < records.length; at += BATCH) {
    rows.push(...(await planBatch(db, rules, clientId, records.slice(at, at + BATCH), seen)));
    await db.update(importJobs).set({ heartbeatAt: new Date() }).where(eq(importJobs.id, jobId));
  }
  for (const problem of broken) {
    const same = rows.find((row) => row.line === problem.line);
    if (same === undefined)
      rows.push({ jobId: '', line: problem.line, email: '', values: {}, plan: 'failed', problems: [problem] });
    else Object.assign(same, { plan: 'failed', problems: [...same.problems, problem] });
  }
  return rows;
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
        problems: [
          {
            line,
            column: EMAIL_COLUMN,
            message: `is also on line ${String(earlier)}`,
            reason: { code: 'repeatedEmail', earlierLine: earlier },
          },
        ],
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

/** The job, `checking`, before its rows are planned: its id is what the upload answers. */
async function insertCheckingJob(
  db: Db,
  caller: Principal,
  client: ClientRow,
  upload: ImportUpload,
  columns: string[],
  total: number,
): Promise<string> {
  const [job] = await db
    .insert(importJobs)
    .values({
      clientId: client.id,
      fileName: upload.fileName,
      fileSize: Buffer.byteLength(upload.fileAsBase64, 'base64'),
      createdBy: caller.login,
      status: 'checking',
      columns,
      roles: upload.roles,
      total,
      newCount: 0,
      updatedCount: 0,
      unchangedCount: 0,
      failedCount: 0,
      heartbeatAt: new Date(),
    })
    .returning({ id: importJobs.id });
  if (job === undefined) throw new Error('inserting the import job returned no row');
  return job.id;
}

/** The checked rows, the counts and `previewed`, in one transaction with the audit row. */
async function saveRows(
  db: Db,
  caller: Principal,
  client: ClientRow,
  upload: ImportUpload,
  jobId: string,
  rows: RowInsert[],
): Promise<void> {
  const tally = (plan: string) => rows.filter((row) => row.plan === plan).length;
  await db.transaction(async (tx) => {
    const [job] = await tx
      .update(importJobs)
      .set({
        status: 'previewed',
        total: rows.length,
        newCount: tally('new'),
        updatedCount: tally('update'),
        unchangedCount: tally('unchanged'),
        failedCount: tally('failed'),
        heartbeatAt: null,
      })
      .where(and(eq(importJobs.id, jobId), eq(importJobs.status, 'checking')))
      .returning({ id: importJobs.id });
    if (job === undefined) throw new Error('the import job was removed while its rows were checked');
    const ordered = rows.sort((a, b) => a.line - b.line).map((row) => ({ ...row, jobId }));
    for (let at = 0; at < ordered.length; at += 1000)
      await tx.insert(importJobRows).values(ordered.slice(at, at + 1000));
    await auditTrail.record(tx, {
      actor: caller.login,
      action: 'import.preview',
      entity: 'user_import',
      entityId: jobId,
      clientId: client.id,
      before: null,
      after: { clientId: client.id, fileName: upload.fileName, rows: rows.length, failed: tally('failed') },
    });
  });
}
