import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { CaptchaConfig } from '@contracts/instance';
import type { PublicConfig } from '@contracts/public-config';
import { catalogueText } from './catalogue-text';
import { signQuestions, strongPassword } from './profile-fixtures';

/*
 * What the walks of the public pages (sign-up, password reset) share: the English catalogue, the config/public answer
 * with reCAPTCHA (answered by the stand-in in fake-recaptcha.ts), and a server that does not answer.
 */

export const en = (id: string) => catalogueText('en-us', id);
export const recaptcha: CaptchaConfig = { provider: 'recaptcha', siteKey: 'site-key-for-tests' };
export const publicConfig: PublicConfig = {
  issuer: 'https://portal.gatehouse.test/oauth2/default',
  clientId: 'gatehouse-spa',
  redirectUri: 'https://portal.gatehouse.test/login/callback',
  scopes: ['openid', 'profile', 'email'],
  captcha: recaptcha,
};
export const offline = new Error('The server is not answering');

/** A public page preparing: its title shows at once, and its first call (config/public) waits for the walk's answer. */
export async function expectPreparing(titleId: string, firstCall: { waiting(): number }) {
  expect(await screen.findByRole('heading', { name: en(titleId) })).toBeInTheDocument();
  await waitFor(() => {
    expect(firstCall.waiting()).toBe(1);
  });
}

/** Closes whatever the notifications opened over the page (the error modal of a reported failure), as a person would. */
export async function dismissModal({ user }: { user: UserEvent }) {
  const modal = screen.queryByRole('alertdialog') ?? screen.queryByRole('dialog');
  if (modal === null) return;
  // The modal's own button is its last one (after the error details' toggle).
  const close = within(modal).getAllByRole('button').at(-1);
  if (close) await user.click(close);
  await waitFor(() => {
    expect(screen.queryByRole('alertdialog') ?? screen.queryByRole('dialog')).toBeNull();
  });
}

/** Fills a sign-up's Security step as a newcomer does: a strong password twice, the first question, an answer. */
export async function fillSecurityStep(user: UserEvent) {
  await user.type(await screen.findByLabelText(/^Password/), strongPassword);
  await user.type(screen.getByLabelText(/^Confirm password/), strongPassword);
  await user.selectOptions(
    screen.getByRole('combobox', { name: /^Security question/ }),
    signQuestions[0]?.question ?? '',
  );
  await user.type(screen.getByRole('textbox', { name: /^Security answer/ }), 'Guadalajara');
}
