import type { FormField } from '@contracts/profile-form';

/** A profile form field as the server answers it: an optional, editable text field unless `overrides` say otherwise. */
export const profileField = (overrides: Partial<FormField> = {}): FormField => ({
  fieldId: '7d2f3f5e-3c1e-4b7a-9d52-0c1a2b3c4d01',
  fieldName: 'Nickname',
  dataType: 'NVARCHAR',
  inputType: 'text',
  metaTag: null,
  value: '',
  defaultValue: null,
  mandatory: false,
  hidden: false,
  templateHiddenField: false,
  fieldDisable: false,
  fieldTemplateLockFor: [],
  adminField: false,
  maskRegex: null,
  validationRegex: null,
  sufix: null,
  prefix: null,
  validationMessage: null,
  dataLength: 10,
  displayOrder: 0,
  childs: [],
  ...overrides,
});
