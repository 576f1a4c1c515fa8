// Backup and restore of 100,000 people (issue 32 "Done means": time, file size, memory, on PGlite and PostgreSQL).
// The database is the demo world plus 100,000 people: a portal profile and an identity-provider account each (one
// argon2id hash shared by all: hashing 100,000 passwords would measure argon2, not the backup), a TOTP factor for one
// in ten. `writeBackup` and `restoreBackup` are what `npx gatehouse backup` / `restore` run, here in process so that
// CPU time and the resident memory's peak are read for that work alone. CPU time is given beside wall time: on a busy
// machine the wall time grows, the CPU time much less.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { writeBackup } from '@server/backup/backup';
import { restoreBackup } from '@server/backup/restore';
import type { Database } from '@server/db/client';
import { openSealedSecrets } from '@server/idp/sealing';
import { TEST_SERVER_SECRET } from '@tests/server/support/app';
import { databaseKinds, openEmptyDatabase, openTestDatabase, type DatabaseKind } from '@tests/server/support/database';
import { figure, type Figure } from './support';

export const BACKUP_PEOPLE = 100_000;
const MiB = 1024 * 1024;

/** 100,000 people in the portal and in the identity provider, linked, in three statements. */
async function addPeople(database: Database): Promise<void> {
  const db = database.db;
  // Opening the sealed secrets writes the database's seal check, as a server start does.
  await openSealedSecrets(db, TEST_SERVER_SECRET);
  await db.execute(sql`
    insert into idp_users (id, login, email, first_name, last_name, status, password_hash)
    select '00ub' || lpad(g::text, 16, '0'), 'BENCH__bench' || g || '@bench.test', 'bench' || g || '@bench.test',
           (array['Ana','Ben','Chloé','Dmitri','Elif','Farid','Grace','Hiro','Inés','Jonas'])[1 + g % 10],
           'Surname' || g, 'ACTIVE',
           '$argon2id$v=19$m=19456,t=2,p=1$fnqE1n2CXqfw9foHxx3O1w$jccbA3uShKQ+2WCqJq0oYnUaq8WqTTVS18SV6hCmjBw'
    from generate_series(1, ${BACKUP_PEOPLE}) g`);
  await db.execute(sql`
    insert into instances (client_id, email, idp_login, idp_user_id, first_name, last_name)
    select ids[1 + g % array_length(ids, 1)], 'bench' || g || '@bench.test', 'BENCH__bench' || g || '@bench.test',
           '00ub' || lpad(g::text, 16, '0'),
           (array['Ana','Ben','Chloé','Dmitri','Elif','Farid','Grace','Hiro','Inés','Jonas'])[1 + g % 10],
           'Surname' || g
    from generate_series(1, ${BACKUP_PEOPLE}) g,
         (select array_agg(id order by name) as ids from clients) c`);
  // A sealed-looking secret per factor: the backup copies it as it is, whatever it holds.
  await db.execute(sql`
    insert into idp_factors (id, user_id, factor_type, provider, status, secret)
    select 'ufb' || lpad(g::text, 17, '0'), '00ub' || lpad(g::text, 16, '0'), 'token:software:totp', 'GOOGLE', 'ACTIVE',
           encode(sha256(g::text::bytea), 'base64')
    from generate_series(10, ${BACKUP_PEOPLE}, 10) g`);
}

/** Runs `work`, reading its wall time, its CPU time and the process's resident memory at its peak (sampled). */
async function measured<T>(work: () => Promise<T>) {
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 50);
  const cpu = process.cpuUsage();
  const started = performance.now();
  try {
    const result = await work();
    const used = process.cpuUsage(cpu);
    return {
      result,
      wallS: (performance.now() - started) / 1000,
      cpuS: (used.user + used.system) / 1e6,
      rssPeakMiB: rssPeak / MiB,
      rssGrowthMiB: (rssPeak - rssBefore) / MiB,
    };
  } finally {
    clearInterval(sampler);
  }
}

const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

export async function benchBackupOn(kind: DatabaseKind): Promise<Figure[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-bench-backup-'));
  const file = path.join(dir, 'backup.jsonl.gz');
  const source = await openTestDatabase(kind, 'seeded');
  const target = await openEmptyDatabase(kind);
  try {
    await addPeople(source.database);
    const load = round(loadavg()[0] ?? 0);
    const backup = await measured(() => writeBackup(source.database, file));
    const restore = await measured(() => restoreBackup(target.database, file, { serverSecret: TEST_SERVER_SECRET }));
    if (restore.result.rows !== backup.result.rows)
      throw new Error(`restored ${String(restore.result.rows)} rows of ${String(backup.result.rows)}`);
    const what = `${String(BACKUP_PEOPLE)} people (${String(backup.result.rows)} rows) on ${kind}`;
    return [
      figure(`machine load average (1 min) before the backup bench on ${kind}`, load, '', null),
      figure(`backup of ${what}: wall time`, round(backup.wallS), 's', null),
      figure(`backup of ${what}: CPU time`, round(backup.cpuS), 's', null),
      figure(`backup of ${what}: file size (gzip)`, round(statSync(file).size / MiB), 'MiB', null),
      figure(`backup of ${what}: resident memory peak (growth)`, round(backup.rssGrowthMiB), 'MiB', null),
      figure(`restore of ${what} into an empty database: wall time`, round(restore.wallS), 's', null),
      figure(`restore of ${what} into an empty database: CPU time`, round(restore.cpuS), 's', null),
      figure(`restore of ${what}: resident memory peak (growth)`, round(restore.rssGrowthMiB), 'MiB', null),
    ];
  } finally {
    await target.dispose();
    await source.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchBackup(): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const kind of databaseKinds) figures.push(...(await benchBackupOn(kind)));
  return figures;
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const { describeFigure } = await import('./support');
  const kinds = process.argv
    .slice(2)
    .filter((k): k is DatabaseKind => (databaseKinds as readonly string[]).includes(k));
  for (const kind of kinds.length > 0 ? kinds : databaseKinds)
    for (const f of await benchBackupOn(kind)) console.log(describeFigure(f));
}
