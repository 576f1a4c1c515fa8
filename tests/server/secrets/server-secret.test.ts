import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashCode, codeMatches, newSalt } from '@server/api/password-reset/codes';
import { deriveKey } from '@server/secrets/derived-keys';
import { loadServerSecret, SERVER_SECRET_FILE } from '@server/secrets/server-secret';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-secret-'));
  dirs.push(dir);
  return path.join(dir, 'data');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the server secret', () => {
  it('is SERVER_SECRET when set, and writes no file', () => {
    const dataDir = freshDir();
    const secret = loadServerSecret({ serverSecret: 'x'.repeat(40), dataDir });
    expect(secret.toString('utf8')).toBe('x'.repeat(40));
    expect(() => statSync(path.join(dataDir, SERVER_SECRET_FILE))).toThrow();
  });

  it('is generated once into the data directory, readable by its owner only, and the same at the next start', () => {
    const dataDir = freshDir();
    const first = loadServerSecret({ serverSecret: null, dataDir });
    const file = path.join(dataDir, SERVER_SECRET_FILE);
    expect(first).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadServerSecret({ serverSecret: null, dataDir }).equals(first)).toBe(true);
    expect(readFileSync(file).equals(first)).toBe(true);
  });

  it('differs between two installations', () => {
    const one = loadServerSecret({ serverSecret: null, dataDir: freshDir() });
    const other = loadServerSecret({ serverSecret: null, dataDir: freshDir() });
    expect(one.equals(other)).toBe(false);
  });
});

describe("the one-time codes' stored form", () => {
  const key = deriveKey(Buffer.from('s'.repeat(32)), 'one-time-codes');

  it('matches the right code under the same key only', () => {
    const salt = newSalt();
    const stored = hashCode('123456', salt, key);
    expect(codeMatches('123456', salt, stored, key)).toBe(true);
    expect(codeMatches('123457', salt, stored, key)).toBe(false);
    // Whoever holds the database but not the server secret cannot test a guess against a row.
    const otherKey = deriveKey(Buffer.from('t'.repeat(32)), 'one-time-codes');
    expect(codeMatches('123456', salt, stored, otherKey)).toBe(false);
  });

  it('looks different for equal codes of two rows', () => {
    expect(hashCode('123456', newSalt(), key)).not.toBe(hashCode('123456', newSalt(), key));
  });
});
