import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createGzip } from 'node:zlib';
import type { Database } from '../db/client';
import { appliedMigrations, listTables, migrationTables, quoteIdent } from './catalog';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupHeader, type Progress } from './format';
import { inTransaction } from './session';

/** Rows fetched from the cursor at once: bounded memory whatever the table's size. */
const FETCH_ROWS = 2_000;
const PROGRESS_EVERY_MS = 2_000;

export interface BackupSummary {
  tables: number;
  rows: number;
  bytes: number;
}

/**
 * Writes a backup of the whole database to `file` (format: server/backup/format.ts): one repeatable-read, read-only
 * transaction, so every table is read from the same snapshot while a server keeps writing (PostgreSQL). Rows are read
 * through a cursor and written through gzip with back-pressure: memory stays flat for any size. The file appears
 * under its name only when complete (written beside it, then renamed).
 */
export async function writeBackup(
  database: Database,
  file: string,
  progress: Progress = () => undefined,
): Promise<BackupSummary> {
  const draft = `${file}.partial`;
  const gzip = createGzip();
  const out = createWriteStream(draft);
  const piped = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
    gzip.on('error', reject);
  });
  gzip.pipe(out);
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
  };
  try {
    const summary = await inTransaction(database, 'isolation level repeatable read, read only', async (session) => {
      // PostgreSQL's text forms of dates and numbers depend on these; fixed so that any restore reads them back.
      await session.query(`set local datestyle = 'ISO, YMD'`);
      await session.query(`set local intervalstyle = 'postgres'`);
      await session.query(`set local extra_float_digits = 3`);
      const [sealed] = await session.query<{ sealed: boolean }>(
        `select to_regclass('public.idp_sealing_check') is not null as sealed`,
      );
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: new Date().toISOString(),
        source: database.kind,
        migrations: {
          portal: await appliedMigrations(session, migrationTables.portal),
          idp: await appliedMigrations(session, migrationTables.idp),
        },
        sealed: sealed?.sealed === true && (await session.query(`select 1 from idp_sealing_check limit 1`)).length > 0,
      };
      await write(JSON.stringify(header));
      const tables = await listTables(session);
      let total = 0;
      let lastReport = Date.now();
      for (const table of tables) {
        const [count] = await session.query<{ n: string }>(`select count(*)::text as n from ${quoteIdent(table.name)}`);
        const rows = Number(count?.n ?? 0);
        await write(JSON.stringify({ table: table.name, columns: table.columns.map((c) => c.name), rows }));
        // Each row as one JSON array of texts, built by the database: no per-value work here.
        const values = table.columns.map((c) => `${quoteIdent(c.name)}::text`).join(', ');
        await session.query(
          `declare backup_rows no scroll cursor for select json_build_array(${values})::text as line from ${quoteIdent(table.name)}`,
        );
        let done = 0;
        for (;;) {
          const batch = await session.query<{ line: string }>(`fetch ${FETCH_ROWS} from backup_rows`);
          for (const row of batch) await write(row.line);
          done += batch.length;
          if (Date.now() - lastReport > PROGRESS_EVERY_MS) {
            progress(`backup: ${table.name} ${done}/${rows} rows`);
            lastReport = Date.now();
          }
          if (batch.length < FETCH_ROWS) break;
        }
        await session.query('close backup_rows');
        if (done !== rows) throw new Error(`${table.name}: counted ${rows} rows, read ${done}`);
        total += done;
        if (rows > 0) progress(`backup: ${table.name} ${rows} rows`);
      }
      await write(JSON.stringify({ end: { tables: tables.length, rows: total } }));
      return { tables: tables.length, rows: total };
    });
    gzip.end();
    await piped;
    await rename(draft, file);
    return { ...summary, bytes: out.bytesWritten };
  } catch (error) {
    gzip.destroy();
    out.destroy();
    await rm(draft, { force: true });
    throw error;
  }
}
