import type { Culture } from '@contracts/culture';
import type { MailMessage } from '../../mail/mailer';

/**
 * The invitation mail, in the invitee's culture. Server-side texts, as the activation mail's
 * (`../user-import/activation-mail.ts`): the SPA's Lingui catalogues do not reach the server.
 */
const texts = {
  'en-us': {
    subject: (client: string) => `You are invited to ${client}`,
    body: (client: string, link: string, days: number) => [
      'Hello,',
      '',
      `An administrator of ${client} invited you to create your account. Open this link within ${String(days)} days to sign up:`,
      '',
      link,
      '',
      'The link works once. If you did not expect this, you can ignore this mail.',
    ],
  },
  es: {
    subject: (client: string) => `Te invitan a ${client}`,
    body: (client: string, link: string, days: number) => [
      'Hola:',
      '',
      `Un administrador de ${client} te invitó a crear tu cuenta. Abre este enlace en los próximos ${String(days)} días para registrarte:`,
      '',
      link,
      '',
      'El enlace sirve una sola vez. Si no esperabas este correo, puedes ignorarlo.',
    ],
  },
} satisfies Record<Culture, unknown>;

export interface InvitationMailFor {
  to: string;
  culture: Culture;
  client: string;
  link: string;
  days: number;
}

export const invitationMail = ({ to, culture, client, link, days }: InvitationMailFor): MailMessage => ({
  to,
  subject: texts[culture].subject(client),
  text: texts[culture].body(client, link, days).join('\n'),
});

/** The link the mail carries (docs/links.md "Invitations"): the client's sign-up page with the token and culture. */
export const invitationLink = (publicUrl: string, clientId: string, token: string, culture: Culture): string =>
  `${publicUrl}/SignUp/${clientId}?${new URLSearchParams({ st: token, culture }).toString()}`;
