import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { identityPages } from './identity';
import { ACCEPT_TERMS, profilePages as form } from './profile';
import { browserPerFile, openPage, waitForArrival } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

/** Global_Text_VMPasswordCommon in Spanish: why one of the most common passwords is refused. */
const COMMON_REASON = 'Esta es una de las contraseñas más comunes. Elige una más difícil de adivinar.';

describe('a common password at sign-up in the real browser (issue 34 item 1)', () => {
  it('a newcomer types Password123!, sees in Spanish why it is refused, picks a strong one and lands on the board', async () => {
    const session = await openPage(browser(), baseUrl);
    const { page, context, problems } = session;
    const email = `tomas-${randomUUID().slice(0, 8)}@example.test`;
    const strong = 'Nube-Trigal-Ocaso-58';
    try {
      await page.goto(`/SignUp/acme/${encodeURIComponent(email)}?culture=es`);
      await form.waitForForm(page);
      await form.fillDemoProfileInSpanish(page, { firstName: 'Tomás', lastName: 'Ruiz' });
      await form.fill(page, 'Número de empleado', 'AC654321');
      await form.tick(page, 'Acepto las condiciones de uso');
      await form.press(page, 'Continuar');
      await form.step(page, 'Seguridad').waitFor();

      // Before any save the form says why in the strength meter under the password, which runs the server's rule with
      // the list (docs/identity.md "In the browser"); the field's own checks run without the list, the server refuses.
      await form.fillSecurityInSpanish(page, 'Password123!');
      const meter = form.passwordMeter(page);
      await meter.waitFor({ timeout: 20_000 });
      await expect.poll(() => meter.getAttribute('aria-valuetext'), { timeout: 10_000 }).toBe('Débil');
      expect(await meter.textContent()).toContain(COMMON_REASON);

      await page.getByLabel('Contraseña', { exact: true }).fill(strong);
      await page.getByLabel('Confirmar contraseña', { exact: true }).fill(strong);
      await expect.poll(() => meter.getAttribute('aria-valuetext'), { timeout: 10_000 }).toBe('Fuerte');
      expect(await meter.textContent()).not.toContain(COMMON_REASON);
      expect(await form.messageOf(page, 'Contraseña')).toBe('');
      const register = page.getByRole('button', { name: 'Registrarme' });
      await form.solveCaptcha(page, 'Verificado');
      // Acme has published terms: Register waits for their acceptance (tests/e2e/profile.spec.ts shows them).
      await form.tick(page, ACCEPT_TERMS);
      await expect.poll(() => register.isEnabled()).toBe(true);
      await register.click();

      await page.getByRole('heading', { name: '¡Gracias por registrarte!' }).waitFor({ timeout: 20_000 });
      await page.getByRole('link', { name: 'Ir a iniciar sesión' }).click();
      await waitForArrival(session, /\/login/i);
      await page.locator('#okta-sign-in-widget input[name="username"]').waitFor({ timeout: 20_000 });
      await identityPages.signIn(page, email, strong);
      expect(await identityPages.waitForPathOtherThanLogin(page)).toBe('/board/index');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
