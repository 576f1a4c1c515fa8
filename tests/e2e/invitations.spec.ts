import { describe, expect, inject, it } from 'vitest';
import { adminPages } from './admin';
import { cataloguePages } from './admin-catalogue';
import { invitationMails } from './invitations';
import { profilePages as form } from './profile';
import { browserPerFile, openPage } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();
const invitations = invitationMails(baseUrl);

/** Only this file invites her (no other file signs up or counts this address). */
const NINA = 'nina@umbrella.test';

/** The sign-up link of the newest invitation mail to `to`, as a path on this server. */
async function invitationLink(to: string): Promise<string> {
  const url = await invitations.link(to);
  return `${url.pathname}${url.search}`;
}

describe('invitations end to end (issue 16: the st token, public-and-profile §5, §7)', () => {
  it('the provider administrator invites nina to Umbrella; her link signs her up in Spanish without a captcha, once', async () => {
    const admin = await adminPages.signedIn(browser(), baseUrl, 'admin@gatehouse.test');
    await cataloguePages.open(admin.page, '/manageUsers', 'maria@acme.test');
    const panel = admin.page.getByTestId('invitations');
    await panel.getByRole('button', { name: 'Invite' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Invite someone to sign up' });
    await dialog.getByRole('combobox', { name: /^Client/ }).selectOption({ label: 'Umbrella Agents' });
    await dialog.getByRole('textbox', { name: /^Email address/ }).fill(NINA);
    await dialog.getByRole('combobox', { name: /^Language of the mail/ }).selectOption({ label: 'Spanish (es)' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    // Sent: Umbrella's invitations show, hers pending.
    const row = panel.getByRole('row', { name: new RegExp(NINA) });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain('Pending');
    // The audit log has it, newest first, with what was created (issue 13 "Audit log and error log pages").
    await admin.page.goto('/auditLog');
    await admin.page
      .getByRole('button', { name: /^Details of .*: Invitation · Created$/ })
      .first()
      .click();
    const entry = admin.page.getByRole('dialog');
    await entry.getByText(NINA).first().waitFor();
    expect(await entry.textContent()).toContain('added');
    await admin.context.close();

    const link = await invitationLink(NINA);
    expect(link).toContain('culture=es');
    const { page, context, problems } = await openPage(browser(), baseUrl);
    await page.goto(link);
    await form.waitForForm(page);
    // Spanish, her e-mail fixed, and no captcha to solve.
    const email = form.email(page, 'Correo electrónico');
    expect(await email.inputValue()).toBe(NINA);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    await form.fillDemoProfileInSpanish(page, { firstName: 'Nina', lastName: 'Invitada' });
    await form.fill(page, 'Número de empleado', 'UM123456');
    await form.tick(page, 'Acepto las condiciones de uso');
    await form.press(page, 'Continuar');
    await form.step(page, 'Seguridad').waitFor();
    await form.fillSecurityInSpanish(page, 'Girasol-Pradera-42');
    const register = page.getByRole('button', { name: 'Registrarme' });
    // No captcha: Register is on as soon as the form is valid.
    await expect.poll(() => register.isEnabled()).toBe(true);
    await register.click();
    await page.getByRole('heading', { name: '¡Gracias por registrarte!' }).waitFor({ timeout: 20_000 });

    // The same link again: the invitation was used.
    await page.goto(link);
    await page.getByText('Esta invitación no es válida o ha caducado.').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('link', { name: 'Ir a iniciar sesión' }).count()).toBe(1);
    expect(await page.getByTestId('profile-form').count()).toBe(0);
    // The one failed call is the refusal the page explains (the used token's 400), nothing else went wrong.
    expect(problems).toEqual([expect.stringMatching(/^400 GET \S+\/api\/v1\/Encrypt\/decrypt\?/)]);
    await context.close();
  });
});
