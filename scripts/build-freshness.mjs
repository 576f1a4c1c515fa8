// Whether a build output is older than its sources: `npm start`, `npm test` and the tests that serve a build rebuild
// only when something changed (a few hundred ms of stat calls instead of a build).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(target) {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when `builtFile` (relative to the repository) is missing or older than any of `sourceRoots`. */
export function isStale(builtFile, sourceRoots) {
  const built = path.join(repoRoot, builtFile);
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sourceRoots.some((root) => newestMtime(path.join(repoRoot, root)) > builtAt);
}
