// `npm run gallery [-- <page id> …]`: the designer's gallery (docs/gallery.md). Makes sure the browser exists and the
// SPA is built, then runs tests/gallery/main.ts: every page and dialog of the gallery's list in each of its states,
// English and Spanish, 1280 and 390 px wide, as PNGs in reports/gallery/ with an index.html. Exits non-zero when a
// picture could not be taken.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureChromium } from './ensure-browser.mjs';
import { buildSpaIfStale, repoRoot } from './spa-build.mjs';

process.env.CHROMIUM_PATH = ensureChromium();
buildSpaIfStale();
const run = spawnSync(
  process.execPath,
  ['--import', 'tsx', path.join(repoRoot, 'tests/gallery/main.ts'), ...process.argv.slice(2)],
  { cwd: repoRoot, stdio: 'inherit', env: process.env },
);
process.exit(run.status ?? 1);
