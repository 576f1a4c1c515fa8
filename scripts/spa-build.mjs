// Builds the SPA when dist/client is missing or older than its sources, so `npm start` and `npm test` work on a fresh
// clone without a separate build step, and skip the build (a few hundred ms of stat calls) when nothing changed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale, repoRoot } from './build-freshness.mjs';

export { repoRoot };
const sourceRoots = [
  'src',
  'machines',
  'contracts',
  'index.html',
  'vite.config.ts',
  'vite.aliases.ts',
  'vite.inspector.ts',
  'vite.lingui-macro.ts',
  'vite.maps-outside.ts',
  'vite.offline-shell.ts',
  'vite.precompress.ts',
  'vite.public-address.ts',
  'vite.widget-assets.ts',
  'lingui.config.ts',
  'package-lock.json',
];

export function spaIsStale() {
  return isStale('dist/client/index.html', sourceRoots);
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
