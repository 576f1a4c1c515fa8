import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { identityPages } from './identity';
import { browserPerFile, openPage } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

/** Every address the page's caches hold, by path. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      paths.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
    }
    return paths;
  });

describe('the offline shell of the production build (issue 16, public-and-profile §9, admin-and-board §9)', () => {
  it('registers its worker after 30 s, serves the shell offline in the person’s culture, and never an API answer', async () => {
    const { page, context } = await openPage(browser(), baseUrl);
    // The page's clock is Playwright's, so the 30 s pass at once. It also runs on while the page loads, so what the
    // load took (more on a busy machine) counts towards the 30 s: the steps below are measured from the install.
    await page.clock.install();
    const installedAt = await page.evaluate(() => Date.now());
    await identityPages.openLogin(page, '/Login/acme?culture=es');
    const registrations = () =>
      page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length));
    expect(await registrations()).toBe(0);
    const loading = (await page.evaluate(() => Date.now())) - installedAt;
    // The app started after the install, so 29 s after the install is less than 30 s after the app's start.
    await page.clock.fastForward(Math.max(0, 29_000 - loading));
    expect(await registrations()).toBe(0);
    await page.clock.fastForward(1_000 + loading);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    const cached = await cachedPaths(page);
    expect(cached).toContain('/index.html');
    expect(cached.some((path) => path.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((path) => !path.startsWith('/assets/') && path !== '/index.html')).toEqual([]);

    // Offline: the shell comes from the worker, and the connection-lost notice says so in Spanish, without claiming
    // that this anonymous visitor is signed in; an API call fails instead of being answered.
    await context.setOffline(true);
    await page.reload();
    const offline = page.getByTestId('connection-lost');
    await offline.waitFor();
    expect(await offline.innerText()).toContain('Se perdió la conexión.');
    expect(await offline.innerText()).not.toContain('sesión iniciada');
    expect(
      await page.evaluate(() =>
        fetch('/api/v1/config/public').then(
          () => 'answered',
          () => 'failed',
        ),
      ),
    ).toBe('failed');
    expect((await cachedPaths(page)).filter((path) => path.startsWith('/api') || path.startsWith('/oauth2'))).toEqual(
      [],
    );

    // Online again: the notice goes by itself.
    await context.setOffline(false);
    await offline.waitFor({ state: 'hidden' });
    await context.close();
  });
});
