/**
 * Data types and meta tags of a field definition (spec §3). The SPA lists them from Global_List_DataType/MetaTag.
 * A module of their own (re-exported by admin/fields.ts): the profile form's link controls and its contract need
 * them on public pages, without the admin area's field schemas.
 */
export const fieldDataTypes = ['NVARCHAR', 'RADIO BUTTON GROUP', 'SELECT', 'CHECKBOX', 'LABEL', 'BOOLEAN'] as const;
export type FieldDataType = (typeof fieldDataTypes)[number];
export const fieldMetaTags = [
  'GoogleAddress',
  'GoogleZipCode',
  'GoogleAddress2',
  'GoogleCity',
  'GoogleState',
  'FirstName',
  'LastName',
] as const;
export type FieldMetaTag = (typeof fieldMetaTags)[number];
