import type { Texts } from './types';

export interface DemoInput {
  key: string;
  title: Texts;
  placeHolder: Texts;
  validationMessage: Texts;
  type: string;
  isRequired: boolean;
  minValue?: number;
  maxValue?: number;
  validationRegex?: string;
  maskRegex?: string;
  iconClass?: string;
  iconOrientation?: 'left' | 'right';
}

/** Rules and texts of the fixed (non-template) inputs: the admin dialogs, the password reset and the e-mail control. */
export const demoInputs: readonly DemoInput[] = [
  {
    key: 'Application_Field_ApplicationName',
    type: 'text',
    isRequired: true,
    minValue: 3,
    maxValue: 100,
    title: { 'en-us': 'Application name', es: 'Nombre de la aplicación' },
    placeHolder: { 'en-us': 'Benefits Center', es: 'Centro de Beneficios' },
    validationMessage: {
      'en-us': 'Enter a name of 3 to 100 characters.',
      es: 'Escribe un nombre de 3 a 100 caracteres.',
    },
  },
  {
    key: 'Application_Field_ApplicationLink',
    type: 'url',
    isRequired: true,
    maxValue: 2000,
    validationRegex: '^(https?://|/)\\S+$',
    title: { 'en-us': 'Application link', es: 'Enlace de la aplicación' },
    placeHolder: {
      'en-us': 'https://benefits.example.com/?user={userName}',
      es: 'https://beneficios.example.com/?user={userName}',
    },
    validationMessage: {
      'en-us': 'Enter an address starting with https:// or /.',
      es: 'Escribe una dirección que empiece por https:// o /.',
    },
  },
  {
    key: 'Application_Field_Alias',
    type: 'text',
    isRequired: false,
    maxValue: 40,
    validationRegex: '^[a-z0-9-]+$',
    title: { 'en-us': 'Alias', es: 'Alias' },
    placeHolder: { 'en-us': 'benefits', es: 'beneficios' },
    validationMessage: {
      'en-us': 'Use lower-case letters, digits and dashes.',
      es: 'Usa letras minúsculas, dígitos y guiones.',
    },
  },
  {
    key: 'Application_Field_DefaultRoleValue',
    type: 'text',
    isRequired: true,
    maxValue: 60,
    title: { 'en-us': 'Default role', es: 'Rol predeterminado' },
    placeHolder: { 'en-us': 'Member', es: 'Afiliado' },
    validationMessage: {
      'en-us': 'Enter the role new users get.',
      es: 'Escribe el rol que reciben los usuarios nuevos.',
    },
  },
  {
    key: 'Application_Field_Region',
    type: 'select',
    isRequired: true,
    title: { 'en-us': 'Region', es: 'Región' },
    placeHolder: { 'en-us': 'Choose a region', es: 'Elige una región' },
    validationMessage: { 'en-us': 'Choose a region.', es: 'Elige una región.' },
  },
  {
    key: 'Application_Field_IconIdentifier',
    type: 'select',
    isRequired: true,
    title: { 'en-us': 'Icon', es: 'Icono' },
    placeHolder: { 'en-us': 'Choose an icon', es: 'Elige un icono' },
    validationMessage: { 'en-us': 'Choose an icon.', es: 'Elige un icono.' },
  },
  {
    key: 'ClientApplication_Field_RolesApiUrl',
    type: 'url',
    isRequired: false,
    maxValue: 2000,
    title: { 'en-us': 'Roles address', es: 'Dirección de roles' },
    placeHolder: {
      'en-us': 'https://benefits.example.com/roles?client={clientId}',
      es: 'https://beneficios.example.com/roles?client={clientId}',
    },
    validationMessage: { 'en-us': 'Enter a valid address.', es: 'Escribe una dirección válida.' },
  },
  {
    key: 'Instance_Field_Email',
    type: 'email',
    isRequired: true,
    maxValue: 254,
    iconClass: 'mail',
    iconOrientation: 'left',
    title: { 'en-us': 'E-mail', es: 'Correo electrónico' },
    placeHolder: { 'en-us': 'name@example.com', es: 'nombre@ejemplo.com' },
    validationMessage: { 'en-us': 'Enter a valid e-mail address.', es: 'Escribe un correo electrónico válido.' },
  },
  {
    key: 'ResetPassword_Field_Email',
    type: 'email',
    isRequired: true,
    maxValue: 254,
    title: { 'en-us': 'E-mail', es: 'Correo electrónico' },
    placeHolder: { 'en-us': 'The e-mail you sign in with', es: 'El correo con el que inicias sesión' },
    validationMessage: { 'en-us': 'Enter a valid e-mail address.', es: 'Escribe un correo electrónico válido.' },
  },
  {
    key: 'ResetPassword_Field_Code',
    type: 'text',
    isRequired: true,
    minValue: 6,
    maxValue: 6,
    validationRegex: '^\\d{6}$',
    title: { 'en-us': 'One-time code', es: 'Código de un solo uso' },
    placeHolder: { 'en-us': '6-digit code', es: 'Código de 6 dígitos' },
    validationMessage: { 'en-us': 'Enter the 6 digits we e-mailed you.', es: 'Escribe los 6 dígitos que te enviamos.' },
  },
  {
    key: 'Security_Field_Answer',
    type: 'masked',
    isRequired: true,
    minValue: 3,
    maxValue: 100,
    title: { 'en-us': 'Security answer', es: 'Respuesta de seguridad' },
    placeHolder: { 'en-us': 'Your answer', es: 'Tu respuesta' },
    validationMessage: { 'en-us': 'Enter at least 3 characters.', es: 'Escribe al menos 3 caracteres.' },
  },
];
