// Time from `npm start` to the first 200 of `/`, on an installed and built checkout (issue #2 budget: < 5 s).
// Two figures: a new data directory (migrations + demo-world seed) and an existing one (a restart).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, repoRoot, summarise, type Figure } from './support';

async function timeToFirst200(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], {
    cwd: repoRoot,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
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
    child.kill('SIGTERM');
    await exited;
  }
}

export async function benchStartup(runs = 3): Promise<Figure[]> {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-bench-'));
    try {
      cold.push(await timeToFirst200(dataDir));
      warm.push(await timeToFirst200(dataDir));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return [
    summarise('startup, new data directory (migrate + seed), ms to first 200', cold, { budget: 5000, stat: 'median' }),
    summarise('startup, existing data directory, ms to first 200', warm, { budget: 5000, stat: 'median' }),
  ];
}
