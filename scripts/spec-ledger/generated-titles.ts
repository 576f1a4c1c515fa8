import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The full titles of tests made at run time — the generated walks, whose titles are the machine paths — as Vitest
 * collects them (`vitest list`, which runs no test), by file relative to the project root.
 */
export async function collectedTitles(root: string, files: readonly string[]): Promise<Map<string, string[]>> {
  const titles = new Map<string, string[]>(files.map((file) => [file, []]));
  if (files.length === 0) return titles;
  const folder = await mkdtemp(join(tmpdir(), 'ledger-'));
  const output = join(folder, 'titles.json');
  // A Vitest started from inside a test must not take the running one's worker settings for its own.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
  try {
    await run('npx', ['vitest', 'list', `--json=${output}`, ...files], { cwd: root, env, maxBuffer: 64 * 1024 * 1024 });
    const listed = JSON.parse(await readFile(output, 'utf8')) as { name: string; file: string }[];
    for (const test of listed) titles.get(relative(root, test.file))?.push(test.name);
    return titles;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
