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
  async setNewPassword(page: Page, password: string) {
    const field = widget(page).locator('input[name="newPassword"]');
    await field.waitFor({ timeout: 20_000 });
    await field.fill(password);
    await widget(page).locator('input[name="confirmPassword"]').fill(password);
    await submitOf(field).click();
  },
};
