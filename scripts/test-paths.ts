// `npm run test:paths`: runs every generated path of every machine through the walk harness (tests/model, Vitest
// project dom) with PATH_COVERAGE_DIR set, merges what each walk file recorded, prints the coverage per machine and
// writes reports/paths/coverage.json and index.html. Fails when a walk fails, a state has no assertion, an event no
// executor, an unreachable entry is stale or has no reason, or a machine falls below its floor.
//
//   npm run test:paths -- login                        one machine's walk (its file: tests/model/login.model.test.tsx)
//   npm run test:paths -- login --path "<title>"       replay one path by its title (as printed by Vitest)
//   npm run test:paths -- --write-floors               raise the floors to what this run measured
//   npm run test:paths -- --fragments <dir>            merge what a run already recorded (CI: npm test with
//                                                      PATH_COVERAGE_DIR=<dir>) instead of walking again
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { unreachable } from '../tests/model/path-coverage/unreachable';
import type { CoverageFragment } from './path-coverage/fragment';
import { mergeCoverage, passes, raisedFloors, type Floors } from './path-coverage/merge';
import { coverageHtml } from './path-coverage/report-html';
import { coverageTable, uncoveredText } from './path-coverage/report-text';

const root = path.resolve(import.meta.dirname, '..');
const modelDir = 'tests/model';
const walkSuffix = '.model.test.tsx';
const floorsFile = path.join(root, modelDir, 'path-coverage/floors.json');
const reportDir = path.join(root, 'reports/paths');

const { values: options, positionals: names } = parseArgs({
  allowPositionals: true,
  options: {
    path: { type: 'string' },
    'write-floors': { type: 'boolean', default: false },
    fragments: { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const walks = readdirSync(path.join(root, modelDir))
  .filter((name) => name.endsWith(walkSuffix))
  .map((name) => name.slice(0, -walkSuffix.length))
  .sort();
const unknown = names.filter((name) => !walks.includes(name));
if (unknown.length > 0)
  fail(`No walk named ${unknown.join(', ')}. The walks (tests/model/<name>${walkSuffix}):\n  ${walks.join('\n  ')}`);
if (options.path !== undefined && names.length !== 1)
  fail('--path replays a path of one walk: name it, e.g. -- login --path "<title>"');
if (options.path !== undefined && options['write-floors'])
  fail('--write-floors needs every path of the machine, not one');

/** Vitest's -t matches the suite and test names joined: the title, as text, at the end of that name. */
const titlePattern = (title: string) => `${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;

function walk(dir: string): boolean {
  const files = names.length === 0 ? [`${modelDir}/`] : names.map((name) => `${modelDir}/${name}${walkSuffix}`);
  // Verbose: every path's title is listed as it runs, ready to replay with --path.
  const args = [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--project',
    'dom',
    '--reporter=verbose',
    ...files,
  ];
  if (options.path !== undefined) args.push('-t', titlePattern(options.path));
  const run = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PATH_COVERAGE_DIR: dir },
  });
  return run.status === 0;
}

const readFragments = (dir: string): CoverageFragment[] =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as CoverageFragment);

const ownDir = options.fragments === undefined ? mkdtempSync(path.join(tmpdir(), 'gatehouse-paths-')) : undefined;
const walked = ownDir === undefined ? true : walk(ownDir);
const fragments = readFragments(options.fragments ?? ownDir ?? '');
if (ownDir !== undefined) rmSync(ownDir, { recursive: true, force: true });

const scope = { whole: names.length === 0 && options.path === undefined, onlySomePaths: options.path !== undefined };
const committed = JSON.parse(readFileSync(floorsFile, 'utf8')) as Floors;
// Raising the floors first judges the run against the raised ones: every other problem still fails it.
const floors = options['write-floors']
  ? raisedFloors(committed, mergeCoverage(fragments, unreachable, committed, scope))
  : committed;
const result = mergeCoverage(fragments, unreachable, floors, scope);

mkdirSync(reportDir, { recursive: true });
const generatedAt = new Date().toISOString();
writeFileSync(path.join(reportDir, 'coverage.json'), `${JSON.stringify({ generatedAt, scope, ...result }, null, 2)}\n`);
writeFileSync(path.join(reportDir, 'index.html'), coverageHtml(result, generatedAt));

console.log(`\n${coverageTable(result)}\n`);
const uncovered = uncoveredText(result);
if (uncovered !== '') console.log(`${uncovered}\n`);
if (scope.onlySomePaths) console.log('One path replayed: floors and stale unreachable entries are not judged.');
if (options['write-floors'] && walked) {
  writeFileSync(floorsFile, `${JSON.stringify(floors, null, 2)}\n`);
  console.log(`Floors raised to this run's figures: ${path.relative(root, floorsFile)}`);
}
console.log(`Report: ${path.relative(root, reportDir)}/index.html (and coverage.json)`);
const ok = walked && passes(result);
if (!walked) console.log('test:paths: a walk failed (see Vitest above)');
console.log(`test:paths: ${ok ? 'passed' : 'FAILED'}`);
process.exit(ok ? 0 : 1);
