import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPages } from './admin';
import { flowInspector } from './flow-inspector';
import { DEMO_PASSWORD, identityPages } from './identity';
import { launchBrowser, openPage } from './support/browser';
import { startServer, type RunningServer } from './support/server-process';

const PROVIDER_ADMIN = 'admin@gatehouse.test';
const ACME_ADMIN = 'clientadmin@acme.test';

describe('the flow inspector with the network cut (INSPECTOR=true, a production build)', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ INSPECTOR: 'true' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser.close();
    await server.stop();
  });

  it('lights the login flow’s showingWidget, then the state the sign-in in another tab leads to', async () => {
    const { context, page: appTab, problems } = await openPage(browser, server.baseUrl);
    const outside = await flowInspector.cutNetwork(context);
    // The app tab shows the widget first: once a tab of this browser is signed in, /Login would skip it.
    await identityPages.openLogin(appTab, '/Login');

    const inspectorTab = await context.newPage();
    await identityPages.openLogin(inspectorTab, '/Login');
    await identityPages.signIn(inspectorTab, PROVIDER_ADMIN);
    await identityPages.waitForPathOtherThanLogin(inspectorTab);
    await expect
      .poll(() => inspectorTab.getByRole('link', { name: 'Flow inspector' }).count(), { timeout: 20_000 })
      .toBe(1);
    await flowInspector.open(inspectorTab);
    await flowInspector.choose(inspectorTab, 'login');
    await expect.poll(() => flowInspector.litStates(inspectorTab), { timeout: 20_000 }).toEqual(['showingWidget']);

    await identityPages.signIn(appTab, PROVIDER_ADMIN);
    await expect
      .poll(() => flowInspector.logOf(inspectorTab, 'login'), { timeout: 20_000 })
      .toContain('widget.signedIn → validatingProfile');
    await expect.poll(() => flowInspector.litStates(inspectorTab), { timeout: 20_000 }).not.toEqual(['showingWidget']);
    expect((await flowInspector.litStates(inspectorTab)).length).toBe(1);

    // The password typed in the app tab was masked before it left that tab.
    expect(await inspectorTab.content()).not.toContain(DEMO_PASSWORD);
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps a client administrator out: no menu entry, and the address leads elsewhere', async () => {
    const { page, context } = await adminPages.signedIn(browser, server.baseUrl, ACME_ADMIN);
    await expect.poll(() => adminPages.menuNames(page), { timeout: 20_000 }).not.toEqual([]);
    expect(await adminPages.menuNames(page)).not.toContain('Flow inspector');
    await page.goto('/dev/flows');
    await page.waitForURL((url) => url.pathname !== '/dev/flows', { timeout: 20_000 });
    expect(await page.getByRole('heading', { name: 'Flow inspector' }).count()).toBe(0);
    await context.close();
  });
});
