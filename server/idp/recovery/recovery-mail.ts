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

/**
 * Instead of a recovery link, to a single-sign-on person (spec public-and-profile §5): their password is managed by
 * their organisation's sign-in, in their locale (English or Spanish, like the portal's mails).
 */
export function singleSignOnRecoveryMail(user: IdpUser) {
  const spanish = user.locale.toLowerCase().startsWith('es');
  const lines = spanish
    ? [
        `Hola, ${user.firstName || user.login}:`,
        '',
        'Se pidió restablecer la contraseña de tu cuenta. Inicias sesión con el inicio de sesión único de tu organización,',
        'así que tu contraseña, tu pregunta y tu respuesta de seguridad se gestionan allí, no aquí: no se envió ningún enlace.',
        '',
        'Para cambiar tu contraseña, usa el servicio de inicio de sesión de tu organización o pide ayuda a su soporte.',
      ]
    : [
        `Hello ${user.firstName || user.login},`,
        '',
        'A password reset was asked for your account. You sign in with your organisation’s single sign-on, so your',
        'password, security question and answer are managed there, not here: no link was sent.',
        '',
        'To change your password, use your organisation’s own sign-in service or ask its help desk.',
      ];
  return {
    to: user.email,
    subject: spanish ? 'Tu contraseña no se gestiona aquí' : 'Your password is not managed here',
    text: lines.join('\n'),
    html: lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join(''),
  };
}
