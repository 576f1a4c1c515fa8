import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { IN_MEMORY, openDatabase } from '@server/db/client';
import { migrate } from '@server/db/migrate';
import type { DatabaseTemplates } from './support/database';
import { createPostgresDatabase } from './support/database';
import { completeStage, databaseStages } from './support/database-stages';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/**
 * Makes each database stage once per run, on both databases: a PGlite dump per stage (a file), a PostgreSQL template
 * database per stage. Test databases then start as copies (server/db/client.ts `loadDataDir`, `create database …
 * template …`) instead of running initdb, every migration and the seed again in every file.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-db-templates-'));
  const pglite: Partial<Record<(typeof databaseStages)[number], string>> = {};
  const lite = await openDatabase({ dataDir: IN_MEMORY });
  if (lite.kind !== 'pglite') throw new Error('an in-memory database is PGlite');
  try {
    await migrate(lite);
    for (const stage of databaseStages) {
      await completeStage(lite, stage);
      const file = path.join(dir, `${stage}.tar`);
      writeFileSync(file, Buffer.from(await (await lite.client.dumpDataDir('none')).arrayBuffer()));
      pglite[stage] = file;
    }
  } finally {
    await lite.close();
  }

  const dropped: (() => Promise<void>)[] = [];
  const postgres: Partial<Record<(typeof databaseStages)[number], string>> = {};
  let previous: string | undefined;
  for (const stage of databaseStages) {
    // Each stage starts as a copy of the one before; nothing stays connected to a template once it is made.
    const created = await createPostgresDatabase(previous);
    dropped.push(() => created.drop());
    const database = await openDatabase({ databaseUrl: created.url, dataDir: IN_MEMORY });
    try {
      if (stage === 'migrated') await migrate(database);
      await completeStage(database, stage);
    } finally {
      await database.close();
    }
    postgres[stage] = created.name;
    previous = created.name;
  }

  project.provide('databaseTemplates', { pglite, postgres } as DatabaseTemplates);
  return async () => {
    for (const drop of dropped.reverse()) await drop();
    rmSync(dir, { recursive: true, force: true });
  };
}
