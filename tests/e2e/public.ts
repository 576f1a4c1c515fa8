import type { Page } from 'playwright-core';

/** Page helpers for the public side, by role and visible text (never by implementation details). */
export const publicPages = {
  async openLogin(page: Page, path = '/Login') {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
  },
  heading(page: Page) {
    return page.getByRole('heading', { level: 1 }).innerText();
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
