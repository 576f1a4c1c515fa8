import type { Database } from '../db/client';
import { migrate, migrationsFolder } from '../db/migrate';
import { idpMigrationsFolder, migrateIdp } from '../idp/migrate';
import { sealedCheckOpens } from '../idp/sealing';
import { createSealer } from '../secrets/seal';
import { backupLines, parseHeader, readHeader } from './backup-file';
import { appliedMigrations, listTables, migrationTables, quoteIdent, type TableShape } from './catalog';
import { BackupRefused, type BackupHeader, type Progress, type TableLine, type TrailerLine } from './format';
import { committedHashes, isPrefix, migrationsPrefix } from './migrations-prefix';
import { inTransaction, type Session } from './session';

/** Bound on the parameters of one insert (PostgreSQL allows 65,535), and on rows per insert. */
const MAX_PARAMETERS = 30_000;
const MAX_BATCH_ROWS = 1_000;
const PROGRESS_EVERY_MS = 2_000;

export interface RestoreOptions {
  /** Replace what the database holds (its tables are emptied in the restore's transaction). */
  force?: boolean;
  /** The server secret the restored database will run with; null when none is set (refused for a sealed backup). */
  serverSecret: Buffer | null;
  progress?: Progress;
}

/**
 * Restores a backup (server/backup/format.ts) into `database`:
 * 1. refuses a backup whose migrations are not a prefix of this Gatehouse's (a newer or another schema), and a
 *    database whose migrations are not a prefix of the backup's;
 * 2. applies the migrations the backup had, and only those, so the rows load into the schema they came from;
 * 3. in one transaction: refuses a database holding any row (unless `force`, which empties it), loads every row with
 *    user triggers off (derived tables such as client_people_counts come from the backup, not from triggers), moves
 *    identity sequences past the restored values, checks the trailer (a cut file is refused) and that the server
 *    secret opens the sealed check value (a wrong secret is refused: nothing could be signed or checked);
 * 4. applies the remaining migrations, as a start after an upgrade would.
 * Any refusal or failure in 3 leaves the database as it was.
 */
export async function restoreBackup(
  database: Database,
  file: string,
  options: RestoreOptions,
): Promise<{ rows: number }> {
  const progress = options.progress ?? (() => undefined);
  const header = await readHeader(file);
  const plan = [
    { name: 'portal', table: migrationTables.portal, folder: migrationsFolder, run: migrate },
    { name: 'identity provider', table: migrationTables.idp, folder: idpMigrationsFolder, run: migrateIdp },
  ] as const;
  for (const part of plan) {
    const backupHas = part.table === migrationTables.portal ? header.migrations.portal : header.migrations.idp;
    if (!isPrefix(backupHas, committedHashes(part.folder)))
      throw new BackupRefused(
        `the backup's ${part.name} schema is newer than this Gatehouse's (or not Gatehouse's): upgrade Gatehouse, then restore`,
      );
    const databaseHas = await inTransaction(database, null, (session) => appliedMigrations(session, part.table));
    if (
      !isPrefix(
        databaseHas,
        backupHas.map((m) => m.hash),
      )
    )
      throw new BackupRefused(
        `the database's ${part.name} schema is newer than the backup's: restore into an empty database`,
      );
  }
  if (header.sealed && options.serverSecret === null)
    throw new BackupRefused(
      'the backup holds sealed secrets and no server secret is set: set SERVER_SECRET, or put the DATA_DIR/server-secret kept beside the backup in place',
    );

  progress(`restore: migrating to the backup's schema`);
  for (const part of plan) {
    const count = (part.table === migrationTables.portal ? header.migrations.portal : header.migrations.idp).length;
    if (count === 0) continue;
    const prefix = migrationsPrefix(part.folder, count);
    try {
      await part.run(database, prefix.folder);
    } finally {
      prefix.dispose();
    }
  }

  const rows = await inTransaction(database, null, (session) => load(session, file, header, options, progress));

  progress('restore: applying newer migrations');
  await migrate(database);
  if (header.migrations.idp.length > 0) await migrateIdp(database);
  return { rows };
}

