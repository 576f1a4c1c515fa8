import type { Field } from '@contracts/admin/fields';
import type { Template, TemplateDetail, TemplateField } from '@contracts/admin/templates';
import type { ListItem } from '@contracts/resources';
import { ApiError } from '@contracts/failures';

/** Fixed ids, so answers and assertions agree. */
export const fieldIds = {
  firstName: '5b0f3f5e-3c1e-4b7a-9d52-0c1a2b3c4d01',
  plan: '5b0f3f5e-3c1e-4b7a-9d52-0c1a2b3c4d02',
  newField: '5b0f3f5e-3c1e-4b7a-9d52-0c1a2b3c4d03',
  template: '6c1f3f5e-3c1e-4b7a-9d52-0c1a2b3c4d01',
  defaultTemplate: '6c1f3f5e-3c1e-4b7a-9d52-0c1a2b3c4d02',
};

export const firstNameField = (overrides: Partial<Field> = {}): Field => ({
  id: fieldIds.firstName,
  dictionaryName: 'FirstName',
  dataType: 'NVARCHAR',
  dataLength: 50,
  metaTag: 'FirstName',
  fieldDescription: 'First name',
  disable: false,
  defaultValue: null,
  cssField: null,
  maskRegex: null,
  validationRegex: null,
  sufix: null,
  prefix: null,
  validationMessage: null,
  subfields: [],
  version: 3,
  ...overrides,
});

export const planField = (overrides: Partial<Field> = {}): Field => ({
  ...firstNameField(),
  id: fieldIds.plan,
  dictionaryName: 'Plan',
  dataType: 'SELECT',
  dataLength: 1,
  metaTag: null,
  fieldDescription: 'Benefit plan',
  defaultValue: 'Gold',
  subfields: [
    { subDictionaryName: 'Gold', subDefaultValue: 'G', subCssField: 'plan-gold', subDataType: 'OPTION', order: 0 },
    { subDictionaryName: 'Silver', subDefaultValue: 'S', subCssField: 'plan-silver', subDataType: 'OPTION', order: 1 },
  ],
  version: 1,
  ...overrides,
});

const item = (key: string, value = key): ListItem => ({ id: `list-${key}`, key, value });
/** The lists as the server keeps them: in no particular order (the dialog sorts them). */
export const dataTypeItems: ListItem[] = [
  'SELECT',
  'NVARCHAR',
  'BOOLEAN',
  'RADIO BUTTON GROUP',
  'LABEL',
  'CHECKBOX',
].map((key) => item(key));
export const metaTagItems: ListItem[] = ['LastName', 'GoogleCity', 'FirstName', 'GoogleAddress'].map((key) =>
  item(key),
);
export const fieldLists = { dataTypes: dataTypeItems, metaTags: metaTagItems };

export const apiError = (status: number, code: string, message: string) =>
  new ApiError({ status, code, message, requestId: 'req-fields' });
export const staleUpdate = () => apiError(409, 'stale_update', 'The record was changed by someone else.');
export const unauthorised = () => apiError(401, 'unauthorized', 'Your session has ended.');
export const nameTaken = () => apiError(409, 'conflict', 'dictionaryName: already used by another field');
export const inUse = () => apiError(409, 'conflict', 'The template is used by 2 client applications.');

export const templateRow = (overrides: Partial<Template> = {}): Template => ({
  id: fieldIds.template,
  name: 'Benefits enrolment',
  default: false,
  fieldCount: 2,
  version: 4,
  ...overrides,
});

export const templateField = (field: Field, displayOrder: number, overrides: Partial<TemplateField> = {}) => ({
  fieldId: field.id,
  dictionaryName: field.dictionaryName,
  dataType: field.dataType,
  displayOrder,
  mandatory: false,
  hidden: false,
  adminField: false,
  lockForRoles: [],
  ...overrides,
});

export const templateDetail = (overrides: Partial<TemplateDetail> = {}): TemplateDetail => ({
  ...templateRow(),
  fields: [templateField(planField(), 1), templateField(firstNameField(), 0, { mandatory: true })],
  ...overrides,
});

/** A catalogue field for the editor's picker. */
export const catalogueOf = (...fields: Field[]) =>
  fields.map(({ id, dictionaryName, dataType }) => ({ id, dictionaryName, dataType }));

/** A template of `count` fields, for the progressive rendering test. */
export function largeTemplate(count: number): { template: TemplateDetail; catalogue: ReturnType<typeof catalogueOf> } {
  const fields = Array.from({ length: count }, (_, i) => ({
    fieldId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    dictionaryName: `Field${String(i).padStart(4, '0')}`,
    dataType: 'NVARCHAR' as const,
    displayOrder: i,
    mandatory: false,
    hidden: false,
    adminField: false,
    lockForRoles: [],
  }));
  return {
    template: templateDetail({ name: 'Everything', fieldCount: count, fields }),
    catalogue: fields.map((f) => ({ id: f.fieldId, dictionaryName: f.dictionaryName, dataType: f.dataType })),
  };
}
