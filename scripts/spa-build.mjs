// Builds the SPA when dist/client is missing or older than its sources, so `npm start` and `npm test` work on a fresh
// clone without a separate build step, and skip the build (a few hundred ms of stat calls) when nothing changed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(repoRoot, 'dist/client/index.html');
const sourceRoots = ['src', 'machines', 'index.html', 'vite.config.ts', 'lingui.config.ts', 'package-lock.json'];

function newestMtime(target) {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function spaIsStale() {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return sourceRoots.some((root) => newestMtime(path.join(repoRoot, root)) > builtAt);
}

export function buildSpaIfStale({ log = console.log } = {}) {
  if (!spaIsStale()) return;
  log('gatehouse: building the SPA (vite build)…');
  const result = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: repoRoot,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('vite build failed');
}

// Run directly (`node scripts/spa-build.mjs`) it builds when stale, as `npm start` and `npm test` do.
if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  buildSpaIfStale();
