import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { identityPages } from './identity';
import { profilePages as form } from './profile';
import { browserPerFile, openPage } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

/**
 * The production build's service worker in control of the page: it registers 30 s after the app starts (spec §9), so
 * the page's clock (Playwright's, installed before the first page) is moved past that.
 */
async function workerInControl(page: Page) {
  await page.clock.fastForward(31_000);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

const path = (page: Page) => new URL(page.url()).pathname;
/** The texts this issue forbids after a call with no answer, in English and Spanish. */
const FORBIDDEN = /type error|error de tipo|user not found|no se encontró el usuario/i;

describe('a connection that drops is not a sign-out (issue 29 §3, production build with its service worker)', () => {
  it('an administrator who reloads offline stays on the page, told the connection is lost, and it comes back by itself', async () => {
    const { page, context } = await openPage(browser(), baseUrl);
    await page.clock.install();
    await identityPages.openLogin(page);
    await identityPages.signIn(page, 'admin@gatehouse.test');
    expect(await identityPages.waitForPathOtherThanLogin(page)).toBe('/dashboard');
    await workerInControl(page);

    await context.setOffline(true);
    const menuFails = () =>
      page.waitForEvent('requestfailed', (request) => request.url().includes('/api/v1/resource/menus'));
    const firstTry = menuFails();
    await page.reload();
    await firstTry;
    await page.getByTestId('connection-lost').waitFor();
    // The guard asks for the menu again instead of sending the person to the login page.
    const secondTry = menuFails();
    await page.clock.fastForward(3_000);
    await secondTry;
    expect(path(page)).toBe('/dashboard');
    expect(await page.getByText(FORBIDDEN).count()).toBe(0);

    await context.setOffline(false);
    await page.clock.fastForward(3_000);
    await page
      .getByRole('navigation')
      .getByRole('link', { name: 'Applications', exact: true })
      .waitFor({ timeout: 20_000 });
    await page.getByTestId('connection-lost').waitFor({ state: 'hidden' });
    expect(path(page)).toBe('/dashboard');
    await context.close();
  });

  it('a person on the board keeps their cards offline and Edit Profile waits for the connection, then shows the form', async () => {
    const { page, context } = await openPage(browser(), baseUrl);
    await page.clock.install();
    await identityPages.openLogin(page, '/Login?culture=es');
    await identityPages.signIn(page, 'maria@acme.test');
    expect(await identityPages.waitForPathOtherThanLogin(page)).toBe('/board/index');
    await workerInControl(page);

    // The board: her applications come with the profile she signed in with, so they stay; the notice says why
    // nothing else loads.
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('connection-lost').waitFor();
    await page.getByRole('button', { name: 'Benefits Center' }).waitFor();
    expect(path(page)).toBe('/board/index');
    expect(await page.getByText(FORBIDDEN).count()).toBe(0);
    await context.setOffline(false);
    await page.getByTestId('connection-lost').waitFor({ state: 'hidden' });
    expect(path(page)).toBe('/board/index');

    // Edit Profile reloaded offline: no "User not found", no failure card; the form comes once the connection does.
    const editProfile = `/board/editProfile/${encodeURIComponent(`${baseUrl}/board/index`)}`;
    await page.goto(editProfile);
    await form.waitForForm(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('connection-lost').waitFor();
    await page.clock.fastForward(3_000);
    expect(await page.getByText(FORBIDDEN).count()).toBe(0);
    expect(await page.getByTestId('load-failure').count()).toBe(0);
    expect(path(page)).toBe(new URL(editProfile, baseUrl).pathname);
    await context.setOffline(false);
    await page.clock.fastForward(3_000);
    await form.waitForForm(page);
    await page.getByTestId('connection-lost').waitFor({ state: 'hidden' });
    expect(await page.getByText(FORBIDDEN).count()).toBe(0);
    await context.close();
  });
});
