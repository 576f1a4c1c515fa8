import { describe, expect, it } from 'vitest';
import { adminPages } from './admin';
import { identityPages } from './identity';
import { openPage } from './support/browser';
import { ownServerPerFile } from './support/own-server';

/*
 * The terms editor (issue 34 item 2, docs/flows/terms-editor.md) in real Chromium, on a server of its own with a fresh
 * data directory: a new version here stops every Acme person at their next sign-in, and the other files sign Acme's
 * people in on the shared server.
 */

const ACME_ADMIN = 'clientadmin@acme.test';
const MARIA = 'maria@acme.test';

describe('the terms editor in the real browser (issue 34 item 2)', () => {
  const own = ownServerPerFile();

  it("Acme's client administrator publishes version 2; maria is stopped at it at her next sign-in, accepts, and lands on her board", async () => {
    const admin = await adminPages.signedIn(own.browser, own.server.baseUrl, ACME_ADMIN);
    const { page } = admin;
    try {
      await page.getByRole('navigation').getByRole('link', { name: 'Terms of use' }).click();
      const grid = page.getByRole('table', { name: 'Terms of use' });
      await grid.getByRole('cell', { name: 'en-us, es' }).waitFor();
      // A client administrator has no client to choose.
      expect(await page.getByLabel('Client', { exact: true }).count()).toBe(0);

      await page.getByRole('button', { name: 'Publish a new version' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Publish version 2' }).waitFor();
      const terms = dialog.getByRole('textbox', { name: 'Terms of use (HTML) · English (en-us)' });
      // The dialog starts from the current texts.
      await expect.poll(() => terms.inputValue()).not.toBe('');
      await terms.fill('<p>Acme terms, <strong>version 2</strong>.</p><img src="x" onerror="window.termsRan = true">');
      await dialog
        .getByRole('textbox', { name: 'Terms of use (HTML) · Spanish (es)' })
        .fill('<p>Versión 2 de Acme.</p>');
      // The preview shows the text as sign-up will: the image and its handler are not on the allow-list.
      const preview = dialog.getByRole('region', { name: 'Preview · Terms of use (HTML) · English (en-us)' });
      await preview.getByText('version 2').waitFor();
      expect(await preview.locator('img').count()).toBe(0);
      await dialog.getByRole('button', { name: 'Publish' }).click();
      await dialog.waitFor({ state: 'detached' });
      await grid.getByRole('button', { name: 'Details of 2' }).waitFor();
      expect(await page.evaluate(() => 'termsRan' in window)).toBe(false);
    } finally {
      await admin.context.close();
    }

    const { page: mariaPage, context } = await openPage(own.browser, own.server.baseUrl);
    try {
      await identityPages.openLogin(mariaPage, '/Login/acme');
      await identityPages.signIn(mariaPage, MARIA);
      // The stop before the board, in her language or the page's, with the version she is asked to accept.
      await mariaPage.getByRole('heading', { name: /^(New terms of use|Nuevas condiciones de uso)$/ }).waitFor();
      await mariaPage
        .getByText(/Versión 2 de Acme|version 2/)
        .first()
        .waitFor();
      expect(new URL(mariaPage.url()).pathname).toMatch(/\/login/i);
      await mariaPage.getByRole('button', { name: /^(Accept|Aceptar)$/ }).click();
      expect(await identityPages.waitForPathOtherThanLogin(mariaPage)).toBe('/board/index');
    } finally {
      await context.close();
    }
  });
});
