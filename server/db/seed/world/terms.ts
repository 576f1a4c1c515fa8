import type { ClientPrefix, Texts } from './types';

/**
 * Published terms of use and privacy notices (issue 34 item 2; docs/demo-world.md "Terms"): Acme Health has version 1
 * in both cultures, so its sign-up asks for acceptance; the demo people of those clients accepted it when the world was
 * made, so their sign-in goes straight on. The other clients have none.
 */
export const demoTerms: Partial<Record<ClientPrefix, { terms: Texts; privacy: Texts }>> = {
  ACME: {
    terms: {
      'en-us':
        '<h2>Acme Health terms of use</h2><p>This member site is for Acme Health members and their administrators. ' +
        'Keep your password to yourself and tell member services at 1-800-555-0100 if you think someone else used it.</p>',
      es:
        '<h2>Condiciones de uso de Acme Health</h2><p>Este sitio es para afiliados de Acme Health y sus administradores. ' +
        'No compartas tu contraseña y avisa a servicios al afiliado al 1-800-555-0100 si crees que otra persona la usó.</p>',
    },
    privacy: {
      'en-us':
        '<h2>Privacy notice</h2><p>Acme Health keeps the details you give here to run your benefits and claims. ' +
        'It never sells them. You can download your data from your profile at any time.</p>',
      es:
        '<h2>Aviso de privacidad</h2><p>Acme Health guarda los datos que das aquí para gestionar tus beneficios y ' +
        'reclamaciones. Nunca los vende. Puedes descargar tus datos desde tu perfil cuando quieras.</p>',
    },
  },
};
