// User import of a 1 MiB file (issue 10 budgets: dry run ≤ 2 s, commit ≤ 30 s, PGlite), and the memory the server
// gains while it runs (bounded: the file is streamed row by row, at most 1 MiB). In process, through the whole app:
// POST Instance/uploadtemplate (sniff, decode, parse, the form's rules per row, the job and its rows written), then
// POST UserImport/jobs/{id}/commit and GET UserImport/jobs/{id} until every row has its outcome (each row: the
// embedded IdP creates the user, the profiles of a batch go in with one transaction), then until the mail phase is
// over (each new person: the IdP activates them, their activation mail goes to the outbox). The commit's figure (the
// budget's) ends when the job leaves `committing`; the mail phase's is apart. Every row is a new Umbrella person;
// 20 rows fail.
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { buildApp } from '@server/app';
import { issuerFor } from '@server/auth/token-verifier';
import { loadConfig } from '@server/config';
import { IN_MEMORY, openDatabase } from '@server/db/client';
import { migrate } from '@server/db/migrate';
import { seedDemoWorldIfEmpty } from '@server/db/seed';
import { migrateIdp } from '@server/idp/migrate';
import { createTestTokens } from '@tests/server/support/tokens';
import { largeImportFile } from '@tests/server/user-import/large-file';
import { figure, type Figure } from './support';

/**
 * The process's CPU time: on a machine other work shares, a wall-clock figure mostly measures the sharing; the CPU
 * time is what the import itself cost (PGlite runs in this thread, so it counts too).
 */
const cpuMs = ({ user, system }: NodeJS.CpuUsage) => Math.round((user + system) / 1000);
/** CPU time spent between two readings of `process.cpuUsage()`. */
const diffCpu = (later: NodeJS.CpuUsage, earlier: NodeJS.CpuUsage): NodeJS.CpuUsage => ({
  user: later.user - earlier.user,
  system: later.system - earlier.system,
});

/**
 * `onDisk`: PGlite in a new temporary data directory, opened as `npm start` opens DATA_DIR (server/db/client.ts), so
 * the figure includes what the file system costs; otherwise in memory (the budget's first figure).
 */
