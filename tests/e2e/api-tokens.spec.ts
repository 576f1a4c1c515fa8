import { describe, expect, inject, it } from 'vitest';
import { adminPages } from './admin';
import { browserPerFile } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

/** The management API as an integrator's script calls it, with the token the page showed. */
const listUsers = (value: string) =>
  fetch(`${baseUrl}/api/v1/users?limit=5`, { headers: { authorization: `SSWS ${value}`, accept: 'application/json' } });

describe('API tokens end to end (issue 33 item 1)', () => {
  it('a provider administrator makes a token on the page, a script uses it, and after Revoke it is refused', async () => {
    const admin = await adminPages.signedIn(browser(), baseUrl, 'admin@gatehouse.test');
    const { page } = admin;
    await page.getByRole('link', { name: 'API tokens' }).click();
    await page.getByRole('button', { name: 'New token' }).click();
    const form = page.getByRole('form', { name: 'New token' });
    await form.getByRole('textbox', { name: /Name/ }).fill('E2E feed');
    await form.getByRole('button', { name: 'Create token' }).click();
    const value = (await page.getByTestId('api-token-value').textContent()) ?? '';
    expect(value).toMatch(/^00[A-Za-z0-9_-]{40}$/);
    expect((await listUsers(value)).status).toBe(200);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await expect.poll(() => page.getByTestId('api-token-value').count()).toBe(0);
    await page.getByRole('button', { name: 'Revoke E2E feed' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke token' }).click();
    await expect.poll(() => page.getByRole('row', { name: /E2E feed/ }).textContent()).toContain('Revoked');
    expect((await listUsers(value)).status).toBe(401);
    await admin.context.close();
  });
});
