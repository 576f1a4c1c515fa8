import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, waitForArrival } from './support/browser';
import { freePort } from './support/server-process';
import { identityPages } from './identity';

/*
 * `npm run dev` (scripts/dev.mjs) as a developer meets it (issue 29 §1): Vite's dev server on PORT proxying the API on
 * API_PORT, PUBLIC_URL the dev server's. Sign-in must work at the address it prints, and pages opened at 127.0.0.1
 * (the dev server's or the API's own port) are sent there.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');

let browser: Browser;
let dev: ChildProcess;
let output = '';
let webPort: number;
let apiPort: number;
const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-dev-e2e-'));

async function waitForDev(url: string, deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (dev.exitCode !== null) throw new Error(`npm run dev exited with ${dev.exitCode}\n${output}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`npm run dev did not answer ${url} within ${deadlineMs} ms\n${output}`);
}

beforeAll(async () => {
  webPort = await freePort();
  apiPort = await freePort();
  dev = spawn(process.execPath, [path.join(repoRoot, 'scripts/dev.mjs')], {
    cwd: repoRoot,
    // Its own process group: the API's watcher and Vite are its children, stopped together.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(webPort),
      API_PORT: String(apiPort),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      INSPECTOR: 'false',
    },
  });
  dev.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  dev.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  [browser] = await Promise.all([launchBrowser(), waitForDev(`http://localhost:${webPort}/api/v1/health`, 180_000)]);
}, 240_000);
afterAll(async () => {
  await browser.close();
  if (dev.pid !== undefined && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev.once('exit', resolve));
    process.kill(-dev.pid, 'SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run dev (issue 29 §1)', () => {
  it('signs an administrator in at the dev server’s address', async () => {
    const publicUrl = `http://localhost:${webPort}`;
    const discovery = (await (
      await fetch(`${publicUrl}/oauth2/default/.well-known/openid-configuration`)
    ).json()) as Record<string, string>;
    expect(discovery.issuer).toBe(`${publicUrl}/oauth2/default`);
    expect(discovery.authorization_endpoint).toBe(`${publicUrl}/oauth2/default/v1/authorize`);

    const session = await openPage(browser, publicUrl);
    // Vite compiles the modules on first request: the first load is slow on a busy machine.
    await session.page.goto('/Login', { timeout: 120_000 });
    await session.page.locator('#okta-sign-in-widget input[name="username"]').waitFor({ timeout: 120_000 });
    await identityPages.signIn(session.page, 'admin@gatehouse.test');
    await waitForArrival(session, /\/dashboard$/, 60_000);
    expect(new URL(session.page.url()).origin).toBe(publicUrl);
    await session.context.close();
  });

  it('sends pages opened at 127.0.0.1, on the dev server’s port or the API’s, to the dev server’s address', async () => {
    for (const port of [webPort, apiPort]) {
      const response = await fetch(`http://127.0.0.1:${port}/Login?x=1`, {
        redirect: 'manual',
        headers: { accept: 'text/html' },
      });
      expect(response.status).toBe(308);
      expect(response.headers.get('location')).toBe(`http://localhost:${webPort}/Login?x=1`);
    }
  });
});