async function load(
  session: Session,
  file: string,
  header: BackupHeader,
  options: RestoreOptions,
  progress: Progress,
): Promise<number> {
  const tables = await listTables(session);
  const names = tables.map((t) => quoteIdent(t.name)).join(', ');
  if (options.force === true) {
    await session.query(`truncate ${names} restart identity`);
  } else {
    for (const table of tables) {
      const [row] = await session.query(`select 1 from ${quoteIdent(table.name)} limit 1`);
      if (row !== undefined)
        throw new BackupRefused(
          `the database is not empty (${table.name} has rows): restore into an empty database, or add --force to replace everything in it`,
        );
    }
  }
  for (const table of tables) await session.query(`alter table ${quoteIdent(table.name)} disable trigger user`);

  const byName = new Map(tables.map((t) => [t.name, t]));
  const lines = backupLines(file);
  let current: { shape: TableShape; columns: TableShape['columns']; expected: number; seen: number } | undefined;
  let batch: unknown[][] = [];
  let total = 0;
  let trailer: TrailerLine['end'] | undefined;
  let lastReport = Date.now();
  const flush = async () => {
    if (current === undefined || batch.length === 0) return;
    await insertRows(session, current.shape.name, current.columns, batch);
    batch = [];
  };
  const finishTable = async () => {
    await flush();
    if (current !== undefined && current.seen !== current.expected)
      throw new BackupRefused(
        `the backup file is damaged: ${current.shape.name} holds ${current.seen} of ${current.expected} rows`,
      );
    if (current !== undefined && current.seen > 0) progress(`restore: ${current.shape.name} ${current.seen} rows`);
  };
  try {
    let first = true;
    for await (const line of lines) {
      if (first) {
        parseHeader(line);
        first = false;
        continue;
      }
      if (trailer !== undefined) throw new BackupRefused('the backup file is damaged: lines after its end');
      if (line.startsWith('[')) {
        if (current === undefined) throw new BackupRefused('the backup file is damaged: a row outside any table');
        const values = JSON.parse(line) as unknown[];
        if (values.length !== current.columns.length)
          throw new BackupRefused(
            `the backup file is damaged: a row of ${current.shape.name} has ${values.length} values`,
          );
        batch.push(values);
        current.seen++;
        total++;
        if (batch.length >= batchRows(current.columns.length)) await flush();
        if (Date.now() - lastReport > PROGRESS_EVERY_MS) {
          progress(`restore: ${current.shape.name} ${current.seen}/${current.expected} rows`);
          lastReport = Date.now();
        }
        continue;
      }
      const object = JSON.parse(line) as Partial<TableLine & TrailerLine>;
      await finishTable();
      if (object.end !== undefined) {
        trailer = object.end;
        current = undefined;
        continue;
      }
      const shape = byName.get(object.table ?? '');
      if (shape === undefined || !Array.isArray(object.columns))
        throw new BackupRefused(`the backup names a table this schema does not have: ${String(object.table)}`);
      const columns = object.columns.map((name) => {
        const column = shape.columns.find((c) => c.name === name);
        if (column === undefined)
          throw new BackupRefused(`the backup names a column this schema does not have: ${shape.name}.${name}`);
        return column;
      });
      current = { shape, columns, expected: Number(object.rows), seen: 0 };
    }
  } catch (error) {
    if (error instanceof SyntaxError) throw new BackupRefused(`the backup file is damaged: ${error.message}`);
    if (
      (error as NodeJS.ErrnoException).code === 'Z_BUF_ERROR' ||
      (error as NodeJS.ErrnoException).code?.startsWith('Z_')
    )
      throw new BackupRefused('the backup file is damaged (cut short or not gzip)');
    throw error;
  } finally {
    lines.close();
  }
  if (trailer === undefined || trailer.rows !== total)
    throw new BackupRefused('the backup file is damaged: it was cut short (no end line)');

  for (const table of tables) await session.query(`alter table ${quoteIdent(table.name)} enable trigger user`);
  // Identity and serial columns continue after the restored values (a restored row's number is never handed out again).
  for (const table of tables) {
    for (const column of table.columns) {
      const [sequence] = await session.query<{ name: string | null }>(`select pg_get_serial_sequence($1, $2) as name`, [
        quoteIdent(table.name),
        column.name,
      ]);
      if (sequence?.name == null) continue;
      await session.query(
        `select setval($1, coalesce((select max(${quoteIdent(column.name)}) from ${quoteIdent(table.name)}), 0) + 1, false)`,
        [sequence.name],
      );
    }
  }
  if (header.sealed || byName.has('idp_sealing_check')) {
    const [check] = byName.has('idp_sealing_check')
      ? await session.query<{ sealed_check: string }>('select sealed_check from idp_sealing_check')
      : [];
    if (
      check !== undefined &&
      (options.serverSecret === null || !sealedCheckOpens(createSealer(options.serverSecret), check.sealed_check))
    )
      throw new BackupRefused(
        "the backup's secrets are sealed with another server secret: set SERVER_SECRET (or put DATA_DIR/server-secret) to the one kept beside the backup",
      );
  }
  return total;
}

const batchRows = (columns: number) => Math.max(1, Math.min(MAX_BATCH_ROWS, Math.floor(MAX_PARAMETERS / columns)));

/** One multi-row insert; each value is PostgreSQL's text form, cast back to the column's type. */
async function insertRows(session: Session, table: string, columns: TableShape['columns'], rows: unknown[][]) {
  const overriding = columns.some((c) => c.identityAlways) ? ' overriding system value' : '';
  const params: unknown[] = [];
  const tuples = rows.map((row) => {
    const slots = columns.map((column, i) => {
      params.push(row[i]);
      return `$${params.length}::text::${column.type}`;
    });
    return `(${slots.join(', ')})`;
  });
  await session.query(
    `insert into ${quoteIdent(table)} (${columns.map((c) => quoteIdent(c.name)).join(', ')})${overriding} values ${tuples.join(', ')}`,
    params,
  );
}
