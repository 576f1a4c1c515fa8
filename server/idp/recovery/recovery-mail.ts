import type { IdpUser } from '../users/directory';

/** Okta's recovery tokens live one hour by default. */
export const RECOVERY_TOKEN_TTL_MS = 60 * 60_000;
/** Activation links live a week (Okta's default for activation e-mails). */
export const ACTIVATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60_000;

/** The SPA's route for the link (okta-compat A11): it starts the widget with this `recoveryToken`. */
export const resetPasswordUrl = (publicUrl: string, recoveryToken: string) =>
  `${publicUrl.replace(/\/$/, '')}/signin/reset-password/${encodeURIComponent(recoveryToken)}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function mail(user: IdpUser, subject: string, intro: string, link: string, outro: string) {
  const lines = [`Hello ${user.firstName || user.login},`, '', intro, '', link, '', outro];
  return {
    to: user.email,
    subject,
    text: lines.join('\n'),
    html: lines
      .map((line) => {
        if (line === link) return `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`;
        return line ? `<p>${escapeHtml(line)}</p>` : '';
      })
      .join(''),
  };
}

/** The recovery mail: plain words and the link; the HTML part carries the same text, escaped. */
export const recoveryMail = (user: IdpUser, link: string) =>
  mail(
    user,
    'Reset your password',
    'A password reset was requested for your account. To choose a new password, open this link within one hour:',
    link,
    'If you did not ask for this, you can ignore this message: your password stays as it is.',
  );

/** The activation mail of an account created without a password: the same link sets the first one. */
export const activationMail = (user: IdpUser, link: string) =>
  mail(
    user,
    'Activate your account',
    'An account was created for you. To choose your password and activate it, open this link within seven days:',
    link,
    'If you did not expect this, you can ignore this message.',
  );
