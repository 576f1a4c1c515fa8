import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 29 §5: every `npm run` script the README lists runs something that exists. A script that starts a file of
 * this repository (`node scripts/x.mjs`, `tsx scripts/x.ts`) names one that is there, and no script's output points
 * at a script that is not (Lingui's extract used to end with "Use npm run compile", which Gatehouse does not have).
 */
const root = path.resolve(import.meta.dirname, '../..');
const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

describe('package.json scripts', () => {
  it('start files of the repository that exist', () => {
    const missing = Object.entries(scripts).flatMap(([name, command]) =>
      [...command.matchAll(/(?:^|\s)((?:scripts|server|dist)\/\S+\.(?:mjs|ts|js))/g)]
        .map((match) => match[1] ?? '')
        // The compiled server exists only after `npm run build`.
        .filter((file) => !file.startsWith('dist/') && !existsSync(path.join(root, file)))
        .map((file) => `${name}: ${file}`),
    );
    expect(missing).toEqual([]);
  });

  it('include every script the README documents, and extract through the wrapper that tells the truth', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const documented = [...readme.matchAll(/`npm run ([a-z:-]+)/g)].map((match) => match[1] ?? '');
    expect(documented.length).toBeGreaterThan(5);
    expect(documented.filter((name) => !(name in scripts))).toEqual([]);
    expect(scripts.extract).toBe('node scripts/extract.mjs');
    expect(readFileSync(path.join(root, 'scripts/extract.mjs'), 'utf8')).toContain(
      'to compile catalogs for production',
    );
  });
});
