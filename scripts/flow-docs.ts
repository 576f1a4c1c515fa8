// `npm run docs:flows`: writes the generated diagram blocks of docs/flows/*.md from the machines
// (scripts/flow-docs/flow-blocks.ts). `--check`: writes nothing, lists the pages that differ and fails.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { flowPages, readPage, regeneratePage } from './flow-docs/flow-blocks';

const root = path.resolve(import.meta.dirname, '..');
const check = process.argv.includes('--check');
const stale: string[] = [];
for (const page of flowPages(root)) {
  const text = readPage(root, page);
  const fresh = await regeneratePage(root, text);
  if (fresh === text) continue;
  stale.push(page);
  if (!check) writeFileSync(path.join(root, page), fresh);
}
if (check && stale.length > 0) {
  console.error(`Flow pages differ from their machines (run npm run docs:flows):\n  ${stale.join('\n  ')}`);
  process.exit(1);
}
console.log(check ? 'Flow pages match their machines.' : `Flow pages written: ${stale.length} changed.`);
