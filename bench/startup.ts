// Time from `npm start` to the first 200 of `/`, on an installed and built checkout (issue #2 budget: < 5 s).
// Three figures: a new data directory (migrations + demo-world seed), an existing one after a clean stop (a restart),
// and an existing one after a kill (a crash: PGlite replays its write-ahead log first; issue 29 §6).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, repoRoot, summarise, type Figure } from './support';

/** How the process measured is stopped afterwards: SIGTERM (drain, close) or SIGKILL (no shutdown code at all). */
type Stop = 'SIGTERM' | 'SIGKILL';

async function timeToFirst200(dataDir: string, stop: Stop = 'SIGTERM'): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], {
    cwd: repoRoot,
    stdio: 'ignore',
    // Its own process group: a SIGKILL reaches the server itself, which `scripts/start.mjs` runs as its child.
    detached: stop === 'SIGKILL',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The address fetched below: the server answers pages under no other (a 308 to PUBLIC_URL otherwise).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      if (performance.now() - started > 60_000) throw new Error('no 200 within 60 s');
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`);
        if (response.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    if (stop === 'SIGKILL' && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    else child.kill('SIGTERM');
    await exited;
  }
}

export async function benchStartup(runs = 3): Promise<Figure[]> {
  const cold: number[] = [];
  const warm: number[] = [];
  const afterKill: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-bench-'));
    try {
      cold.push(await timeToFirst200(dataDir));
      // Measured after a clean stop, then killed: the next start finds the data as a crash leaves it.
      warm.push(await timeToFirst200(dataDir, 'SIGKILL'));
      afterKill.push(await timeToFirst200(dataDir));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return [
    summarise('startup, new data directory (migrate + seed), ms to first 200', cold, { budget: 5000, stat: 'median' }),
    summarise('startup, existing data directory, ms to first 200', warm, { budget: 5000, stat: 'median' }),
    // The same budget: after a crash people wait for the same start (their sessions survive it whatever it takes).
    summarise('startup, existing data directory after a kill (recovery), ms to first 200', afterKill, {
      budget: 5000,
      stat: 'median',
    }),
  ];
}