export async function benchUserImport(maxRows = Infinity, onDisk = false): Promise<Figure[]> {
  const dataDir = onDisk ? mkdtempSync(path.join(tmpdir(), 'gatehouse-import-bench-')) : IN_MEMORY;
  const database = await openDatabase({ dataDir });
  await migrate(database);
  await migrateIdp(database);
  await seedDemoWorldIfEmpty(database.db);
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://gatehouse.bench', LOG_LEVEL: 'silent' });
  const tokens = await createTestTokens(issuerFor(config));
  // The mail phase begins with its first activation: marked here, as a poll of the job (slow while the commit keeps
  // the database busy) would see the phase change late or not at all.
  const mailPhase: { start: { wall: number; cpu: NodeJS.CpuUsage } | null } = { start: null };
  const app = await buildApp({
    config,
    database,
    logger: false,
    wrapDirectory: (directory) => ({
      ...directory,
      activate: (userId, options) => {
        mailPhase.start ??= { wall: performance.now(), cpu: process.cpuUsage() };
        return directory.activate(userId, options);
      },
    }),
    tokenKeys: tokens.keys,
    staticDir: path.join(tmpdir(), 'gatehouse-no-spa-build'),
  });
  await app.ready();
  const headers = { authorization: `Bearer ${await tokens.sign({ sub: 'AUL__admin@gatehouse.test' })}` };
  try {
    const clients = (await app.inject({ url: '/api/v1/UserImport/clients', headers })).json<
      { id: string; oktaPrefix: string }[]
    >();
    const umbrella = clients.find((client) => client.oktaPrefix === 'AULUMB')?.id ?? '';
    const { csv, rows } = largeImportFile({ maxRows });
    const bytes = Buffer.from(csv);
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 25);

    const dryCpu = process.cpuUsage();
    const dryStart = performance.now();
    const upload = await app.inject({
      method: 'POST',
      url: '/api/v1/Instance/uploadtemplate',
      headers,
      payload: {
        fileName: 'umbrella-1mib.csv',
        fileSize: bytes.length,
        fileType: 'text/csv',
        lastModified: 0,
        fileAsBase64: bytes.toString('base64'),
        clientId: umbrella,
        roles: [],
      },
    });
    if (upload.statusCode !== 202) throw new Error(`the upload answered ${String(upload.statusCode)}: ${upload.body}`);
    // The upload answers at once with the dry run's job `checking` (issue 29 §7); the dry run ends when it is previewed.
    const answered = performance.now() - dryStart;
    const startedJob = upload.json<{ job: { id: string } }>().job;
    let job: { id: string; status: string; counts: { new: number; failed: number } };
    for (;;) {
      job = (await app.inject({ url: `/api/v1/UserImport/jobs/${startedJob.id}`, headers })).json();
      if (job.status !== 'checking') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const dryRun = performance.now() - dryStart;
    const dryRunCpu = cpuMs(process.cpuUsage(dryCpu));

    const commitCpu = process.cpuUsage();
    const commitStart = performance.now();
    const started = await app.inject({
      method: 'POST',
      url: `/api/v1/UserImport/jobs/${job.id}/commit`,
      headers,
      payload: { mode: 'upsert' },
    });
    if (started.statusCode !== 202) throw new Error(`the commit answered ${String(started.statusCode)}`);
    let outcome: { status: string; outcomes: { created: number; failed: number }; mails: { total: number } };
    // The longest a poll of the job waited: what the SPA's progress bar waits for (its calls time out after 10 s).
    let longestPoll = 0;
    for (;;) {
      const polled = performance.now();
      outcome = (await app.inject({ url: `/api/v1/UserImport/jobs/${job.id}`, headers })).json();
      longestPoll = Math.max(longestPoll, performance.now() - polled);
      if (outcome.status === 'committed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const end = performance.now();
    const endCpu = process.cpuUsage();
    const rowsAt = mailPhase.start ?? { wall: end, cpu: endCpu };
    const commit = rowsAt.wall - commitStart;
    const commitCpuMs = cpuMs(diffCpu(rowsAt.cpu, commitCpu));
    const mails = end - rowsAt.wall;
    const mailsCpuMs = cpuMs(diffCpu(endCpu, rowsAt.cpu));
    clearInterval(sampler);
    const name = `user import of a ${String(bytes.length)}-byte file (${String(rows)} rows, ${String(job.counts.failed)} bad) on PGlite${onDisk ? ' on disk' : ''}`;
    return [
      figure(`${name}, dry run, ms`, Math.round(dryRun), 'ms', 2_000),
      figure(`${name}, upload answered (the dry run's job started), ms`, Math.round(answered), 'ms', null),
      figure(`${name}, dry run, CPU ms (user + system)`, dryRunCpu, 'ms', null),
      figure(`${name}, commit, ms (${String(outcome.outcomes.created)} created)`, Math.round(commit), 'ms', 30_000),
      figure(`${name}, commit, CPU ms (user + system)`, commitCpuMs, 'ms', null),
      figure(
        `${name}, mail phase, ms (${String(outcome.mails.total)} activation mails)`,
        Math.round(mails),
        'ms',
        null,
      ),
      figure(`${name}, mail phase, CPU ms (user + system)`, mailsCpuMs, 'ms', null),
      figure(`${name}, longest poll of the job while it commits, ms`, Math.round(longestPoll), 'ms', null),
      figure(
        `${name}, server memory gained (peak RSS over baseline), MiB`,
        Math.round((peak - baseline) / 2 ** 20),
        'MiB',
        null,
      ),
    ];
  } finally {
    await app.close();
    await database.close();
    if (onDisk) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const maxRows = Number(process.env.BENCH_IMPORT_ROWS ?? Infinity);
  for (const f of await benchUserImport(maxRows, process.env.BENCH_IMPORT_DISK === '1'))
    console.log(`${f.name}: ${String(f.value)} ${f.unit}`);
}
