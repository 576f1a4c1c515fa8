import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, openPage } from './support/browser';
import { publicPages } from './public';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

describe('the public side in a real browser', () => {
  it('shows the login page in English by default and records the page view', async () => {
    const { page, problems, context } = await openPage(browser(), baseUrl);
    await publicPages.openLogin(page);
    expect(await publicPages.heading(page)).toBe('Sign in');
    await expect.poll(() => publicPages.dataLayerPages(page)).toContain('/login');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('switches to Spanish with ?culture=es and remembers it on the next visit', async () => {
    const { page, problems, context } = await openPage(browser(), baseUrl);
    await publicPages.openLogin(page, '/Login?culture=es');
    expect(await publicPages.heading(page)).toBe('Iniciar sesión');
    expect(await publicPages.storedCulture(page)).toBe('es');
    await publicPages.openLogin(page, '/Login');
    expect(await publicPages.heading(page)).toBe('Iniciar sesión');
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows a client's own texts from the resources API, in each culture", async () => {
    const { page, problems, context } = await openPage(browser(), baseUrl);
    await publicPages.openLogin(page, '/Login/acme?culture=en-us');
    await expect.poll(() => publicPages.heading(page)).toBe('Sign in to Acme Health');
    await publicPages.openLogin(page, '/Login/acme?culture=es');
    await expect.poll(() => publicPages.heading(page)).toBe('Inicia sesión en Acme Health');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('answers an unknown route with Page not found', async () => {
    const { page, context } = await openPage(browser(), baseUrl);
    await page.goto('/no/such/page');
    await expect.poll(() => page.getByText('Page not found').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('redirects /null to the login page', async () => {
    const { page, context } = await openPage(browser(), baseUrl);
    await page.goto('/null');
    await page.waitForURL(/\/Login$/i);
    expect(await publicPages.heading(page)).toBe('Sign in');
    await context.close();
  });
});
