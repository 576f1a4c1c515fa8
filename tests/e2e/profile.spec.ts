import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, identityPages } from './identity';
import { ACCEPT_TERMS, profilePages as form } from './profile';
import { browserPerFile, openPage, waitForArrival } from './support/browser';
import { createLargeSignUpClient } from './support/large-form';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

/** Acme's required message in Spanish (Global_Text_VMRequired). */
const REQUIRED = 'Este campo es obligatorio.';

describe('sign-up in the real browser (public-and-profile §2, §4, §5)', () => {
  it('Continuar with an empty form shows the required messages and stays on the Profile step', async () => {
    const { page, context, problems } = await openPage(browser(), baseUrl);
    await page.goto('/SignUp/acme?culture=es');
    await form.waitForForm(page);
    await form.press(page, 'Continuar');

    const profile = form.step(page, 'Perfil');
    await expect.poll(() => form.messageOf(page, 'Nombre')).toBe(REQUIRED);
    expect(await form.messageOf(page, 'Correo electrónico')).toBe(REQUIRED);
    expect(await form.messageOf(page, 'Número de empleado')).toBe(REQUIRED);
    expect(await form.isInvalid(page, 'Estado', 'combobox')).toBe(true);
    expect(await form.isInvalid(page, 'Acepto las condiciones de uso', 'checkbox')).toBe(true);
    // An optional field shows nothing.
    expect(await form.isInvalid(page, 'Dirección (línea 2)')).toBe(false);
    expect(await profile.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Registrarme' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a newcomer signs up for Acme in Spanish, solves the real captcha and signs in with the new password', async () => {
    const { page, context, problems } = await openPage(browser(), baseUrl);
    const email = `lucia-${randomUUID().slice(0, 8)}@example.test`;
    const password = 'Girasol-Pradera-42';
    await page.goto(`/SignUp/acme/${encodeURIComponent(email)}?culture=es`);
    await form.waitForForm(page);
    expect(await form.email(page, 'Correo electrónico').inputValue()).toBe(email);

    await form.fillDemoProfileInSpanish(page, { firstName: 'Lucía', lastName: 'Pérez' });
    // A value the employee-number regex refuses shows its own message until it is put right.
    await form.fill(page, 'Número de empleado', 'ac-12');
    expect(await form.messageOf(page, 'Número de empleado')).not.toBe('');
    await form.fill(page, 'Número de empleado', 'AC123456');
    expect(await form.messageOf(page, 'Número de empleado')).toBe('');
    await form.tick(page, 'Acepto las condiciones de uso');

    await form.press(page, 'Continuar');
    const security = form.step(page, 'Seguridad');
    await security.waitFor();
    // The focus moves to the new step's heading, not back to <body> (issue 29 §6).
    await expect.poll(() => form.focused(page)).toBe('h2: Seguridad');
    await form.fillSecurityInSpanish(page, password);

    const register = page.getByRole('button', { name: 'Registrarme' });
    expect(await register.isDisabled()).toBe(true);
    await form.solveCaptcha(page, 'Verificado');
    // Acme has published terms (docs/demo-world.md "Terms"): they show, and Register waits for their acceptance.
    const terms = page.getByTestId('sign-up-terms');
    await terms.getByText('Condiciones de uso', { exact: true }).click();
    await terms.getByText('Condiciones de uso de Acme Health').waitFor();
    expect(await register.isDisabled()).toBe(true);
    await form.tick(page, ACCEPT_TERMS);
    await expect.poll(() => register.isEnabled()).toBe(true);
    await register.click();

    await page.getByRole('heading', { name: '¡Gracias por registrarte!' }).waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: 'Ir a iniciar sesión' }).click();
    await waitForArrival({ page, context, problems }, /\/login/i);
    await page.locator('#okta-sign-in-widget input[name="username"]').waitFor({ timeout: 20_000 });
    await identityPages.signIn(page, email, password);
    // Acme has several applications: a newcomer with a role in each lands on the board.
    expect(await identityPages.waitForPathOtherThanLogin(page)).toBe('/board/index');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('Edit Profile from the board (admin-and-board §2, §5)', () => {
  /** maria@acme.test, signed in through the real widget in Spanish, on her board. */
  async function mariaOnHerBoard() {
    const session = await openPage(browser(), baseUrl);
    await identityPages.openLogin(session.page, '/Login?culture=es');
    await identityPages.signIn(session.page, 'maria@acme.test', DEMO_PASSWORD);
    await waitForArrival(session, /\/board\/index$/);
    return session;
  }

  it('maria changes her phone number and comes back to her application; the new number is there next time', async () => {
    const session = await mariaOnHerBoard();
    const { page, context, problems } = session;
    // The address her Benefits Center card launches, placeholders filled by the launcher.
    await page.getByRole('button', { name: 'Benefits Center' }).click();
    await waitForArrival(session, /\/demo-apps\/benefits\?/);
    const application = page.url();
    expect(new URL(application).searchParams.get('user')).toBe('ACME__maria@acme.test');

    // The board's initials menu leads to /board/editProfile/{encoded URL}; here the URL is her application's.
    const editProfile = `/board/editProfile/${encodeURIComponent(application)}`;
    await page.goto(editProfile);
    await form.waitForForm(page);
    const phone = form.text(page, 'Número de teléfono');
    expect(await phone.inputValue()).toBe('(305) 555-0119');
    await form.type(page, 'Número de teléfono', '(305) 555-0142');
    // Everything Acme's form requires of her is seeded (issue 29 §4): only the phone changes.
    await form.press(page, 'Guardar');
    await page.waitForURL(application, { timeout: 20_000 });
    await page.getByRole('heading', { name: /benefits/ }).waitFor();

    await page.goto(editProfile);
    await form.waitForForm(page);
    expect(await form.text(page, 'Número de teléfono').inputValue()).toBe('(305) 555-0142');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a redirect URL to a foreign host returns to /board/index instead', async () => {
    const session = await mariaOnHerBoard();
    const { page, context, problems } = session;
    await page.goto(`/board/editProfile/${encodeURIComponent('https://attacker.example/demo-apps/benefits')}`);
    await form.waitForForm(page);
    await form.press(page, 'Cancelar');
    await waitForArrival(session, /\/board\/index$/);
    expect(new URL(page.url()).host).toBe(new URL(baseUrl).host);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a 200-field template in the real browser (public-and-profile §2, §5)', () => {
  it('renders every field and validates: the regex field on leaving it, the required ones on Continue', async () => {
    const large = await createLargeSignUpClient(baseUrl, 200);
    const { page, context, problems } = await openPage(browser(), baseUrl);
    await page.goto(`/SignUp/${large.portalAlias}/${encodeURIComponent('newcomer@example.test')}`);
    await form.waitForForm(page);
    const profile = form.step(page, 'Profile');
    // The e-mail plus the 200 fields, in display order.
    await expect.poll(() => profile.getByRole('textbox').count()).toBe(201);
    const captions = await profile
      .getByRole('textbox')
      .evaluateAll((inputs) =>
        inputs.map((input) => document.querySelector(`label[for="${input.id}"]`)?.textContent.replace('*', '') ?? ''),
      );
    expect(captions).toEqual(['Email address', ...large.fieldNames]);

    await form.fill(page, large.patterned.name, 'abc-12');
    expect(await form.messageOf(page, large.patterned.name)).toBe(large.patterned.message);
    // Nothing else speaks before it was left or a Continue asked.
    expect(await profile.locator('[aria-invalid="true"]').count()).toBe(1);

    await form.press(page, 'Continue');
    for (const name of large.mandatory) expect(await form.messageOf(page, name)).toBe('This field is required.');
    expect(await form.messageOf(page, large.patterned.name)).toBe(large.patterned.message);
    expect(await profile.locator('[aria-invalid="true"]').count()).toBe(large.mandatory.length + 1);
    expect(await profile.isVisible()).toBe(true);

    await form.fill(page, large.patterned.name, 'ABC-1234');
    expect(await form.messageOf(page, large.patterned.name)).toBe('');
    expect(problems).toEqual([]);
    await context.close();
  });
});
