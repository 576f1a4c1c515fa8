import { spawnSync } from 'node:child_process';
import path from 'node:path';
import * as jose from 'jose';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { setGlobalSettings, startServerOnPostgres, type ServerWithDatabase } from './support/postgres-server';
import { E2E_SERVER_SECRET } from './support/server-process';
import { identityPages } from './identity';

/*
 * Issue 32 §2 in Chromium: a person signed in before a signing-key rotation stays signed in and refreshes after it.
 * The server runs on PostgreSQL so that the operator's command can run beside it (`npx gatehouse keys rotate`, as
 * docs/operations.md says); the keep-alive renews the token every 2 s.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');

let browser: Browser;
let server: ServerWithDatabase;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServerOnPostgres()]);
  await setGlobalSettings(server, { Session_TokenRefreshInterval: '2' });
});
afterAll(async () => {
  await Promise.all([browser.close(), server.stop()]);
});

/** The `kid` of the access token of the next token answer the page gets (a renewal once signed in). */
async function nextTokenKid(page: Page, timeout: number): Promise<string | undefined> {
  const response = await page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/oauth2/default/v1/token',
    { timeout },
  );
  expect(response.status()).toBe(200);
  const { access_token: accessToken } = (await response.json()) as { access_token: string };
  return jose.decodeProtectedHeader(accessToken).kid;
}

describe('a signing-key rotation under a signed-in person (issue 32 §2)', () => {
  // Up to a minute for the server to read its keys again (server/idp/key-ring.ts), and the command's own start.
  it(
    'keeps maria signed in: her renewals go on, and once the new key signs her tokens carry it and the board still loads',
    { timeout: 300_000 },
    async () => {
      const { page } = await openPage(browser, server.baseUrl);
      await identityPages.openLogin(page);
      await identityPages.signIn(page, 'maria@acme.test');
      expect(await identityPages.waitForPathOtherThanLogin(page)).toBe('/board/index');
      const before = await nextTokenKid(page, 15_000);

      const rotated = spawnSync(process.execPath, [path.join(repoRoot, 'bin/gatehouse.mjs'), 'keys', 'rotate'], {
        env: { ...process.env, DATABASE_URL: server.databaseUrl, SERVER_SECRET: E2E_SERVER_SECRET },
        encoding: 'utf8',
        timeout: 300_000,
      });
      expect([rotated.status, rotated.stderr]).toEqual([0, expect.any(String)]);
      const newKid = /^(\S+) published; signs from /m.exec(rotated.stdout)?.[1];
      expect(newKid).toBeDefined();
      expect(newKid).not.toBe(before);

      // Published, not yet signing: during the overlap the renewals still carry the old key.
      expect(await nextTokenKid(page, 15_000)).toBe(before);
      // The overlap (at least 25 hours, for clients that cache the key set) passes: the new key's time to sign is now.
      await server.query(`update idp_signing_keys set signs_from = now() - interval '1 second' where kid = $1`, [
        newKid,
      ]);
      // The server reads its keys again within a minute; the keep-alive goes on meanwhile.
      await expect.poll(() => nextTokenKid(page, 15_000), { timeout: 90_000, interval: 0 }).toBe(newKid);

      expect(new URL(page.url()).pathname).toBe('/board/index');
      // After a reload the board's API calls carry a token of the new key, and the portal answers them.
      const authorised = page.waitForResponse(
        (r) =>
          new URL(r.url()).pathname.startsWith('/api/v1/') &&
          (r.request().headers().authorization ?? '').startsWith('Bearer '),
        { timeout: 30_000 },
      );
      await page.reload();
      const answer = await authorised;
      expect(answer.status()).toBe(200);
      const bearer = (answer.request().headers().authorization ?? '').slice('Bearer '.length);
      expect(jose.decodeProtectedHeader(bearer).kid).toBe(newKid);
      await expect.poll(() => identityPages.cardNames(page), { timeout: 30_000 }).toContain('Benefits Center');
      expect(new URL(page.url()).pathname).toBe('/board/index');
    },
  );
});
