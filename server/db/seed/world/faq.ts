import type { ClientPrefix, Texts } from './types';

interface DemoFaq {
  part: Texts;
  /** Question section code (the spec's A, B, PQ). */
  section: 'A' | 'B' | 'PQ';
  header: Texts;
  tags: string;
  /** The answer, as HTML. */
  text: Texts;
}

const signingIn: Texts = { 'en-us': 'Signing in', es: 'Inicio de sesión' };
const profile: Texts = { 'en-us': 'Your profile', es: 'Tu perfil' };

/** Questions every client's help page has. */
export const demoSharedFaq: readonly DemoFaq[] = [
  {
    part: signingIn,
    section: 'A',
    header: { 'en-us': 'I forgot my password. What do I do?', es: 'Olvidé mi contraseña. ¿Qué hago?' },
    tags: 'password,reset,code',
    // What Gatehouse really does (issue 29 §4): the sign-in form's "Reset via Email" mails a link that asks the
    // security question; the one-time-code page, linked under the form where the client allows it, mails a code.
    text: {
      'en-us':
        '<p>On the sign-in page choose <strong>Need help signing in?</strong>, then <strong>Forgot password?</strong>. Type your e-mail (agents: your agent id) and choose <strong>Reset via Email</strong>. We e-mail you a link: open it, answer your security question and choose a new password.</p>' +
        '<p>Or choose <strong>Reset your password with a code sent by e-mail</strong> under the sign-in form: we e-mail you a 6-digit code; enter it and choose a new password.</p>',
      es:
        '<p>En la página de inicio de sesión elige <strong>¿Necesitas ayuda para iniciar sesión?</strong> y luego <strong>¿Olvidaste la contraseña?</strong>. Escribe tu correo (si eres agente, tu identificador de agente) y elige <strong>Restablecer mediante correo electrónico</strong>. Te enviamos un enlace: ábrelo, responde tu pregunta de seguridad y elige una contraseña nueva.</p>' +
        '<p>O elige <strong>Restablece tu contraseña con un código enviado por correo</strong> debajo del formulario: te enviamos un código de 6 dígitos; escríbelo y elige una contraseña nueva.</p>',
    },
  },
  {
    part: signingIn,
    section: 'A',
    header: { 'en-us': 'Why is my account locked?', es: '¿Por qué está bloqueada mi cuenta?' },
    tags: 'locked,attempts',
    text: {
      'en-us':
        '<p>After 5 unsuccessful attempts, sign-in is paused for 30 minutes. Wait, or reset your password to get in at once.</p>',
      es: '<p>Tras 5 intentos fallidos, el inicio de sesión se detiene durante 30 minutos. Espera o restablece tu contraseña para entrar de inmediato.</p>',
    },
  },
  {
    part: profile,
    section: 'B',
    header: { 'en-us': 'How do I change my phone number or address?', es: '¿Cómo cambio mi teléfono o mi dirección?' },
    tags: 'profile,phone,address',
    text: {
      'en-us':
        '<p>Open the menu with your initials and choose <strong>Edit Profile</strong>. Save when you are done.</p>',
      es: '<p>Abre el menú con tus iniciales y elige <strong>Editar perfil</strong>. Guarda al terminar.</p>',
    },
  },
];

/** Each client's own part of the help page. */
export const demoClientFaq: Readonly<Record<ClientPrefix, readonly DemoFaq[]>> = {
  AUL: [
    {
      part: { 'en-us': 'Administration', es: 'Administración' },
      section: 'PQ',
      header: { 'en-us': 'How do I add a client organisation?', es: '¿Cómo agrego una organización cliente?' },
      tags: 'clients,admin',
      text: {
        'en-us':
          '<p>In <strong>Clients</strong>, choose <strong>Add client</strong>, save it once, then switch on its applications in the Applications tab.</p>',
        es: '<p>En <strong>Clientes</strong>, elige <strong>Agregar cliente</strong>, guárdalo una vez y activa sus aplicaciones en la pestaña Aplicaciones.</p>',
      },
    },
  ],
  ACME: [
    {
      part: { 'en-us': 'Benefits and claims', es: 'Beneficios y reclamaciones' },
      section: 'PQ',
      header: { 'en-us': 'When can I change my benefit elections?', es: '¿Cuándo puedo cambiar mis beneficios?' },
      tags: 'benefits,enrolment',
      text: {
        'en-us':
          '<p>During open enrolment each November, or within 30 days of a qualifying life event such as a birth or a move.</p>',
        es: '<p>Durante la inscripción abierta de cada noviembre, o dentro de los 30 días posteriores a un cambio de vida como un nacimiento o una mudanza.</p>',
      },
    },
    {
      part: { 'en-us': 'Benefits and claims', es: 'Beneficios y reclamaciones' },
      section: 'PQ',
      header: { 'en-us': 'How long does a claim take?', es: '¿Cuánto tarda una reclamación?' },
      tags: 'claims',
      text: {
        'en-us': '<p>Most claims are decided within 10 business days. Claims Portal shows the status of each one.</p>',
        es: '<p>La mayoría de las reclamaciones se resuelven en 10 días hábiles. El Portal de Reclamaciones muestra el estado de cada una.</p>',
      },
    },
  ],
  GLBX: [
    {
      part: { 'en-us': 'Pay', es: 'Nómina' },
      section: 'PQ',
      header: { 'en-us': 'Where do I find my pay stubs?', es: '¿Dónde encuentro mis recibos de nómina?' },
      tags: 'payroll,stubs',
      text: {
        'en-us':
          '<p>Sign in and you go straight to Payroll Online; pay stubs are under <strong>Documents</strong>.</p>',
        es: '<p>Al iniciar sesión vas directamente a Nómina en Línea; los recibos están en <strong>Documentos</strong>.</p>',
      },
    },
  ],
  AULUMB: [
    {
      part: { 'en-us': 'Agents', es: 'Agentes' },
      section: 'PQ',
      header: { 'en-us': 'How do agents sign in?', es: '¿Cómo inician sesión los agentes?' },
      tags: 'agents,login',
      text: {
        'en-us': '<p>Type your 5-digit agent id in the username box, then your password.</p>',
        es: '<p>Escribe tu identificador de agente de 5 dígitos en el campo de usuario y luego tu contraseña.</p>',
      },
    },
    {
      part: { 'en-us': 'Agents', es: 'Agentes' },
      section: 'PQ',
      header: {
        'en-us': 'Can I edit a member’s social security number?',
        es: '¿Puedo editar el número de seguro social de un afiliado?',
      },
      tags: 'agents,ssn',
      text: {
        'en-us': '<p>No. The number is locked for agents; the member or an administrator can change it.</p>',
        es: '<p>No. El número está bloqueado para los agentes; puede cambiarlo el afiliado o un administrador.</p>',
      },
    },
  ],
  INITECH: [
    {
      part: { 'en-us': 'Signing in', es: 'Inicio de sesión' },
      section: 'PQ',
      header: { 'en-us': 'Where do I change my password?', es: '¿Dónde cambio mi contraseña?' },
      tags: 'sso,password',
      text: {
        'en-us':
          '<p>You sign in with your Initech Workforce account, so your password, security question and answer are managed there, not here.</p>',
        es: '<p>Inicias sesión con tu cuenta de Initech Workforce, así que tu contraseña, pregunta y respuesta de seguridad se gestionan allí, no aquí.</p>',
      },
    },
  ],
};
