import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, openPage } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

const publicPages = ['/Login/acme', '/Faq/acme', '/SignUp/acme', '/ResetPassword/acme', '/SignUp'];

/**
 * What the page's main heading is drawn in: the first family of its font stack, and whether a face of that family has
 * loaded (the browser draws a fallback, Arial here, when none has, whatever the stack says).
 */
async function headingFont(page: Page): Promise<{ family: string; loaded: boolean }> {
  await page.locator('h1').first().waitFor({ timeout: 20_000 });
  return page.evaluate(async () => {
    await document.fonts.ready;
    const heading = document.querySelector('h1');
    const family = (getComputedStyle(heading ?? document.body).fontFamily.split(',')[0] ?? '').replace(/["']/g, '');
    const loaded = [...document.fonts].some(
      (face) => face.family.replace(/["']/g, '') === family && face.status === 'loaded',
    );
    return { family, loaded };
  });
}

describe('Inter ships with the app (issue 29 §5)', () => {
  it.each(publicPages)('%s is drawn in Inter, before and after a reload', async (path) => {
    const { page, context } = await openPage(browser(), baseUrl);
    await page.goto(path);
    const first = await headingFont(page);
    await page.reload();
    const again = await headingFont(page);
    await context.close();
    expect(first).toEqual({ family: 'Inter Variable', loaded: true });
    expect(again).toEqual(first);
  });
});
