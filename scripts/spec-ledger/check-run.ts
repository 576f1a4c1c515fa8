/**
 * The end of `npm test` (scripts/test.mjs runs this after Vitest): prints the ledger's counts per status and, for a
 * run of the whole suite, fails when a test a proved row cites did not run and pass in that run.
 *
 *   node --import tsx scripts/spec-ledger/check-run.ts <vitest JSON report> [--whole-suite]
 *
 * A filtered run (`npm test -- <file>`) leaves most cited tests out by design, so it cannot judge the proofs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { countByStatus, parseLedger, statuses } from './parse-ledger';
import { describeUnproven, type RunReport, unprovenCitations } from './proofs-ran';

const root = fileURLToPath(new URL('../..', import.meta.url));
const [reportFile, ...flags] = process.argv.slice(2);
const wholeSuite = flags.includes('--whole-suite');

const rows = parseLedger(readFileSync(`${root}docs/spec-ledger.md`, 'utf8'));
const counts = countByStatus(rows);
const proved = rows.filter((row) => row.status === 'proved');
console.log(
  `spec ledger: ${rows.length} requirements — ${statuses.map((status) => `${status} ${counts[status].total}`).join(', ')}`,
);

if (!wholeSuite || !reportFile) {
  console.log('spec ledger: the proofs are checked against a run of the whole suite only');
} else if (!existsSync(reportFile)) {
  console.log('spec ledger: Vitest wrote no report, so no cited proof can be shown to have run');
  process.exitCode = 1;
} else {
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as RunReport;
  const unproven = unprovenCitations(rows, report, root);
  const citations = proved.reduce((sum, row) => sum + row.citations.length, 0);
  if (unproven.length === 0) {
    console.log(
      `spec ledger: every test the ${proved.length} proved rows cite (${citations} citations) ran and passed`,
    );
  } else {
    const proofs = unproven.length === 1 ? '1 cited proof' : `${unproven.length} cited proofs`;
    console.log(`spec ledger: ${proofs} did not run and pass in this run:`);
    for (const entry of unproven) console.log(`  ${describeUnproven(entry)}`);
    process.exitCode = 1;
  }
}
