import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminPages } from './admin';
import { browserPerFile } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

/** Every admin list page, all on the one grid view (src/admin/shared/AdminGrid.tsx). */
const gridPages = [
  '/application',
  '/template',
  '/client',
  '/field',
  '/manageUsers',
  '/faqEditor',
  '/auditLog',
  '/errorLog',
];
const widths = [1280, 390];

/**
 * Where the grid's last column (its actions) is not on screen: the header and each row's first action button must be
 * the element a person's pointer finds at its centre (not clipped by the scroll area, not past the window, not under
 * another column), and the page itself must not scroll sideways.
 */
async function hiddenActions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page is ${root.scrollWidth} px wide`);
    const reachable = (element: Element, what: string) => {
      const box = element.getBoundingClientRect();
      const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
      const found = document.elementFromPoint(x, y);
      if (x < 0 || x > window.innerWidth || found === null || !(element === found || element.contains(found)))
        problems.push(`${what} is not on screen (centre at ${Math.round(x)} px)`);
    };
    const header = document.querySelector('main table thead th:last-child');
    if (header === null) problems.push('no grid header');
    else reachable(header, 'the actions header');
    document.querySelectorAll('main table tbody tr').forEach((row, index) => {
      const button = row.querySelector('td:last-child button');
      if (button !== null) {
        button.scrollIntoView({ block: 'center', inline: 'nearest' });
        reachable(button, `row ${index + 1}'s first action`);
      }
    });
    return problems;
  });
}

describe('every admin grid fits the window with its actions in view (issue 29 §5)', () => {
  let admin: Awaited<ReturnType<typeof adminPages.signedIn>> | undefined;
  beforeAll(async () => {
    admin = await adminPages.signedIn(browser(), baseUrl, 'admin@gatehouse.test');
  });
  afterAll(async () => {
    await admin?.context.close();
  });

  it.each(gridPages)('%s: at 1280 and 390 px the actions column is on screen', async (path) => {
    const page = admin?.page;
    if (page === undefined) throw new Error('signed in before the first test');
    const found: string[] = [];
    for (const width of widths) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto(path);
      await page.locator('main table thead th').first().waitFor({ timeout: 20_000 });
      // Read once its rows (or its word that there are none) are on screen.
      await page.waitForFunction(() => document.querySelector('main table[aria-busy="true"]') === null);
      for (const problem of await hiddenActions(page)) found.push(`${width} px: ${problem}`);
    }
    expect(found).toEqual([]);
  });
});
