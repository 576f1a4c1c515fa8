import type { Culture } from '@contracts/culture';
import type { MailMessage } from '../../mail/mailer';

/**
 * The activation mail of an imported person, in their culture: the identity provider's activation link (it opens the
 * widget's set-a-password step and lives seven days). Server-side texts, as the password reset's mails
 * (`../password-reset/mails.ts`): the SPA's Lingui catalogues do not reach the server.
 */
const texts = {
  'en-us': {
    subject: (client: string) => `Activate your ${client} account`,
    body: (name: string, client: string, link: string) => [
      `Hello ${name},`,
      '',
      `An administrator of ${client} created an account for you. To choose your password and activate it, open this link within seven days:`,
      '',
      link,
      '',
      'If you did not expect this, you can ignore this mail.',
    ],
  },
  es: {
    subject: (client: string) => `Activa tu cuenta de ${client}`,
    body: (name: string, client: string, link: string) => [
      `Hola ${name}:`,
      '',
      `Un administrador de ${client} te creó una cuenta. Para elegir tu contraseña y activarla, abre este enlace en los próximos siete días:`,
      '',
      link,
      '',
      'Si no esperabas este correo, puedes ignorarlo.',
    ],
  },
} satisfies Record<Culture, unknown>;

export interface ActivationMailFor {
  to: string;
  firstName: string;
  culture: Culture;
  client: string;
  link: string;
}

export const activationMail = ({ to, firstName, culture, client, link }: ActivationMailFor): MailMessage => ({
  to,
  subject: texts[culture].subject(client),
  text: texts[culture].body(firstName || to, client, link).join('\n'),
});
