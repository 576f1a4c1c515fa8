// `npm run bench`: measures and reports; budgets are compared here, never asserted inside tests.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { benchAdminListsLoad } from './admin-lists-load';
import { benchBackup } from './backup';
import { benchBundleSize } from './bundle-size';
import { benchEnumeration } from './enumeration';
import { benchGridFilter } from './grid-filter';
import { benchPasswordCheck } from './password-check';
import { benchIdentity } from './identity';
import { benchLimits, physicalLimits } from './identity-limits';
import { benchProfileForm } from './profile-form';
import { benchRegister } from './register';
import { benchResourcesLoad } from './resources-load';
import { benchScaleOut } from './scale-out';
import { benchSoak } from './soak';
import { benchStartup } from './startup';
import { againstLimit, describeFigure, repoRoot, type Figure } from './support';
import { benchSystemLog } from './system-log';
import { benchSystemLogSignIns } from './system-log-sign-ins';
import { benchUserImport } from './user-import';

// The machine's limits first, while nothing else of the bench runs; figures below are read against them.
const limits = await benchLimits();
const { bareFastify } = await physicalLimits();
const measured: Figure[] = [
  ...benchBundleSize(),
  ...benchPasswordCheck(),
  ...(await benchStartup()),
  ...(await benchResourcesLoad()),
  ...(await benchIdentity()),
  ...(await benchIdentity(['signins', 'refresh'], 'postgres')),
  ...(await benchScaleOut()),
  ...(await benchSystemLog()),
  ...(await benchSystemLogSignIns()),
  ...(await benchGridFilter()),
  ...(await benchAdminListsLoad()),
  ...(await benchRegister()),
  ...(await benchProfileForm()),
  ...(await benchUserImport()),
  // The same import on disk, as `npm start` keeps PGlite (DATA_DIR).
  ...(await benchUserImport(Infinity, true)),
  ...(await benchEnumeration()),
  ...(await benchBackup()),
  // Last, and the longest: SOAK_SECONDS (default 600) of mixed load; SOAK_SECONDS=0 skips it.
  ...(await benchSoak()),
];
// Every req/s figure is API reads answered by the real server: its limit is what a bare Fastify answers.
const figures = [
  ...limits,
  ...measured.map((f) => (f.unit === 'req/s' ? againstLimit(f, bareFastify, 1, 'one answer per request') : f)),
];
console.log(['Figure: value (budget: verdict)  [ratio of its limit]', ...figures.map(describeFigure)].join('\n'));
const out = path.join(repoRoot, 'bench/results/latest.local.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify({ measuredAt: new Date().toISOString(), figures }, null, 2));
console.log(`\nwritten to ${path.relative(repoRoot, out)}`);
