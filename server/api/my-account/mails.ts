import type { Culture } from '@contracts/culture';
import type { MailMessage } from '../../mail/mailer';

/** The closing notice, in the person's culture (server-side texts, as the password reset's mails). */
const texts = {
  'en-us': {
    subject: (client: string) => `Your ${client} account was closed`,
    body: (client: string) => [
      `Your ${client} account has been closed and every session of it signed out.`,
      '',
      'Your profile, your sign-in factors and your tokens were removed; nothing of yours is kept.',
      '',
      'If you did not ask for this, contact your administrator.',
    ],
  },
  es: {
    subject: (client: string) => `Se cerró tu cuenta de ${client}`,
    body: (client: string) => [
      `Tu cuenta de ${client} se cerró y todas sus sesiones se finalizaron.`,
      '',
      'Se eliminaron tu perfil, tus factores de inicio de sesión y tus tokens; no se conserva nada tuyo.',
      '',
      'Si no lo pediste tú, contacta con tu administrador.',
    ],
  },
} satisfies Record<Culture, unknown>;

export const accountClosedMail = (to: string, culture: Culture, client: string): MailMessage => ({
  to,
  subject: texts[culture].subject(client),
  text: texts[culture].body(client).join('\n'),
});

/** The code for a change of e-mail, mailed to the new address (issue 34 item 5). */
const changeTexts = {
  'en-us': {
    codeSubject: (client: string) => `Your code to change your ${client} e-mail`,
    codeBody: (client: string, code: string) => [
      `Someone asked to use this address for their ${client} account. If it was you, enter this code:`,
      '',
      code,
      '',
      'It can be used once within 15 minutes. If it was not you, ignore this mail: nothing changes.',
    ],
    noticeSubject: (client: string) => `The e-mail of your ${client} account was changed`,
    noticeBody: (client: string, to: string) => [
      `The e-mail of your ${client} account is now ${to}; this address no longer signs in.`,
      '',
      'If you did not ask for this, contact your administrator at once.',
    ],
  },
  es: {
    codeSubject: (client: string) => `Tu código para cambiar tu correo de ${client}`,
    codeBody: (client: string, code: string) => [
      `Alguien pidió usar esta dirección para su cuenta de ${client}. Si fuiste tú, escribe este código:`,
      '',
      code,
      '',
      'Sirve una sola vez durante 15 minutos. Si no fuiste tú, ignora este correo: no cambia nada.',
    ],
    noticeSubject: (client: string) => `Se cambió el correo de tu cuenta de ${client}`,
    noticeBody: (client: string, to: string) => [
      `El correo de tu cuenta de ${client} ahora es ${to}; esta dirección ya no sirve para iniciar sesión.`,
      '',
      'Si no lo pediste tú, contacta con tu administrador cuanto antes.',
    ],
  },
} satisfies Record<Culture, unknown>;

export const emailChangeCodeMail = (to: string, culture: Culture, client: string, code: string): MailMessage => ({
  to,
  subject: changeTexts[culture].codeSubject(client),
  text: changeTexts[culture].codeBody(client, code).join('\n'),
});

/** The notice to the old address once the change is confirmed. */
export const emailChangedMail = (to: string, culture: Culture, client: string, newEmail: string): MailMessage => ({
  to,
  subject: changeTexts[culture].noticeSubject(client),
  text: changeTexts[culture].noticeBody(client, newEmail).join('\n'),
});
