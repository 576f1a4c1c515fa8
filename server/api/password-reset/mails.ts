import type { Culture } from '@contracts/culture';
import type { MailMessage } from '../../mail/mailer';

/**
 * The reset's two mails, in the person's culture (the profile's, else the one the page was in). Server-side texts:
 * the SPA's Lingui catalogues do not reach the server, and two short mails do not justify a second catalogue format.
 */
const texts = {
  'en-us': {
    codeSubject: (client: string) => `Your ${client} password reset code`,
    codeBody: (code: string) => [
      `Your one-time code is ${code}.`,
      '',
      'Enter it on the password reset page within 10 minutes. It works once; a new request replaces it.',
      '',
      'If you did not ask to reset your password, ignore this mail: your password stays as it is.',
    ],
    changedSubject: (client: string) => `Your ${client} password was changed`,
    changedBody: (loginUrl: string) => [
      'The password of your account was changed with a one-time code, and every session was signed out.',
      '',
      `Sign in with the new password at ${loginUrl}.`,
      '',
      'If it was not you, reset your password again at once and tell your administrator.',
    ],
    ssoSubject: (client: string) => `Your ${client} password is not managed here`,
    ssoBody: [
      'A password reset was asked for your account. You sign in with your organisation’s single sign-on, so your',
      'password, security question and answer are managed there, not here: no code was sent.',
      '',
      'To change your password, use your organisation’s own sign-in service or ask its help desk.',
    ],
  },
  es: {
    codeSubject: (client: string) => `Tu código para restablecer la contraseña de ${client}`,
    codeBody: (code: string) => [
      `Tu código de un solo uso es ${code}.`,
      '',
      'Escríbelo en la página de restablecimiento en los próximos 10 minutos. Sirve una vez; una nueva solicitud lo reemplaza.',
      '',
      'Si no pediste restablecer tu contraseña, ignora este correo: tu contraseña no cambia.',
    ],
    changedSubject: (client: string) => `Se cambió tu contraseña de ${client}`,
    changedBody: (loginUrl: string) => [
      'La contraseña de tu cuenta se cambió con un código de un solo uso y se cerraron todas tus sesiones.',
      '',
      `Inicia sesión con la nueva contraseña en ${loginUrl}.`,
      '',
      'Si no fuiste tú, restablece tu contraseña de inmediato y avisa a tu administrador.',
    ],
    ssoSubject: (client: string) => `Tu contraseña de ${client} no se gestiona aquí`,
    ssoBody: [
      'Se pidió restablecer la contraseña de tu cuenta. Inicias sesión con el inicio de sesión único de tu organización,',
      'así que tu contraseña, tu pregunta y tu respuesta de seguridad se gestionan allí, no aquí: no se envió ningún código.',
      '',
      'Para cambiar tu contraseña, usa el servicio de inicio de sesión de tu organización o pide ayuda a su soporte.',
    ],
  },
} satisfies Record<Culture, unknown>;

export const codeMail = (to: string, culture: Culture, client: string, code: string): MailMessage => ({
  to,
  subject: texts[culture].codeSubject(client),
  text: texts[culture].codeBody(code).join('\n'),
});

export const passwordChangedMail = (to: string, culture: Culture, client: string, loginUrl: string): MailMessage => ({
  to,
  subject: texts[culture].changedSubject(client),
  text: texts[culture].changedBody(loginUrl).join('\n'),
});

/** Instead of a code, to a single-sign-on person (spec public-and-profile §5): their password is not Gatehouse's. */
export const singleSignOnMail = (to: string, culture: Culture, client: string): MailMessage => ({
  to,
  subject: texts[culture].ssoSubject(client),
  text: texts[culture].ssoBody.join('\n'),
});
