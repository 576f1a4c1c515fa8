import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { adminPages } from './admin';
import { identityPages } from './identity';
import { browserPerFile, openPage } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

/** A headline tile's number (its last line; the first is its label). */
async function tile(page: Page, figure: string): Promise<number> {
  const text = await page.locator(`[data-figure="${figure}"] > :last-child`).textContent();
  return Number((text ?? '').replace(/\D/g, ''));
}

/** The counts the hourly chart's bar pair for the current hour names (its `<title>`). */
async function currentHour(page: Page): Promise<{ signIns: number; failures: number }> {
  const chart = page.getByRole('img', { name: 'Sign-ins per hour (UTC), last 24 hours' });
  const title = (await chart.locator('g').last().locator('title').textContent()) ?? '';
  const [, signIns, failures] = /(\d+) sign-ins, (\d+) failed/.exec(title) ?? [];
  return { signIns: Number(signIns), failures: Number(failures) };
}

/** Refreshes the figures (once Refresh is offered again) and answers what `read` reads then. */
async function refreshed<T>(page: Page, read: (page: Page) => Promise<T>): Promise<T> {
  const refresh = page.getByRole('button', { name: 'Refresh' });
  await expect.poll(() => refresh.isEnabled()).toBe(true);
  await refresh.click();
  await expect.poll(() => refresh.isEnabled()).toBe(true);
  return read(page);
}

describe('the dashboard end to end (issue 13 item 4)', () => {
  it('shows a wrong password, then a right one, of a demo person in its sign-in figures and chart within seconds', async () => {
    const admin = await adminPages.signedIn(browser(), baseUrl, 'admin@gatehouse.test');
    expect(admin.landedOn).toBe('/dashboard');
    await admin.page.locator('[data-figure="signIns"]').waitFor({ timeout: 20_000 });
    const before = {
      signIns: await tile(admin.page, 'signIns'),
      failures: await tile(admin.page, 'failures'),
      hour: await currentHour(admin.page),
    };

    // Lee (Umbrella Agents) mistypes his password, then signs in.
    const lee = await openPage(browser(), baseUrl);
    await identityPages.openLogin(lee.page);
    await identityPages.signIn(lee.page, 'lee@umbrella.test', 'not-the-password');
    await expect.poll(() => lee.page.locator('#okta-sign-in-widget .o-form-error-container').innerText()).not.toBe('');
    await identityPages.signIn(lee.page, 'lee@umbrella.test');
    await identityPages.waitForPathOtherThanLogin(lee.page);
    await lee.context.close();

    // The figures read again until they show both: no sleeping, the page is polled.
    await expect
      .poll(() => refreshed(admin.page, (page) => tile(page, 'failures')), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(before.failures + 1);
    expect(await tile(admin.page, 'signIns')).toBeGreaterThanOrEqual(before.signIns + 1);
    const hour = await currentHour(admin.page);
    // The current hour holds them, unless the hour turned meanwhile (then the new hour holds them alone).
    const turned = hour.signIns < before.hour.signIns;
    expect(hour.failures).toBeGreaterThanOrEqual(turned ? 1 : before.hour.failures + 1);
    expect(hour.signIns).toBeGreaterThanOrEqual(turned ? 1 : before.hour.signIns + 1);
    // Each list links to its full page.
    expect(await admin.page.getByRole('link', { name: 'All changes in the audit log' }).getAttribute('href')).toBe(
      '/auditLog',
    );
    await admin.context.close();
  });

  it('shows a client administrator their own client only', async () => {
    const acme = await adminPages.signedIn(browser(), baseUrl, 'clientadmin@acme.test');
    await acme.page.goto('/dashboard');
    const people = acme.page.getByRole('table', { name: 'People per client' });
    await people.waitFor({ timeout: 20_000 });
    expect(await people.locator('tbody tr').allInnerTexts()).toEqual([expect.stringContaining('Acme Health')]);
    await acme.context.close();
  });
});
