// Compiles the server to plain JavaScript for `npm run start:prod` (no tsx at run time): rolldown turns server/ and
// what it imports from contracts/ into ES modules under dist/node, one file per source file, so that each keeps its
// place relative to the folders it reads at run time (the SQL migrations, copied beside). Packages stay imports of
// node_modules. Like the SPA's build, it runs only when a source is newer than the output.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale, repoRoot } from './build-freshness.mjs';

export const serverOutDir = 'dist/node';
/** What `npm run start:prod` runs. */
export const serverEntry = `${serverOutDir}/server/main.js`;
/** Folders the server reads from beside its own files (`new URL('./migrations', import.meta.url)`). */
const runtimeFolders = ['server/db/migrations', 'server/idp/migrations'];
const sourceRoots = ['server', 'contracts', 'tsconfig.json', 'package-lock.json', 'scripts/server-build.mjs'];

/** The tsconfig `paths` prefixes (`@contracts/`, `@server/` …): our own modules, compiled in, never external. */
function layerPrefixes() {
  const { compilerOptions } = JSON.parse(readFileSync(path.join(repoRoot, 'tsconfig.json'), 'utf8'));
  return Object.keys(compilerOptions.paths).map((alias) => alias.replace(/\*$/, ''));
}

export function serverIsStale() {
  return isStale(serverEntry, sourceRoots);
}

export async function buildServer({ log = console.log } = {}) {
  log('gatehouse: compiling the server (rolldown)…');
  const { build } = await import('rolldown');
  const ownPrefixes = layerPrefixes();
  const outDir = path.join(repoRoot, serverOutDir);
  rmSync(outDir, { recursive: true, force: true });
  await build({
    // The server, and the `gatehouse` command beside it (bin/gatehouse.mjs runs dist/node/server/cli/main.js).
    input: [path.join(repoRoot, 'server/main.ts'), path.join(repoRoot, 'server/cli/main.ts')],
    platform: 'node',
    tsconfig: path.join(repoRoot, 'tsconfig.json'),
    // A bare import that is not one of our layers is a package (or a node: built-in): loaded from node_modules.
    external: (id) =>
      !id.startsWith('.') && !path.isAbsolute(id) && !ownPrefixes.some((prefix) => id.startsWith(prefix)),
    logLevel: 'warn',
    output: {
      dir: outDir,
      format: 'esm',
      preserveModules: true,
      preserveModulesRoot: repoRoot,
      entryFileNames: '[name].js',
      sourcemap: true,
    },
  });
  for (const folder of runtimeFolders)
    cpSync(path.join(repoRoot, folder), path.join(outDir, folder), { recursive: true });
}

export async function buildServerIfStale(options) {
  if (serverIsStale()) await buildServer(options);
}

// Run directly it builds when stale (the production-build test), or always with --force (`npm run build`).
if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--force')) await buildServer();
  else await buildServerIfStale();
}
