import type { Locator, Page } from 'playwright-core';

/** ALTCHA's proof of work runs in the browser's workers: seconds on a busy two-core machine. */
const SOLVE_TIMEOUT = 45_000;

/**
 * Page helpers for the profile form (sign-up, Edit Profile), by role and label. A field is found by its caption; the
 * e-mail by role too, because Acme's preferred-contact radio group has an option with the same caption.
 */
/** The sign-up's acceptance of the client's published terms, in Spanish (SignUp_Checkbox_AcceptTerms). */
export const ACCEPT_TERMS = 'He leído y acepto las condiciones de uso y el aviso de privacidad';

export const profilePages = {
  /** The form on screen (its data has arrived), not the spinner in its place. */
  async waitForForm(page: Page) {
    await page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 20_000 });
  },

  /**
   * What holds the keyboard focus, as `h2: text` for a heading (a step's heading after Continue, Send code or Verify
   * code: issue 29 §6), else the element's tag (`body` when the focus fell back to the page).
   */
  async focused(page: Page): Promise<string> {
    return page.evaluate(() => {
      const active = document.activeElement;
      if (active === null) return 'none';
      const tag = active.tagName.toLowerCase();
      return /^h[1-6]$/.test(tag) ? `${tag}: ${active.textContent.trim()}` : tag;
    });
  },

  /** The step on screen: the region named by its title (Perfil, Seguridad …). */
  step(page: Page, title: string): Locator {
    return page.getByRole('region', { name: title });
  },

  email(page: Page, caption: string): Locator {
    return page.getByRole('textbox', { name: caption, exact: true });
  },

  text(page: Page, caption: string): Locator {
    return page.getByRole('textbox', { name: caption, exact: true });
  },

  /** Types into a text field as a person does (key by key, so masks and formatting run), then leaves it. */
  async type(page: Page, caption: string, value: string) {
    const input = profilePages.text(page, caption);
    await input.fill('');
    await input.pressSequentially(value);
    await input.blur();
  },

  /** Replaces a text field's value in one go, then leaves it. */
  async fill(page: Page, caption: string, value: string) {
    const input = profilePages.text(page, caption);
    await input.fill(value);
    await input.blur();
  },

  async choose(page: Page, caption: string, optionLabel: string) {
    await page.getByRole('combobox', { name: caption, exact: true }).selectOption({ label: optionLabel });
  },

  async tick(page: Page, caption: string) {
    // Chakra draws its own box over the hidden input: a click on the box's label is what a person does.
    const box = page.getByRole('checkbox', { name: caption, exact: true });
    await page.locator('label', { has: box }).click();
    if (!(await box.isChecked())) throw new Error(`${caption} did not get ticked`);
  },

  async press(page: Page, button: string) {
    await page.getByRole('button', { name: button, exact: true }).click();
  },

  /**
   * Fills the demo world's sign-up Profile step in Spanish (Acme's and Umbrella's fields, docs/demo-world.md) with a
   * valid address block, phone and social security number; the names and the employee number are the caller's.
   */
  async fillDemoProfileInSpanish(page: Page, person: { firstName: string; lastName: string }) {
    await profilePages.fill(page, 'Nombre', person.firstName);
    await profilePages.fill(page, 'Apellidos', person.lastName);
    await profilePages.type(page, 'Número de seguro social', '123456789');
    await profilePages.type(page, 'Número de teléfono', '(305) 555-0100');
    await profilePages.fill(page, 'Dirección (línea 1)', '1 Ocean Drive');
    await profilePages.fill(page, 'Ciudad', 'Miami');
    await profilePages.choose(page, 'Estado', 'Florida');
    await profilePages.type(page, 'Código postal', '33139');
  },

  /** The sign-up Security step in Spanish: the demo world's first question, an answer, the password twice. */
  async fillSecurityInSpanish(page: Page, password: string) {
    await profilePages.choose(page, 'Pregunta de seguridad', '¿Cómo se llamaba tu primera mascota?');
    await profilePages.fill(page, 'Respuesta de seguridad', 'Rocky');
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByLabel('Confirmar contraseña', { exact: true }).fill(password);
  },

  /** The message shown under a field (its first failure): the text the input names as its error message. */
  async messageOf(page: Page, caption: string, role: 'textbox' | 'combobox' | 'checkbox' = 'textbox') {
    const input = page.getByRole(role, { name: caption, exact: true });
    return input.evaluate((element) => {
      if (element.getAttribute('aria-invalid') !== 'true') return '';
      const ids = (element.getAttribute('aria-errormessage') ?? '').split(/\s+/).filter(Boolean);
      return ids
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim();
    });
  },

  /**
   * The strength meter under a new password (src/ui/form/PasswordStrength.tsx, a chunk of its own: it appears once
   * loaded), named in Spanish: its `aria-valuetext` is the level, its text the level and why.
   */
  passwordMeter(page: Page): Locator {
    return page.getByRole('meter', { name: 'Seguridad de la nueva contraseña', exact: true });
  },

  /** Whether a field's input is marked invalid (its message shows). */
  async isInvalid(page: Page, caption: string, role: 'textbox' | 'combobox' | 'checkbox' = 'textbox') {
    return (await page.getByRole(role, { name: caption, exact: true }).getAttribute('aria-invalid')) === 'true';
  },

  /**
   * Ticks the ALTCHA box and waits until the widget says it verified (the Register button turns on with the token).
   * The widget draws its own box over the input: a click on its label is what a person does.
   */
  async solveCaptcha(page: Page, verifiedText: string) {
    await page.locator('altcha-widget label').click();
    await page.getByText(verifiedText, { exact: true }).waitFor({ timeout: SOLVE_TIMEOUT });
  },

  /** The number of inputs a person can type into or choose in the step on screen. */
  countInputs(step: Locator): Promise<number> {
    return step.locator('input, select, textarea').count();
  },
};
