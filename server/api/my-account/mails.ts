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
