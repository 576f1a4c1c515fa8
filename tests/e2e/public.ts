import type { Page } from 'playwright-core';

/**
 * The page's own title: the first level-1 heading. On the login page the Sign-In Widget's header (the client's logo)
 * is a level-1 heading too, and it comes after the title.
 */
const pageHeading = (page: Page) => page.getByRole('heading', { level: 1 }).first();

/** Page helpers for the public side, by role and visible text (never by implementation details). */
export const publicPages = {
  async openLogin(page: Page, path = '/Login') {
    await page.goto(path);
    await pageHeading(page).waitFor();
  },
  heading(page: Page) {
    return pageHeading(page).innerText();
  },
  async dataLayerPages(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const layer = (window as unknown as { dataLayer?: { event?: string; page?: string }[] }).dataLayer ?? [];
      return layer.filter((entry) => entry.event === 'pageview').map((entry) => entry.page ?? '');
    });
  },
  storedCulture(page: Page): Promise<string | null> {
    return page.evaluate(() => {
      const entry = Object.entries(localStorage).find(([key]) => /culture/i.test(key));
      return entry ? String(entry[1]) : null;
    });
  },
};
