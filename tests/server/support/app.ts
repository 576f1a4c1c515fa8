import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { INSPECTOR_PAGE } from '@contracts/spa-build';
import { buildApp, type BuildAppOptions } from '@server/app';
import { issuerFor } from '@server/auth/token-verifier';
import { loadConfig, type Config } from '@server/config';
import type { Database } from '@server/db/client';
import { openTestDatabase, type DatabaseKind } from './database';
import { createTestTokens, type TestTokens } from './tokens';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  tokens: TestTokens;
  dispose(): Promise<void>;
}

/**
 * The test app's PUBLIC_URL: the address `app.inject` sends (Host `localhost:80`), because the app answers under no
 * other (server/http/public-address.ts; a test of another address sets the Host header itself).
 */
export const TEST_PUBLIC_URL = 'http://localhost';

/**
 * The server secret of every test app and IdP harness: it seals the test database's signing keys and TOTP secrets
 * (server/idp/sealing.ts), so two apps on one database must share it, as two processes do.
 */
export const TEST_SERVER_SECRET = Buffer.from('gatehouse test server secret, never used outside tests', 'utf8');

export function testConfig(env: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({ NODE_ENV: 'test', PUBLIC_URL: TEST_PUBLIC_URL, LOG_LEVEL: 'silent', ...env });
}

/** The fake build's flow inspector boot script, named by its inspector page only (vite.inspector.ts). */
export const FAKE_INSPECTOR_BOOT = '/assets/inspector-abc123.js';

/**
 * A fake `vite build` output: enough for the static and history-fallback behaviour, with the page the build writes
 * for INSPECTOR=true beside index.html. `padding` makes both pages large enough to get compressed copies.
 */
export function fakeSpaBuild({ padding = '' }: { padding?: string } = {}): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-spa-'));
  mkdirSync(path.join(dir, 'assets'));
  const page = (head: string) =>
    `<!doctype html><title>Gatehouse</title>${head}<script type="module" src="/assets/index-abc123.js"></script><!--${padding}--><div id="root"></div>`;
  writeFileSync(path.join(dir, 'index.html'), page(''));
  writeFileSync(path.join(dir, INSPECTOR_PAGE), page(`<script type="module" src="${FAKE_INSPECTOR_BOOT}"></script>`));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("spa")');
  writeFileSync(path.join(dir, FAKE_INSPECTOR_BOOT), 'console.log("inspector")');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The real app on a fresh database of `kind` (seeded with the demo world unless `seed: false`), not listening:
 * tests talk to it through `app.inject`. Access tokens are signed by a test key the app trusts.
 */
export async function buildTestApp(
  kind: DatabaseKind,
  {
    seed = true,
    staticDir = path.join(tmpdir(), 'gatehouse-no-spa-build'),
    env = {},
    ...ports
  }: {
    seed?: boolean;
    staticDir?: string;
    /** Configuration variables on top of the test configuration (e.g. a cheap ALTCHA for tests that solve it). */
    env?: NodeJS.ProcessEnv;
  } & Pick<BuildAppOptions, 'wrapDirectory' | 'signUpLimits' | 'passwordResetLimits'> = {},
): Promise<TestApp> {
  // The app registers the embedded IdP (no OKTA_* in the test config), which needs its tables.
  const testDatabase = await openTestDatabase(kind, seed ? 'seeded' : 'identity');
  const { database } = testDatabase;
  const config = testConfig(env);
  const tokens = await createTestTokens(issuerFor(config));
  const app = await buildApp({
    config,
    database,
    logger: false,
    tokenKeys: tokens.keys,
    staticDir,
    serverSecret: TEST_SERVER_SECRET,
    ...ports,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    tokens,
    dispose: async () => {
      await app.close();
      await testDatabase.dispose();
    },
  };
}
