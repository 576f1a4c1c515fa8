// `npm run docs:flows`: writes the generated diagram blocks of docs/flows/*.md from the machines
// (scripts/flow-docs/flow-blocks.ts), and the flow inspector's descriptions of the machines those pages name
// (scripts/flow-docs/machine-definitions.ts). `--check`: writes nothing, lists the files that differ and fails.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { flowPages, readPage, regeneratePage } from './flow-docs/flow-blocks';
import { machineDefinitionsFile, machineDefinitionsText } from './flow-docs/machine-definitions';

const root = path.resolve(import.meta.dirname, '..');
const check = process.argv.includes('--check');
const stale: string[] = [];
const written = (file: string, current: string, fresh: string) => {
  if (fresh === current) return;
  stale.push(file);
  if (!check) writeFileSync(path.join(root, file), fresh);
};
for (const page of flowPages(root)) {
  const text = readPage(root, page);
  written(page, text, await regeneratePage(root, text));
}
const currentDefinitions = (() => {
  try {
    return readFileSync(path.join(root, machineDefinitionsFile), 'utf8');
  } catch {
    return '';
  }
})();
written(machineDefinitionsFile, currentDefinitions, await machineDefinitionsText(root));
if (check && stale.length > 0) {
  console.error(`Generated files differ from their machines (run npm run docs:flows):\n  ${stale.join('\n  ')}`);
  process.exit(1);
}
console.log(check ? 'Flow pages match their machines.' : `Flow pages written: ${stale.length} changed.`);
