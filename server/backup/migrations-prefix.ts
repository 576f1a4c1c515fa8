import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { AppliedMigration } from './format';

/** The hashes of the committed migrations of `folder`, in order (what drizzle records once applied). */
export function committedHashes(folder: string): string[] {
  return readMigrationFiles({ migrationsFolder: folder }).map((migration) => migration.hash);
}

/** Whether `applied` is the start of `committed`, hash for hash. */
export function isPrefix(applied: readonly AppliedMigration[] | readonly string[], committed: readonly string[]) {
  return (
    applied.length <= committed.length &&
    applied.every((entry, i) => (typeof entry === 'string' ? entry : entry.hash) === committed[i])
  );
}

/**
 * A copy of the migrations `folder` holding only its first `count` migrations, for drizzle's migrator (which applies a
 * whole journal): a restore takes the database to exactly the schema of its backup, loads the rows, then applies the
 * rest. `dispose()` removes the copy.
 */
export function migrationsPrefix(folder: string, count: number): { folder: string; dispose(): void } {
  const copy = mkdtempSync(path.join(tmpdir(), 'gatehouse-migrations-'));
  cpSync(folder, copy, { recursive: true });
  const journalFile = path.join(copy, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
  return { folder: copy, dispose: () => rmSync(copy, { recursive: true, force: true }) };
}
