import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createPostgresDatabase } from '../support/database';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-catalogue-cli-'));
const dropped: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of dropped) await drop();
  rmSync(dir, { recursive: true, force: true });
});

function catalogue(args: string[], databaseUrl = '') {
  return spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/cli/main.ts'), ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: path.join(dir, 'never-created') },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

async function postgresAt(stage: 'migrated' | 'seeded'): Promise<string> {
  const created = await createPostgresDatabase(inject('databaseTemplates').postgres[stage]);
  dropped.push(() => created.drop());
  return created.url;
}

// Each run starts tsx and migrates; a whole import is some thousand rows.
describe('gatehouse export / import', { timeout: 180_000 }, () => {
  it('--help answers 0 and a wrong call 2, with the usage', () => {
    const help = catalogue(['export', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('export [--client ALIAS] FILE');
    const wrong = catalogue(['import']);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('usage:');
  });

  it('refuses a hostile file with exit code 1, naming its path, before opening a database', () => {
    const file = path.join(dir, 'hostile.json');
    writeFileSync(file, JSON.stringify({ format: 'gatehouse-catalogue', version: 9 }));
    const run = catalogue(['import', file]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${file}: version: this Gatehouse reads catalogue version 1`);
    expect(run.stderr).toContain('refused: nothing was applied');
  });

  it('exports from PostgreSQL, plans with --dry-run, imports, and exports the same bytes', async () => {
    const seeded = await postgresAt('seeded');
    const empty = await postgresAt('migrated');
    const first = path.join(dir, 'first.json');
    const second = path.join(dir, 'second.json');
    expect(catalogue(['export', first], seeded).status).toBe(0);

    const dry = catalogue(['import', first, '--dry-run'], empty);
    expect(dry.status).toBe(0);
    expect(dry.stdout).toMatch(/^create {2}applications /m);
    expect(dry.stdout).toMatch(/\d+ to create, 0 to update, 0 unchanged, 0 to delete\ndry run: nothing was applied\n$/);
    expect(catalogue(['export', second], empty).status).toBe(0);
    expect(JSON.parse(readFileSync(second, 'utf8'))).toMatchObject({ applications: [], clients: [], labels: [] });

    const applied = catalogue(['import', first], empty);
    expect(applied.status).toBe(0);
    expect(applied.stdout).toMatch(/applied\n$/);
    expect(catalogue(['export', second], empty).status).toBe(0);
    expect(readFileSync(second, 'utf8')).toBe(readFileSync(first, 'utf8'));
  });
});
