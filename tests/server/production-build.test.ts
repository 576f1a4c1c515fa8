import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSPECTOR_PAGE } from '@contracts/spa-build';
import { startServer, type WatchedServer } from '@tests/e2e/support/server-process';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const clientDir = path.join(repoRoot, 'dist/client');
/**
 * The comment that links a script or stylesheet to its map: two slashes, or slash and star, then # and the keyword.
 * Spelt in two parts so that this file carries no such comment itself (Vitest reads one as this file's own map).
 */
const MAP_COMMENT = new RegExp(String.raw`^\/[/*][#@]\s*source` + 'MappingURL=', 'm');

/** Builds what `npm run build` builds, each only when older than its sources (a few hundred ms when fresh). */
function buildIfStale(script: string): void {
  // Without the runner's NODE_ENV=test, which would make Vite build React's development bundle.
  const env = { ...process.env };
  delete env.NODE_ENV;
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', script)], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
    timeout: 300_000,
  });
  expect(run.status, `${script}\n${run.stdout}\n${run.stderr}`).toBe(0);
}

/** Every file the server publishes, relative to dist/client. */
function publishedFiles(): string[] {
  return readdirSync(clientDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(clientDir, path.join(entry.parentPath, entry.name)));
}

/** The scripts and stylesheets index.html loads. */
function linkedAssets(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1] ?? '');
}

describe('the production build (npm run build, npm run start:prod)', () => {
  let server: WatchedServer;

  beforeAll(async () => {
    buildIfStale('spa-build.mjs');
    buildIfStale('server-build.mjs');
    server = await startServer(
      { NODE_ENV: 'production', DEMO_DATA: 'false', LOG_LEVEL: 'info' },
      { entry: 'compiled' },
    );
  }, 600_000);

  afterAll(async () => {
    await server.stop();
  });

  it('runs the compiled server with plain node: the health check and the SPA answer 200', async () => {
    const health = await fetch(`${server.baseUrl}/api/v1/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const page = await fetch(`${server.baseUrl}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  it("prints no warning on the runtime npm's scripts run on (the Node 24 LTS Gatehouse brings)", () => {
    // oidc-provider warns at start on any Node before 22 LTS ("Jod"); npm's scripts run on node_modules/.bin/node.
    const codename = process.release.lts;
    expect(codename, `running on ${process.version}, not through npm's scripts`).toBeTypeOf('string');
    expect(String(codename) >= 'Jod', `${process.version} (${String(codename)}) is older than Node 22 LTS`).toBe(true);
    expect(server.output()).not.toMatch(/WARNING/);
  });

  it('logs JSON lines in production, one object a line', () => {
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    const records = lines.map((line) => JSON.parse(line) as { msg?: string });
    expect(records.map((record) => record.msg)).toContain(`Gatehouse is listening at ${server.baseUrl}`);
  });

  it('publishes no source map, and no published file names one', () => {
    const files = publishedFiles();
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    const naming = files.filter(
      (file) => /\.(js|css|html)$/.test(file) && MAP_COMMENT.test(readFileSync(path.join(clientDir, file), 'utf8')),
    );
    expect(naming).toEqual([]);
  });

  it('builds the flow inspector’s boot script into its own page only, first, importing nothing the entry loads', () => {
    const page = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
    const inspectorPage = readFileSync(path.join(clientDir, INSPECTOR_PAGE), 'utf8');
    const entry = linkedAssets(page);
    const added = linkedAssets(inspectorPage).filter((file) => !entry.includes(file));
    expect(added).toHaveLength(1);
    const boot = added[0] ?? '';
    expect(linkedAssets(inspectorPage).filter((file) => file !== boot)).toEqual(entry);
    const scripts = [...inspectorPage.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts[0]).toBe(boot);
    // Module scripts run in the page's order, unless the first imports the entry's chunks: those would run first.
    const code = readFileSync(path.join(clientDir, boot), 'utf8');
    const imported = [...code.matchAll(/from"\.\/([^"]+)"/g)].map((match) => `/assets/${match[1] ?? ''}`);
    expect(imported.filter((file) => entry.includes(file))).toEqual([]);
    expect(code).not.toContain('__GATEHOUSE_INSPECTOR_DOOR__');
  });

  it('serves the assets without a sourceMappingURL, and answers 404 for their maps', async () => {
    const html = await (await fetch(`${server.baseUrl}/`, { headers: { accept: 'text/html' } })).text();
    const assets = linkedAssets(html);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const response = await fetch(`${server.baseUrl}${asset}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('sourcemap')).toBeNull();
      expect(await response.text()).not.toMatch(MAP_COMMENT);
      expect((await fetch(`${server.baseUrl}${asset}.map`)).status).toBe(404);
    }
  });
});
