import { describe, expect, inject, it } from 'vitest';
import { adminPages } from './admin';
import { answerTo, cataloguePages, row } from './admin-catalogue';
import { browserPerFile } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

const SECRET = 'e2e-upstream-secret-7c41d9';

/**
 * The federation registry's page (issue 31 item 1) in Chromium: the provider administrator adds an OpenID Connect
 * provider, sees it listed with its secret only said to be set, makes it a client's single sign-on provider from the
 * client dialog, and deletes it.
 */
describe('identity providers end to end (issue 31 item 1)', () => {
  it('a provider administrator adds a provider, assigns it to a client from the client dialog, and deletes it', async () => {
    const admin = await adminPages.signedIn(browser(), baseUrl, 'admin@gatehouse.test');
    const { page } = admin;
    await page.getByRole('link', { name: 'Identity providers' }).click();
    await page.getByRole('button', { name: 'Add identity provider' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add identity provider' });
    // The label reads "Name*" (its required mark is hidden from the accessible name): find the input by that name.
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('E2E Workforce');
    await dialog.getByLabel('Issuer').fill('https://login.e2e-workforce.test/');
    await dialog.getByLabel('Client ID').fill('gatehouse-e2e');
    await dialog.getByLabel('Client secret').fill(SECRET);
    await dialog.getByRole('button', { name: 'Add claim' }).click();
    await dialog.getByLabel('Claim 1', { exact: true }).fill('given_name');
    await dialog.getByLabel('Profile field of claim 1').selectOption('FirstName');
    const created = answerTo(page, 'POST', /\/api\/v1\/IdentityProvider$/);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    const provider = (await answer.json()) as { id: string };
    await dialog.waitFor({ state: 'hidden' });

    // Listed, the secret said to be set and never shown (not on the page, not in the list's answer).
    const listed = row(page, 'E2E Workforce');
    await listed.waitFor();
    expect(await listed.textContent()).toContain('set');
    expect(await page.content()).not.toContain(SECRET);
    const list = await adminPages.api(page, '/api/v1/IdentityProvider');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(SECRET);

    // Editing shows the secret as set, with an empty input to replace it.
    await page.getByRole('button', { name: 'Edit E2E Workforce', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit identity provider' });
    await expect.poll(() => edit.getByLabel('Client secret').inputValue()).toBe('');
    expect(await edit.textContent()).toContain('A secret is set');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'hidden' });

    // The client dialog offers the registry's entries as the client's single sign-on provider.
    await cataloguePages.open(page, '/client', 'Globex Retail');
    await page.getByRole('button', { name: 'Edit Globex Retail', exact: true }).click();
    const client = page.getByRole('dialog', { name: 'Client Globex Retail' });
    const sso = client.getByLabel('Single sign-on provider');
    await expect.poll(() => sso.locator('option', { hasText: 'E2E Workforce' }).count()).toBe(1);
    await sso.selectOption({ label: 'E2E Workforce' });
    const savedClient = answerTo(page, 'PUT', /\/api\/v1\/Client\/[^/]+$/);
    await client.getByRole('button', { name: 'Save' }).click();
    expect((await savedClient).status()).toBe(200);
    await client.waitFor({ state: 'hidden' });

    // The registry names the client it serves.
    await page.getByRole('link', { name: 'Identity providers' }).click();
    await expect.poll(() => row(page, 'E2E Workforce').textContent()).toContain('Globex Retail');

    // Deleted: gone from the list, and the client's SSOID let go.
    await page.getByRole('button', { name: 'Delete E2E Workforce', exact: true }).click();
    const deleted = answerTo(page, 'DELETE', /\/api\/v1\/IdentityProvider\/[^/]+$/);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete identity provider' }).click();
    expect((await deleted).status()).toBe(204);
    await expect.poll(() => row(page, 'E2E Workforce').count()).toBe(0);
    const clients = (await adminPages.api(page, '/api/v1/Client')).body as { name: string; ssoId: string | null }[];
    expect(clients.find((c) => c.name === 'Globex Retail')?.ssoId).toBeNull();
    expect(clients.some((c) => c.ssoId === provider.id)).toBe(false);
    await admin.context.close();
  });
});
