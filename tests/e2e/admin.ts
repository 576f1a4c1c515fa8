import type { Browser, Locator, Page, Response } from 'playwright-core';
import { openPage, type PageSession } from './support/browser';
import { identityPages } from './identity';

/** Page helpers for the admin area: signing an administrator in, the dashboard's Edit Mode, API calls as them. */
export const adminPages = {
  /**
   * A new browser context with `username` signed in through the real widget, on the page they land on. `loginPath`
   * names the login page's address, e.g. `/Login?culture=es` for the pages in Spanish (the culture is the address's).
   */
  async signedIn(
    browser: Browser,
    baseUrl: string,
    username: string,
    loginPath = '/Login',
  ): Promise<PageSession & { landedOn: string }> {
    const session = await openPage(browser, baseUrl);
    await identityPages.openLogin(session.page, loginPath);
    await identityPages.signIn(session.page, username);
    const landedOn = await identityPages.waitForPathOtherThanLogin(session.page);
    return { ...session, landedOn };
  },

  /** Calls the API from the page with the signed-in person's access token, as the SPA does. */
  async api(page: Page, path: string): Promise<{ status: number; body: unknown }> {
    return page.evaluate(async (url) => {
      const stored = JSON.parse(localStorage.getItem('gatehouse.tokens') ?? '{}') as {
        accessToken?: { accessToken?: string };
      };
      const response = await fetch(url, {
        headers: { authorization: `Bearer ${stored.accessToken?.accessToken ?? ''}` },
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    }, path);
  },

  /** The names of the left menu's links. */
  menuNames(page: Page): Promise<string[]> {
    return page.getByRole('navigation').getByRole('link').allInnerTexts();
  },

  /** The dashboard with Edit Mode on, for the client the address names (so "this client" is that one). */
  async openEditMode(page: Page, clientId: string) {
    await page.goto(`/dashboard?clientId=${clientId}`);
    await page.locator('label', { hasText: 'Edit mode' }).click();
    await page.getByText('Edit a text by its key').waitFor();
  },

  /** Opens the label dialog of `key` through the dashboard's "edit by key" field. */
  async openLabel(page: Page, key: string): Promise<Locator> {
    await page.getByLabel('Edit a text by its key').fill(key);
    const read = waitForLabelRead(page);
    await page.getByRole('button', { name: 'Edit text' }).click();
    await read;
    return page.getByTestId('edit-text-dialog');
  },

  /**
   * Chooses culture and client (by the name "Applies to" offers, issue 29 §4) in the open dialog, and waits for that
   * scope's text to arrive. The dialog starts on the page's client, so choosing it again reads nothing.
   */
  async chooseScope(page: Page, dialog: Locator, scope: { culture: string; client: string }) {
    const byCulture = waitForLabelRead(page, `culture=${scope.culture}`);
    await dialog.getByLabel('Language').selectOption(scope.culture);
    await byCulture;
    const appliesTo = dialog.getByLabel('Applies to');
    const chosen = await appliesTo.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text ?? '');
    if (chosen === scope.client) return;
    const byClient = waitForLabelRead(page, 'clientId=');
    await appliesTo.selectOption({ label: scope.client });
    await byClient;
  },

  async typeAndSave(dialog: Locator, value: string) {
    await dialog.getByLabel('Text (plain or HTML').fill(value);
    await dialog.getByRole('button', { name: 'Save' }).click();
  },

  snackbar(page: Page): Locator {
    return page.getByTestId('snackbar');
  },
};

/** The next GET resource/label answer (whose address contains `part`, if given). */
function waitForLabelRead(page: Page, part = ''): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' &&
      /\/api\/v1\/resource\/label\?/.test(response.url()) &&
      response.url().includes(part),
  );
}
