import type { FieldDataType, FieldMetaTag } from '@contracts/field-kinds';
import type { FieldInputType } from '@contracts/profile-form';
import { fieldMessageKey } from '@contracts/forms/rules';
import type { Texts } from './types';

interface DemoSubField {
  /** Stored value. */
  value: string;
  caption: Texts;
}

export interface DemoField {
  dictionaryName: string;
  dataType: FieldDataType;
  dataLength?: number;
  metaTag?: FieldMetaTag;
  /** What the field is for (admin grid); English, as the spec's single FieldDescription. */
  description: string;
  /** Caption on the form, in both cultures (labels `FormField_Name_{dictionaryName}`). */
  caption: Texts;
  /** Validation message in both cultures (the field keeps the English one; labels `FormField_Message_{name}`). */
  message?: Texts;
  defaultValue?: string;
  /** The definition's CssField: the input type the profile form shows the field with (none: text). */
  cssField?: FieldInputType;
  maskRegex?: string;
  validationRegex?: string;
  prefix?: string;
  sufix?: string;
  subFields?: readonly DemoSubField[];
}

/**
 * Label keys of a template field's texts (component `FormField`): its caption, its validation message and the
 * caption of each option, in every culture. The field row itself keeps the English texts, as the spec's entity.
 */
export const formFieldLabelKey = {
  name: (dictionaryName: string) => `FormField_Name_${dictionaryName}`,
  message: fieldMessageKey,
  option: (dictionaryName: string, value: string) => `FormField_Option_${dictionaryName}_${value}`,
};

const states: readonly DemoSubField[] = [
  { value: 'CA', caption: { 'en-us': 'California', es: 'California' } },
  { value: 'FL', caption: { 'en-us': 'Florida', es: 'Florida' } },
  { value: 'IL', caption: { 'en-us': 'Illinois', es: 'Illinois' } },
  { value: 'MA', caption: { 'en-us': 'Massachusetts', es: 'Massachusetts' } },
  { value: 'NY', caption: { 'en-us': 'New York', es: 'Nueva York' } },
  { value: 'TX', caption: { 'en-us': 'Texas', es: 'Texas' } },
  { value: 'WA', caption: { 'en-us': 'Washington', es: 'Washington' } },
];

