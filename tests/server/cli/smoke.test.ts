import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Issue 32 §1: the command as the package ships it (`npx gatehouse …` runs bin/gatehouse.mjs), on PGlite under a
 * DATA_DIR, with exit codes a script can trust: 0 done, 1 refused, 2 wrong usage.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-cli-smoke-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function gatehouse(args: string[], dataDir = path.join(dir, 'unused')) {
  return spawnSync(process.execPath, [path.join(repoRoot, 'bin/gatehouse.mjs'), ...args], {
    cwd: dir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      SERVER_SECRET: 'smoke test server secret, 32+ chars long',
    },
    encoding: 'utf8',
    timeout: 300_000,
  });
}

// Each run starts tsx on the whole server's source: seconds each, minutes on a busy machine.
describe('npx gatehouse', { timeout: 900_000 }, () => {
  it('--help lists every command and answers 0; an unknown command answers 2', () => {
    const help = gatehouse(['--help']);
    expect(help.status).toBe(0);
    for (const command of ['backup', 'restore', 'keys', 'export', 'import'])
      expect(help.stdout).toMatch(new RegExp(`^ {2}${command} `, 'm'));
    const unknown = gatehouse(['frobnicate']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('gatehouse: unknown command frobnicate');
  });

  it('backs up one DATA_DIR, restores into an empty one, and refuses to restore over it again (exit 1)', () => {
    const source = path.join(dir, 'source');
    const target = path.join(dir, 'target');
    const file = path.join(dir, 'backup.jsonl.gz');

    const keys = gatehouse(['keys', 'list'], source);
    expect([keys.status, keys.stderr]).toEqual([0, expect.any(String)]); // stderr shown when it fails

    const backup = gatehouse(['backup', file], source);
    expect([backup.status, backup.stderr]).toEqual([0, expect.any(String)]); // stderr shown when it fails
    expect(backup.stdout + backup.stderr).toMatch(/backup: .* written: \d+ tables, \d+ rows/);
    expect(existsSync(file)).toBe(true);

    const restore = gatehouse(['restore', file], target);
    expect([restore.status, restore.stderr]).toEqual([0, expect.any(String)]); // stderr shown when it fails
    expect(gatehouse(['keys', 'list'], target).stdout).toBe(keys.stdout);

    const again = gatehouse(['restore', file], target);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/^gatehouse restore: .*not empty/m);
  });
});
