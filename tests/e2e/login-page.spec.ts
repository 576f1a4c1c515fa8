import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, identityPages } from './identity';
import { loginPage } from './login-page';
import { browserPerFile, launchBrowser, openPage } from './support/browser';
import { startServer, type RunningServer } from './support/server-process';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

describe('the finished login page in a real browser (issue 13)', () => {
  it('wears the client’s theme, shows its logo in the widget header and one help link, the widget’s, to the client’s FAQ', async () => {
    const { page, problems, context } = await openPage(browser(), baseUrl);
    await identityPages.openLogin(page, '/Login/acme');
    expect(await loginPage.logo(page)).toBe('/api/v1/resource/loginlogo?clientId=acme');
    expect(await loginPage.headerVisible(page)).toBe(true);
    // Acme's theme (docs/demo-world.md branding): primary #0f766e on the button, background #f0fdfa.
    await expect
      .poll(() => loginPage.colours(page))
      .toEqual({ button: 'rgb(15, 118, 110)', page: 'rgb(240, 253, 250)' });
    expect(await loginPage.faqLinks(page)).toEqual(['/Faq/acme']);
    await loginPage.openWidgetHelp(page);
    expect(await loginPage.faqLinks(page)).toEqual(['/Faq/acme']);
    // It opens in place: the FAQ is a page of this portal, not another site.
    expect(await page.locator('#okta-sign-in-widget a.js-help-link').getAttribute('target')).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('with the demo world, the demo guide fills the widget username with the person picked, and she signs in', async () => {
    const { page, problems, context } = await openPage(browser(), baseUrl);
    await identityPages.openLogin(page, '/Login');
    await loginPage.pickDemoPerson(page, 'Dana Brooks');
    await expect.poll(() => loginPage.username(page)).toBe('48213');
    await loginPage.pickDemoPerson(page, 'María González');
    await expect.poll(() => loginPage.username(page)).toBe('maria@acme.test');
    // The widget took the name as typed: with the password alone, María signs in and lands where the guide said.
    await page.locator('#okta-sign-in-widget input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('#okta-sign-in-widget input[type="submit"]').click();
    expect(await identityPages.waitForPathOtherThanLogin(page)).toBe('/board/index');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('without the demo world (DEMO_DATA=false)', () => {
  let server: RunningServer;
  let ownBrowser: Browser;
  beforeAll(async () => {
    [server, ownBrowser] = await Promise.all([startServer({ DEMO_DATA: 'false' }), launchBrowser()]);
  });
  afterAll(async () => {
    await ownBrowser.close();
    await server.stop();
  });

  it('asks for no demo guide and meets no 404 or unused preload: the portal’s own mark stands in the widget header', async () => {
    const response = await fetch(`${server.baseUrl}/api/v1/demo/guide`);
    expect(response.status).toBe(404);
    const { page, problems, context } = await openPage(ownBrowser, server.baseUrl);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await identityPages.openLogin(page, '/Login');
    // config/public says the demo world is off, so the page never asks for the guide; an empty database has no
    // logo of its own, and the server answers the portal's mark rather than a 404 (issue 29 §2).
    expect(asked.filter((path) => /demo\/guide/i.test(path))).toEqual([]);
    expect(await loginPage.guide(page).count()).toBe(0);
    expect(await loginPage.headerVisible(page)).toBe(true);
    // The checkbox sprite is fetched by a detached image, not a <link rel="preload"> Chrome could call unused.
    expect(await page.locator('link[rel="preload"][as="image"]').count()).toBe(0);
    expect(warnings.filter((warning) => /preload/i.test(warning))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
