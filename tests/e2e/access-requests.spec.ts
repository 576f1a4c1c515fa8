import { describe, expect, inject, it } from 'vitest';
import { adminPages } from './admin';
import { browserPerFile } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

/**
 * Access requests end to end (issue 34 item 4, docs/flows/access-requests.md): maria (Acme) holds no role in Acme's
 * Wellness Hub (docs/demo-world.md); she asks for it from her board, Acme's client administrator sees the count on the
 * dashboard and approves it in Manage users with the role Coach, and at her next visit the board no longer offers it:
 * the application is hers. The page's culture is the address's or the stored one, never the profile's (PP §1.7,
 * docs/i18n.md): she signs in on the Spanish login page to read her board in Spanish.
 */
describe('access requests from the board (issue 34 item 4)', () => {
  it('maria asks for Wellness Hub, Acme’s client administrator approves it, and it is hers on her board', async () => {
    const maria = await adminPages.signedIn(browser(), baseUrl, 'maria@acme.test', '/Login?culture=es');
    expect(maria.landedOn).toBe('/board/index');
    const ask = maria.page.getByRole('button', { name: 'Solicitar acceso a Wellness Hub' });
    await ask.waitFor({ timeout: 20_000 });
    // Only the application she holds no role in offers the request.
    expect(await maria.page.getByRole('button', { name: /^Solicitar acceso a / }).count()).toBe(1);
    await ask.click();
    const form = maria.page.getByRole('form', { name: 'Solicitar acceso a Wellness Hub' });
    await form.getByRole('textbox').fill('Coordino las pausas activas del equipo.');
    await form.getByRole('button', { name: 'Enviar solicitud' }).click();
    await maria.page.getByText('Solicitado').waitFor({ timeout: 20_000 });
    expect(await ask.count()).toBe(0);

    const admin = await adminPages.signedIn(browser(), baseUrl, 'clientadmin@acme.test');
    await admin.page.goto('/dashboard');
    const tile = admin.page.locator('[data-figure="openAccessRequests"]');
    await tile.waitFor({ timeout: 20_000 });
    await expect.poll(() => tile.textContent()).toContain('1');
    await admin.page.goto('/manageUsers');
    const panel = admin.page.getByTestId('access-requests');
    const row = panel.locator('[data-request="maria@acme.test"]');
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain('Coordino las pausas activas del equipo.');
    await panel.getByRole('button', { name: 'Approve Wellness Hub for maria@acme.test' }).click();
    const decision = panel.getByRole('form', { name: /^Approve Wellness Hub for / });
    const role = decision.getByRole('combobox', { name: /^Role/ });
    // The application's roles, from its role URL (GET ApplicationRoles/wellness).
    await expect.poll(() => role.locator('option').allInnerTexts()).toEqual(['Participant', 'Coach']);
    await role.selectOption('Coach');
    await decision.getByRole('button', { name: 'Approve' }).click();
    await panel.getByText('No request is waiting.').waitFor({ timeout: 20_000 });
    await admin.context.close();

    // Her next visit: the board no longer offers Wellness Hub, and its card is still there to open, now hers.
    await maria.page.reload();
    await maria.page.locator('main button[data-application-card]').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => maria.page.getByText('Solicitado').count()).toBe(0);
    expect(await maria.page.getByRole('button', { name: /^Solicitar acceso a / }).count()).toBe(0);
    const roles = await adminPages.api(maria.page, '/api/v1/MyAccessRequests');
    expect(roles).toMatchObject({ status: 200, body: { applications: [], openCount: 0 } });
    await maria.context.close();
  });
});
