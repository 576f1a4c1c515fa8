import type { Culture } from '@contracts/culture';
import type { MailMessage } from '../../mail/mailer';

/** The decision on an access request, in the person's culture (server-side texts, as the other notices). */
const texts = {
  'en-us': {
    approvedSubject: (app: string) => `Your access to ${app} was approved`,
    approved: (app: string, role: string) => [
      `Your request for ${app} was approved, with the role ${role}.`,
      '',
      'The application is yours on your board the next time you open it.',
    ],
    declinedSubject: (app: string) => `Your request for ${app} was declined`,
    declined: (app: string, reason: string) => [
      `Your request for ${app} was declined.`,
      ...(reason === '' ? [] : ['', `Reason: ${reason}`]),
      '',
      'You may ask your administrator if you have questions.',
    ],
  },
  es: {
    approvedSubject: (app: string) => `Se aprobó tu acceso a ${app}`,
    approved: (app: string, role: string) => [
      `Se aprobó tu solicitud de ${app}, con el rol ${role}.`,
      '',
      'La aplicación será tuya en tu tablero la próxima vez que lo abras.',
    ],
    declinedSubject: (app: string) => `Se rechazó tu solicitud de ${app}`,
    declined: (app: string, reason: string) => [
      `Se rechazó tu solicitud de ${app}.`,
      ...(reason === '' ? [] : ['', `Motivo: ${reason}`]),
      '',
      'Si tienes preguntas, consulta con tu administrador.',
    ],
  },
} satisfies Record<Culture, unknown>;

export const accessApprovedMail = (to: string, culture: Culture, app: string, role: string): MailMessage => ({
  to,
  subject: texts[culture].approvedSubject(app),
  text: texts[culture].approved(app, role).join('\n'),
});

export const accessDeclinedMail = (to: string, culture: Culture, app: string, reason: string): MailMessage => ({
  to,
  subject: texts[culture].declinedSubject(app),
  text: texts[culture].declined(app, reason).join('\n'),
});
