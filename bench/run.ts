// `npm run bench`: measures and reports; budgets are compared here, never asserted inside tests.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { benchAdminListsLoad } from './admin-lists-load';
import { benchBundleSize } from './bundle-size';
import { benchEnumeration } from './enumeration';
import { benchGridFilter } from './grid-filter';
import { benchIdentity } from './identity';
import { benchProfileForm } from './profile-form';
import { benchRegister } from './register';
import { benchResourcesLoad } from './resources-load';
import { benchScaleOut } from './scale-out';
import { benchSoak } from './soak';
import { benchStartup } from './startup';
import { repoRoot, type Figure } from './support';
import { benchSystemLog } from './system-log';
import { benchUserImport } from './user-import';

const figures: Figure[] = [
  ...benchBundleSize(),
  ...(await benchStartup()),
  ...(await benchResourcesLoad()),
  ...(await benchIdentity()),
  ...(await benchScaleOut()),
  ...(await benchSystemLog()),
  ...(await benchGridFilter()),
  ...(await benchAdminListsLoad()),
  ...(await benchRegister()),
  ...(await benchProfileForm()),
  ...(await benchUserImport()),
  ...(await benchEnumeration()),
  // Last, and the longest: SOAK_SECONDS (default 600) of mixed load; SOAK_SECONDS=0 skips it.
  ...(await benchSoak()),
];
for (const f of figures) {
  const verdict =
    f.withinBudget === null ? '' : f.withinBudget ? `  (budget ${f.budget}: ok)` : `  (budget ${f.budget}: OVER)`;
  console.log(`${f.name}: ${f.value} ${f.unit}${verdict}`);
}
const out = path.join(repoRoot, 'bench/results/latest.local.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify({ measuredAt: new Date().toISOString(), figures }, null, 2));
console.log(`\nwritten to ${path.relative(repoRoot, out)}`);
