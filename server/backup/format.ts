/**
 * The backup file (docs/operations.md "Backup and restore"): gzip'd JSON lines, written and read as a stream.
 *
 * 1. The header, one object: `{"format":"gatehouse-backup","version":1,"createdAt":…,"source":"pglite"|"postgres",
 *    "migrations":{"portal":[{"hash","createdAt"}…],"idp":[…]},"sealed":true|false}`. `migrations` are the ones the
 *    database had applied (drizzle's bookkeeping), in order: a restore refuses a backup whose list is not a prefix of
 *    its own (a newer or a foreign schema).
 * 2. Per table of the `public` schema, parents before children (foreign keys): `{"table":…,"columns":[…],"rows":n}`,
 *    then `n` lines, each a JSON array of the row's values as PostgreSQL's own text form (or null), in `columns`
 *    order. Generated columns are left out (the database computes them again).
 * 3. The trailer, `{"end":{"tables":n,"rows":n}}`: a file without it was cut short and is refused.
 *
 * Sealed values (signing keys, TOTP secrets) stay sealed: the server secret is never in the file.
 */
export const BACKUP_FORMAT = 'gatehouse-backup';
export const BACKUP_VERSION = 1;

export interface AppliedMigration {
  hash: string;
  createdAt: number;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  source: 'pglite' | 'postgres';
  migrations: { portal: AppliedMigration[]; idp: AppliedMigration[] };
  sealed: boolean;
}

export interface TableLine {
  table: string;
  columns: string[];
  rows: number;
}

export interface TrailerLine {
  end: { tables: number; rows: number };
}

/** Why a backup or a restore was refused: one line for the operator, exit code 1, nothing changed. */
export class BackupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefused';
  }
}

/** Progress of long work, for stderr (the CLI) or nowhere (tests). */
export type Progress = (line: string) => void;
