import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');

describe('server/main.ts', () => {
  it('stops on bad configuration with exit code 1 and one line naming the variable', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/main.ts')], {
      cwd: repoRoot,
      env: { ...process.env, PORT: 'abc', DATABASE_URL: '', DATA_DIR: path.join(repoRoot, 'never-created') },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('Invalid configuration: PORT must be a whole number from 0 to 65535 (got "abc").\n');
    expect(run.stdout).toBe('');
  });

  it('stops with one line, never echoing it, when the first administrator’s password breaks the policy', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/main.ts')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: '',
        DATA_DIR: path.join(repoRoot, 'never-created'),
        BOOTSTRAP_ADMIN_EMAIL: 'ops@example.com',
        BOOTSTRAP_ADMIN_PASSWORD: 'password',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      'Invalid configuration: BOOTSTRAP_ADMIN_PASSWORD must be a password of at least 8 characters with a lowercase ' +
        'letter, an uppercase letter and a number, not containing the login.\n',
    );
    expect(run.stdout).toBe('');
  });
});
