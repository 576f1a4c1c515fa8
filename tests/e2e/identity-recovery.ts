import type { Locator, Page } from 'playwright-core';

const widget = (page: Page) => page.locator('#okta-sign-in-widget');

/** The submit button of the form a field is in: while the widget slides one step out and the next in, both show. */
const submitOf = (field: Locator) => field.locator('xpath=ancestor::form').locator('input[type="submit"]');

/** Page helpers for the widget's forgot-password and reset steps, by the widget's own field names and classes. */
export const recoveryPages = {
  /** "Need help signing in?" → "Forgot password?" → the name → "Reset via Email". */
  async askForResetMail(page: Page, typed: string) {
    await widget(page).locator('a.js-help').click();
    await widget(page).locator('a.js-forgot-password').click();
    await widget(page).locator('.forgot-password input[name="username"]').fill(typed);
    await widget(page).locator('.forgot-password .email-button').click();
  },
  async answerRecoveryQuestion(page: Page, answer: string) {
    const field = widget(page).locator('input[name="answer"]');
    await field.waitFor({ timeout: 20_000 });
    await field.fill(answer);
    await submitOf(field).click();
  },
  /**
   * Sets the new password and resolves with the status of the identity provider's answer to it. The widget can render
   * the reset form a second time just after it appears, which empties what was typed (seen under load: the form then
   * says "New passwords must match" and sends nothing); like a person, the helper types again when the form says so.
   */
  async setNewPassword(page: Page, password: string): Promise<number> {
    const field = widget(page).locator('input[name="newPassword"]');
    await field.waitFor({ timeout: 20_000 });
    const refused = widget(page).locator('.password-reset .o-form-input-error');
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await field.fill(password);
      await widget(page).locator('input[name="confirmPassword"]').fill(password);
      const answered = page
        .waitForResponse(
          (response) =>
            response.request().method() === 'POST' &&
            new URL(response.url()).pathname === '/api/v1/authn/credentials/reset_password',
          { timeout: 10_000 },
        )
        .catch(() => null);
      await submitOf(field).click();
      const response = await answered;
      if (response) return response.status();
      if ((await refused.count()) === 0) throw new Error('the reset form neither sent the password nor said why');
    }
    throw new Error(`the reset form refused the password 3 times: ${await refused.first().innerText()}`);
  },
};
