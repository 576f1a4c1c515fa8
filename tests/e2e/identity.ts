import type { Page } from 'playwright-core';

/** The password of every demo person (docs/demo-world.md). */
export const DEMO_PASSWORD = 'Gatehouse-demo-2026!';

/** Page helpers for signing in and out through the real Sign-In Widget, by its labels and roles. */
export const identityPages = {
  async openLogin(page: Page, path = '/Login') {
    await page.goto(path);
    await page.locator('#okta-sign-in-widget input[name="username"]').waitFor({ timeout: 20_000 });
  },
  /**
   * Fills and submits the widget's sign-in form. Right after an error or a sign-out the widget may still be
   * re-rendering its form: the values typed go into inputs it then replaces and the click sends nothing. So the
   * submit counts only once the primary-authentication request has left; otherwise the form is filled and submitted
   * again (an unsent attempt counts nowhere, and a click while the widget is saving is ignored by it).
   */
  async signIn(page: Page, username: string, password = DEMO_PASSWORD) {
    for (let tries = 1; tries <= 3; tries += 1) {
      const sent = page
        .waitForRequest(
          (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/authn',
          { timeout: 6_000 },
        )
        .then(
          () => true,
          () => false,
        );
      await page.locator('#okta-sign-in-widget input[name="username"]').fill(username);
      await page.locator('#okta-sign-in-widget input[name="password"]').fill(password);
      await page.locator('#okta-sign-in-widget input[type="submit"]').click();
      if (await sent) return;
    }
  },
  /** The path the browser is on, once it has left the login page. */
  async waitForPathOtherThanLogin(page: Page): Promise<string> {
    await page.waitForURL((url) => !/\/login/i.test(url.pathname), { timeout: 20_000 });
    return new URL(page.url()).pathname;
  },
  cardNames(page: Page) {
    return page.locator('main button[data-application-card]').allInnerTexts();
  },
  async logOutThroughMenu(page: Page) {
    await page.getByRole('button', { name: /account menu$/i }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
  },
};
