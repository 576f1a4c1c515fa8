// `npm run spec-keys [spec folder]`: re-scans the specification (default ../shared/spec, beside the repository in the
// team's workspace) for the resource keys it names and compares them with the committed list that the contract tests
// check the label registry against. Exits 1, listing the difference, when the two have drifted apart.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SPEC_KEY_PATTERN, specLabelKeys } from '@tests/contract/spec-label-keys';

const specDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../../shared/spec'));
if (!existsSync(specDir)) {
  console.error(`spec-keys: no specification folder at ${specDir}; pass its path`);
  process.exit(2);
}
const scanned = new Set<string>();
for (const file of readdirSync(specDir).filter((name) => name.endsWith('.md'))) {
  for (const match of readFileSync(path.join(specDir, file), 'utf8').matchAll(SPEC_KEY_PATTERN)) scanned.add(match[0]);
}
const committed = new Set<string>(specLabelKeys);
const missing = [...scanned].filter((key) => !committed.has(key)).sort();
const extra = [...committed].filter((key) => !scanned.has(key)).sort();
if (missing.length === 0 && extra.length === 0) {
  console.log(`spec-keys: the committed list matches the ${String(scanned.size)} keys of ${specDir}`);
} else {
  if (missing.length > 0)
    console.error(`named by the spec, missing from tests/contract/spec-label-keys.ts:\n  ${missing.join('\n  ')}`);
  if (extra.length > 0)
    console.error(`in tests/contract/spec-label-keys.ts, no longer named by the spec:\n  ${extra.join('\n  ')}`);
  process.exit(1);
}
