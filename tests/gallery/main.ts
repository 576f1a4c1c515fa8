// Run by `npm run gallery` (scripts/gallery.mjs, which builds the SPA first): the gallery into reports/gallery/.
// Arguments name gallery pages to shoot alone (`npm run gallery -- login faq`).
import path from 'node:path';
import { runGallery } from './run-gallery';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const started = Date.now();
const failed = await runGallery({ outDir: path.join(repoRoot, 'reports/gallery'), only: process.argv.slice(2) });
console.log(
  `gallery: ${Math.round((Date.now() - started) / 1000)} s in all, the server's start and the sign-ins included`,
);
process.exit(failed === 0 ? 0 : 1);
