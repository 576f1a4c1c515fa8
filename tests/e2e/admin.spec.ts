import { describe, expect, inject, it } from 'vitest';
import { adminPages } from './admin';
import { publicPages } from './public';
import { browserPerFile, openPage } from './support/browser';

const baseUrl = inject('baseUrl');
const PROVIDER_ADMIN = 'admin@gatehouse.test';
const ACME_ADMIN = 'clientadmin@acme.test';
const browser = browserPerFile();

describe('dashboard Edit Mode (admin-and-board §2, §4, §7)', () => {
  it('a login label edited in Spanish for one client shows on that client’s login page after clearing the cache', async () => {
    // Globex, so that the global and Acme texts other journeys read stay as they are.
    const visitor = await openPage(browser(), baseUrl);
    await publicPages.openLogin(visitor.page, '/Login/globex?culture=es');
    const before = await publicPages.heading(visitor.page);

    const admin = await adminPages.signedIn(browser(), baseUrl, PROVIDER_ADMIN);
    await adminPages.openEditMode(admin.page, 'globex');
    const dialog = await adminPages.openLabel(admin.page, 'Login_Text_Title');
    await adminPages.chooseScope(admin.page, dialog, { culture: 'es', client: 'Globex Retail' });
    const title = `Bienvenido a Globex ${String(Date.now())}`;
    await adminPages.typeAndSave(dialog, title);
    await expect.poll(() => adminPages.snackbar(admin.page).innerText()).toContain('Text saved');
    await dialog.waitFor({ state: 'hidden' });

    // Edit Mode off (while on, a click on the snackbar's Close would edit that button's text), then the clear-cache
    // action and the spec's sentence.
    await admin.page.locator('label', { hasText: 'Edit mode' }).click();
    await adminPages.snackbar(admin.page).getByRole('button', { name: 'Close' }).click();
    await admin.page.getByRole('button', { name: 'Clear cache' }).click();
    await expect
      .poll(() => adminPages.snackbar(admin.page).innerText(), { timeout: 10_000 })
      .toContain('Cleared the Cache successfully. Reload the page to load new Data.');

    expect(before).not.toBe(title);
    await visitor.page.reload();
    await expect.poll(() => publicPages.heading(visitor.page), { timeout: 15_000 }).toBe(title);
    // The other culture of the same client is untouched.
    await publicPages.openLogin(visitor.page, '/Login/globex?culture=en-us');
    await expect.poll(() => publicPages.heading(visitor.page)).not.toBe(title);
    await admin.context.close();
    await visitor.context.close();
  });

  it('refuses a stale edit from a second tab with a message, and keeps the first edit', async () => {
    const admin = await adminPages.signedIn(browser(), baseUrl, PROVIDER_ADMIN);
    const first = admin.page;
    const second = await admin.context.newPage();
    const key = 'Dashboard_Text_KeyHint';
    const scope = { culture: 'en-us', client: 'Globex Retail' };

    await adminPages.openEditMode(first, 'globex');
    await adminPages.openEditMode(second, 'globex');
    const firstDialog = await adminPages.openLabel(first, key);
    await adminPages.chooseScope(first, firstDialog, scope);
    const secondDialog = await adminPages.openLabel(second, key);
    await adminPages.chooseScope(second, secondDialog, scope);

    await adminPages.typeAndSave(firstDialog, 'First tab wins');
    await firstDialog.waitFor({ state: 'hidden' });
    await adminPages.typeAndSave(secondDialog, 'Second tab loses');
    await expect
      .poll(() => secondDialog.innerText())
      .toContain('Someone else saved this text after you opened it, so your change was not saved.');
    expect(await secondDialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

    const stored = await adminPages.api(first, `/api/v1/resource/label?key=${key}&culture=en-us&clientId=globex`);
    expect(stored).toMatchObject({ status: 200, body: { value: 'First tab wins' } });
    // Reloading shows the text that won, and the second tab may then edit on top of it.
    await secondDialog.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => secondDialog.getByLabel('Text (plain or HTML').inputValue()).toBe('First tab wins');
    await admin.context.close();
  });
});

describe('a client administrator stays within their client (admin-and-board §6)', () => {
  it('cannot read another client through the API, and the menu hides provider-only items', async () => {
    const provider = await adminPages.signedIn(browser(), baseUrl, PROVIDER_ADMIN);
    const all = await adminPages.api(provider.page, '/api/v1/Client');
    expect(all.status).toBe(200);
    const clients = all.body as { id: string; portalAlias: string }[];
    const globex = clients.find((client) => client.portalAlias === 'globex');
    const acme = clients.find((client) => client.portalAlias === 'acme');
    expect(globex && acme).toBeTruthy();
    await provider.context.close();

    const clientAdmin = await adminPages.signedIn(browser(), baseUrl, ACME_ADMIN);
    const own = await adminPages.api(clientAdmin.page, '/api/v1/Client');
    expect(own.status).toBe(200);
    expect((own.body as { portalAlias: string }[]).map((client) => client.portalAlias)).toEqual(['acme']);
    expect((await adminPages.api(clientAdmin.page, `/api/v1/Client/${globex?.id ?? ''}`)).status).toBe(404);
    expect((await adminPages.api(clientAdmin.page, `/api/v1/Client/${acme?.id ?? ''}`)).status).toBe(200);

    await clientAdmin.page.goto('/dashboard');
    await expect
      .poll(() => adminPages.menuNames(clientAdmin.page))
      .toEqual(['Dashboard', 'Users', 'Help page', 'Terms of use', 'Audit log', 'Error log']);
    // The dashboard's resource tools are an administrator's, a client administrator's within their own client.
    await clientAdmin.page.getByRole('button', { name: 'Clear cache' }).waitFor();
    expect(await clientAdmin.page.getByText('Only administrators can edit texts and clear the cache.').count()).toBe(0);
    await clientAdmin.context.close();
  });
});