/** Profile fields: every data type and meta tag of the spec (demo-world.md "Fields and templates"). */
export const demoFields: readonly DemoField[] = [
  {
    dictionaryName: 'ContactDetailsHeading',
    dataType: 'LABEL',
    description: 'Section heading above the contact details',
    caption: { 'en-us': 'Contact details', es: 'Datos de contacto' },
  },
  {
    dictionaryName: 'FirstName',
    dataType: 'NVARCHAR',
    dataLength: 50,
    metaTag: 'FirstName',
    description: 'Given name',
    caption: { 'en-us': 'First name', es: 'Nombre' },
  },
  {
    dictionaryName: 'LastName',
    dataType: 'NVARCHAR',
    dataLength: 50,
    metaTag: 'LastName',
    description: 'Family name',
    caption: { 'en-us': 'Last name', es: 'Apellidos' },
  },
  {
    dictionaryName: 'PhoneNumber',
    dataType: 'NVARCHAR',
    dataLength: 14,
    description: 'Daytime phone number',
    caption: { 'en-us': 'Phone number', es: 'Número de teléfono' },
    cssField: 'tel',
    message: {
      'en-us': 'Enter a phone number such as (512) 555-0142.',
      es: 'Escribe un teléfono como (512) 555-0142.',
    },
    maskRegex: '(000) 000-0000',
    validationRegex: '^\\(\\d{3}\\) \\d{3}-\\d{4}$',
  },
  {
    dictionaryName: 'SocialSecurityNumber',
    dataType: 'NVARCHAR',
    dataLength: 9,
    description: 'Social security number (9 digits, shown masked)',
    caption: { 'en-us': 'Social security number', es: 'Número de seguro social' },
    cssField: 'ssn',
    message: {
      'en-us': 'Enter the 9 digits of the social security number.',
      es: 'Escribe los 9 dígitos del número de seguro social.',
    },
    maskRegex: '000-00-0000',
    validationRegex: '^\\d{9}$',
  },
  {
    dictionaryName: 'AddressLine1',
    dataType: 'NVARCHAR',
    dataLength: 100,
    metaTag: 'GoogleAddress',
    description: 'Street address',
    caption: { 'en-us': 'Address line 1', es: 'Dirección (línea 1)' },
  },
  {
    dictionaryName: 'AddressLine2',
    dataType: 'NVARCHAR',
    dataLength: 100,
    metaTag: 'GoogleAddress2',
    description: 'Apartment, suite or unit',
    caption: { 'en-us': 'Address line 2', es: 'Dirección (línea 2)' },
  },
  {
    dictionaryName: 'City',
    dataType: 'NVARCHAR',
    dataLength: 60,
    metaTag: 'GoogleCity',
    description: 'City',
    caption: { 'en-us': 'City', es: 'Ciudad' },
  },
  {
    dictionaryName: 'State',
    dataType: 'SELECT',
    metaTag: 'GoogleState',
    description: 'State of residence',
    caption: { 'en-us': 'State', es: 'Estado' },
    subFields: states,
  },
  {
    dictionaryName: 'ZipCode',
    dataType: 'NVARCHAR',
    dataLength: 10,
    metaTag: 'GoogleZipCode',
    description: 'ZIP code',
    caption: { 'en-us': 'ZIP code', es: 'Código postal' },
    message: { 'en-us': 'Enter a 5-digit ZIP code, or ZIP+4.', es: 'Escribe un código postal de 5 dígitos o ZIP+4.' },
    validationRegex: '^\\d{5}(-\\d{4})?$',
  },
  {
    dictionaryName: 'PreferredContact',
    dataType: 'RADIO BUTTON GROUP',
    description: 'How the person prefers to be contacted',
    caption: { 'en-us': 'Preferred contact method', es: 'Forma de contacto preferida' },
    defaultValue: 'EMAIL',
    subFields: [
      { value: 'EMAIL', caption: { 'en-us': 'E-mail', es: 'Correo electrónico' } },
      { value: 'PHONE', caption: { 'en-us': 'Phone', es: 'Teléfono' } },
      { value: 'MAIL', caption: { 'en-us': 'Postal mail', es: 'Correo postal' } },
    ],
  },
  {
    dictionaryName: 'Newsletter',
    dataType: 'BOOLEAN',
    description: 'Receives the monthly newsletter',
    caption: { 'en-us': 'Send me the monthly newsletter', es: 'Enviarme el boletín mensual' },
    defaultValue: 'false',
  },
  {
    dictionaryName: 'EmployeeNumber',
    dataType: 'NVARCHAR',
    dataLength: 8,
    description: 'Employee number issued by the employer',
    caption: { 'en-us': 'Employee number', es: 'Número de empleado' },
    message: {
      'en-us': 'Use two capital letters and six digits, for example AC123456.',
      es: 'Usa dos letras mayúsculas y seis dígitos, por ejemplo AC123456.',
    },
    validationRegex: '^[A-Z]{2}\\d{6}$',
  },
  {
    dictionaryName: 'AccountManager',
    dataType: 'NVARCHAR',
    dataLength: 100,
    description: 'The provider’s account manager of the person (administrators only)',
    caption: { 'en-us': 'Account manager', es: 'Gestor de la cuenta' },
  },
  {
    dictionaryName: 'AcceptTerms',
    dataType: 'CHECKBOX',
    description: 'Accepted the terms of use',
    caption: { 'en-us': 'I accept the terms of use', es: 'Acepto las condiciones de uso' },
    message: { 'en-us': 'You must accept the terms of use.', es: 'Debes aceptar las condiciones de uso.' },
  },
];
