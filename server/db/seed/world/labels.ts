import type { ClientPrefix, Texts } from './types';

export interface DemoLabel {
  key: string;
  texts: Texts;
  isHtml?: boolean;
}

/*
 * Label values use the spec's `{{name}}` placeholders. The SPA's built-in catalogues (en-us and es) already carry a
 * default for every key, so the demo world seeds no global copies of them: a global row in one culture only would
 * hide the other culture's catalogue text, and a global Login_Text_ClientErrorMessage would switch on a message the
 * spec makes opt-in per client. The rows below are per-client overrides that show the mechanism. Spanish uses "tú",
 * as the catalogues do.
 */

/** Global labels (no client): none beyond the built-in catalogues; an operator's rewording goes here. */
export const demoGlobalLabels: readonly DemoLabel[] = [];

/** Per-client overrides of global labels. */
export const demoClientLabels: Readonly<Record<ClientPrefix, readonly DemoLabel[]>> = {
  AUL: [{ key: 'Login_Text_Title', texts: { 'en-us': 'Gatehouse administration', es: 'Administración de Gatehouse' } }],
  ACME: [
    { key: 'Login_Text_Title', texts: { 'en-us': 'Sign in to Acme Health', es: 'Inicia sesión en Acme Health' } },
    {
      key: 'Login_Text_ApplicationError',
      texts: {
        'en-us': 'Acme Health does not offer {{applicationName}}. Member services can help: 1-800-555-0100.',
        es: 'Acme Health no ofrece {{applicationName}}. Servicios al afiliado puede ayudarte: 1-800-555-0100.',
      },
    },
    {
      key: 'Faq_Text_Subtitle',
      texts: {
        'en-us': 'Questions about your Acme Health benefits, claims and wellness programme.',
        es: 'Preguntas sobre tus beneficios, reclamaciones y programa de bienestar de Acme Health.',
      },
    },
  ],
  GLBX: [{ key: 'Login_Text_Title', texts: { 'en-us': 'Globex Retail payroll', es: 'Nómina de Globex Retail' } }],
  AULUMB: [
    { key: 'Login_Text_Title', texts: { 'en-us': 'Umbrella Agents portal', es: 'Portal de agentes de Umbrella' } },
    {
      key: 'Login_Text_LoginRequired',
      texts: {
        'en-us': 'Agents sign in with their 5-digit agent id; members with their e-mail address.',
        es: 'Los agentes inician sesión con su identificador de 5 dígitos; los afiliados, con su correo electrónico.',
      },
    },
  ],
  INITECH: [
    { key: 'Login_Text_Title', texts: { 'en-us': 'Initech staff portal', es: 'Portal del personal de Initech' } },
  ],
};
