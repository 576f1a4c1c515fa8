import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';

/**
 * The README's configuration table and docs/operations.md's say exactly what the code reads (issue 14 §7): a variable
 * added to server/config.ts without a row, a row for a variable nothing reads, or a process.env read outside the
 * configuration fails here.
 */

const repoRoot = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

/** Every name `loadConfig` asks the environment for, with the embedded IdP and with a real Okta org. */
function variablesTheConfigurationReads(): string[] {
  const names = new Set<string>();
  const recording = (values: Record<string, string>): NodeJS.ProcessEnv =>
    new Proxy(values, {
      get(target, name) {
        if (typeof name === 'string') names.add(name);
        return typeof name === 'string' ? target[name] : undefined;
      },
    });
  loadConfig(recording({}));
  loadConfig(recording({ OKTA_ISSUER: 'https://example.okta.com', OKTA_CLIENT_ID: 'x', OKTA_API_TOKEN: 'y' }));
  return [...names].sort();
}

/** The files whose process.env reads count: the server and the script `npm start` runs. */
function runtimeSources(): string[] {
  const serverFiles = readdirSync(path.join(repoRoot, 'server'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join('server', file));
  return [...serverFiles, 'scripts/start.mjs'];
}

/** Uses of process.env in those files, each as `file: text`: the one hand-over to loadConfig, or a read by name. */
function processEnvUses(): { handOver: string[]; byName: string[]; other: string[] } {
  const uses = { handOver: [] as string[], byName: [] as string[], other: [] as string[] };
  for (const file of runtimeSources()) {
    for (const match of read(file).matchAll(/(\S*)process\.env(\.[A-Z_][A-Z0-9_]*|\[['"][A-Z0-9_]+['"]\])?/g)) {
      const [text, before = '', named] = match;
      if (named !== undefined) uses.byName.push(named.replace(/[.[\]'"]/g, ''));
      else if (before.endsWith('loadConfig(') || before === '...') uses.handOver.push(`${file}: ${text}`);
      else uses.other.push(`${file}: ${text}`);
    }
  }
  return uses;
}

/** The backticked names in the first column of the table under a document's "## Configuration" heading. */
function documentedVariables(file: string): string[] {
  const section =
    read(file)
      .split(/^## /m)
      .find((part) => part.startsWith('Configuration\n')) ?? '';
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  const names = rows.flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));
  return [...new Set(names)].sort() as string[];
}

describe('the documented configuration', () => {
  it('reads the environment only through loadConfig (server/config.ts), or by a name this test sees', () => {
    const uses = processEnvUses();
    expect(uses.other).toEqual([]);
    expect(uses.handOver).toEqual([
      'server/main.ts: loadConfig(process.env',
      'server/cli/command.ts: loadConfig(process.env',
      'scripts/start.mjs: ...process.env',
    ]);
  });

  it.each(['README.md', 'docs/operations.md'])('%s lists exactly the variables the code reads', (file) => {
    const code = [...new Set([...variablesTheConfigurationReads(), ...processEnvUses().byName])].sort();
    expect(code.length).toBeGreaterThan(20);
    expect(documentedVariables(file)).toEqual(code);
  });
});
