// `npm run bench`: builds the SPA if needed (the bundle and start-up figures need it), then runs bench/run.ts.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildSpaIfStale, repoRoot } from './spa-build.mjs';

buildSpaIfStale();
const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(repoRoot, 'bench/run.ts')], {
  cwd: repoRoot,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
