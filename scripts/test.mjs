// `npm test`: every kind of test, cheapest first, in one vitest run (projects unit, dom, server, e2e), after making
// sure the browser exists and the SPA the e2e tests serve is built. Ends with the plain summary line
// "tests: N passed, N failed" that CI reads. Before it, the spec ledger's counts per status; a run of the whole suite
// also fails when a test that a proved row of docs/spec-ledger.md cites did not run and pass in that same run
// (scripts/spec-ledger/check-run.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureChromium } from './ensure-browser.mjs';
import { buildSpaIfStale, repoRoot } from './spa-build.mjs';

process.env.CHROMIUM_PATH = ensureChromium();
buildSpaIfStale();

const reportDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-test-'));
const reportFile = path.join(reportDir, 'report.json');
const args = [
  path.join(repoRoot, 'node_modules/vitest/vitest.mjs'),
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reportFile}`,
  ...process.argv.slice(2),
];
const run = spawnSync(process.execPath, args, { cwd: repoRoot, stdio: 'inherit', env: process.env });

// The whole suite skips nothing (a filtered run, `npm test -- <file>`, naturally skips the rest).
const wholeSuite = process.argv.length <= 2;

let summary = null;
try {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  // A file that fails before any test runs (an import error, a failing hook) has no failed test of its own; count it
  // once so that it can never pass silently.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  summary = {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles,
    skipped: report.numPendingTests + report.numTodoTests,
  };
} catch {
  // No report means vitest itself failed before running; the exit code below says so.
}

// The ledger's proofs are judged from this run's own results, not from the titles in the files.
console.log();
const ledger = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    path.join(repoRoot, 'scripts/spec-ledger/check-run.ts'),
    reportFile,
    ...(wholeSuite ? ['--whole-suite'] : []),
  ],
  { cwd: repoRoot, stdio: 'inherit' },
);
rmSync(reportDir, { recursive: true, force: true });

if (summary) {
  const skipped = summary.skipped > 0 ? `, ${summary.skipped} skipped` : '';
  console.log(`\ntests: ${summary.passed} passed, ${summary.failed} failed${skipped}`);
}
if (wholeSuite && summary && summary.skipped > 0) console.log('tests: the whole suite must not skip any test');
const passed = run.status === 0 && summary && summary.failed === 0 && summary.passed > 0;
const proofsRan = !wholeSuite || (summary !== null && ledger.status === 0);
process.exit(passed && proofsRan && !(wholeSuite && summary.skipped > 0) ? 0 : 1);
