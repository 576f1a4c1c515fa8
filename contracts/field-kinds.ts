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

/**
 * The data types a link can prefill, and so the ones that carry a meta tag (issue 29 §7): every type that holds a
 * value. The spec's dialog shows the meta tag for NVARCHAR only, but a parameter named after a meta tag prefills any
 * field the person may edit (public-and-profile §2, docs/links.md): the demo State field (SELECT) is prefilled by
 * `GoogleState`. Only a LABEL, which holds no value, has none.
 */
export const hasMetaTag = (t: FieldDataType) => t !== 'LABEL';
