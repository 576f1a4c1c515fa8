import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminPages } from './admin';
import { browserPerFile, openPage } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();
const ACME_ADMIN = 'clientadmin@acme.test';

/** The help page of a client in a culture, its panels on screen. */
async function openHelp(page: Page, client: string, culture: string) {
  await page.goto(`/Faq/${client}?culture=${culture}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('heading', { level: 3 }).first().waitFor();
}
/** Every question of the page, those of categories not on screen too (a large screen shows one category). */
const questionHeaders = (page: Page) => page.locator('h3').allTextContents();

describe('the FAQ editor and the help page in the real browser (issue 11; public-and-profile §2 "Help (FAQ) page")', () => {
  it("a client administrator adds a Spanish question and it shows on their client's Spanish help page only", async () => {
    const admin = await adminPages.signedIn(browser(), baseUrl, ACME_ADMIN);
    const { page } = admin;
    await page.getByRole('navigation').getByRole('link', { name: 'Help page' }).click();
    await page.getByRole('heading', { name: 'Help page questions' }).waitFor();
    // A client administrator has no client to choose: only the culture.
    expect(await page.getByLabel('Client', { exact: true }).count()).toBe(0);
    await page.getByLabel('Language').selectOption('es');
    await page.waitForURL(/\/faqEditor\/[0-9a-f-]+\/es$/);

    const header = `¿Dónde veo mi factura? ${String(Date.now())}`;
    await page.getByRole('button', { name: 'Add question' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Category/).fill('Facturación');
    await dialog.getByLabel(/^Question/).fill(header);
    await dialog.getByLabel(/^Tags/).fill('factura');
    await dialog
      .getByLabel(/^Answer \(HTML\)/)
      .fill('<p>En <strong>Mis facturas</strong>.</p><img src="x" onerror="window.faqScriptRan = true">');
    // The preview shows the answer as the help page will: the image and its handler are not on the allow-list.
    await expect
      .poll(() => dialog.getByTestId('faq-preview').innerHTML())
      .toBe('<p>En <strong>Mis facturas</strong>.</p>');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: header }).first().waitFor();
    await admin.context.close();

    const visitor = await openPage(browser(), baseUrl);
    await openHelp(visitor.page, 'acme', 'es');
    await expect.poll(() => questionHeaders(visitor.page)).toContain(header);
    // Large screen: the categories stand beside the panels; choosing ours opens its first panel.
    const categories = visitor.page.getByRole('navigation', { name: 'Categorías' });
    await categories.getByRole('button', { name: 'Facturación' }).click();
    const question = visitor.page.getByRole('button', { name: header });
    expect(await question.getAttribute('aria-expanded')).toBe('true');
    await visitor.page.getByText('Mis facturas').waitFor();
    expect(await visitor.page.evaluate(() => (window as { faqScriptRan?: boolean }).faqScriptRan)).toBeUndefined();

    // Small screen: one accordion, no category list.
    await visitor.page.setViewportSize({ width: 480, height: 800 });
    await categories.waitFor({ state: 'hidden' });
    expect(await visitor.page.getByRole('button', { name: 'Olvidé mi contraseña. ¿Qué hago?' }).isVisible()).toBe(true);
    await visitor.page.setViewportSize({ width: 1280, height: 720 });

    await openHelp(visitor.page, 'acme', 'en-us');
    expect(await questionHeaders(visitor.page)).not.toContain(header);
    await openHelp(visitor.page, 'globex', 'es');
    expect(await questionHeaders(visitor.page)).not.toContain(header);
    await visitor.context.close();
  });
});
