import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { setGlobalSettings, startServerOnPostgres, type ServerWithDatabase } from './support/postgres-server';
import { identityPages } from './identity';

/*
 * The idle session (public-and-profile §4 "Session idle", §9) in Chromium against the real server. This file starts
 * its own server on PostgreSQL and shortens the portal settings there, as an administrator would, before any page
 * loads: 3 s of inactivity opens the warning, which counts down 5 s; the keep-alive renews the token every 2 s.
 */
const IDLE_SECONDS = 3;
const WARNING_SECONDS = 5;

let browser: Browser;
let server: ServerWithDatabase;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServerOnPostgres()]);
  await setGlobalSettings(server, {
    Session_IdleTime: String(IDLE_SECONDS),
    Session_WarningTimeOut: String(WARNING_SECONDS),
    Session_TokenRefreshInterval: '2',
  });
});
afterAll(async () => {
  await Promise.all([browser.close(), server.stop()]);
});

const warningDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Are you still there?' });

/** The seconds the open warning says are left. */
async function secondsLeft(page: Page): Promise<number> {
  const text = await warningDialog(page).innerText();
  const seconds = /signed out in (\d+) seconds?/.exec(text)?.[1];
  if (seconds === undefined) throw new Error(`no countdown in the warning: ${text}`);
  return Number(seconds);
}

describe('the idle session with short portal settings (public-and-profile §4, §9)', () => {
  it('renews the token on the keep-alive, warns with a countdown, Keep working resumes, and the end of the countdown signs out', async () => {
    const { page, context } = await openPage(browser, server.baseUrl);
    await identityPages.openLogin(page);
    await identityPages.signIn(page, 'admin@gatehouse.test');
    expect(await identityPages.waitForPathOtherThanLogin(page)).toBe('/dashboard');
    const signedInAt = page.url();
    // The sign-in's own code exchange is over by now: the next token request is the keep-alive's renewal.
    const renewal = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && new URL(response.url()).pathname === '/oauth2/default/v1/token',
      { timeout: 15_000 },
    );
    expect((await renewal).status()).toBe(200);

    // Nobody touches the page: the warning opens and counts down.
    await warningDialog(page).waitFor({ timeout: 15_000 });
    const first = await secondsLeft(page);
    expect(first).toBeLessThanOrEqual(WARNING_SECONDS);
    await expect.poll(() => secondsLeft(page), { timeout: 10_000 }).toBeLessThan(first);

    // "Yes": the session goes on where it was.
    await warningDialog(page).getByRole('button', { name: 'Keep working' }).click();
    await warningDialog(page).waitFor({ state: 'detached', timeout: 10_000 });
    expect(page.url()).toBe(signedInAt);
    expect(await page.evaluate(() => localStorage.getItem('gatehouse.tokens'))).not.toBeNull();

    // Idle again, and this time the countdown runs out: signed out, back on the login page, tokens gone.
    await warningDialog(page).waitFor({ timeout: 15_000 });
    await page.waitForURL(/\/Login$/, { timeout: 20_000 });
    await page.locator('#okta-sign-in-widget input[name="username"]').waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => localStorage.getItem('gatehouse.tokens'))).toBeNull();
    // The identity provider's session is closed too: the admin area sends the visitor to the login page.
    await page.goto('/dashboard');
    await page.waitForURL(/\/Login/, { timeout: 20_000 });
    await context.close();
  });
});
