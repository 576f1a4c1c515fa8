import * as v from 'valibot';
import { AliasSchema, OptionalMaskSchema } from '@contracts/admin/common';
import { ApplicationLinkSchema } from '@contracts/admin/applications';
import { OktaPrefixSchema } from '@contracts/admin/clients';
import { metaTagFitsDataType, subFieldDataTypes, subfieldsFitDataType } from '@contracts/admin/fields';
import { CultureSchema } from '@contracts/culture';
import { fieldDataTypes, fieldMetaTags } from '@contracts/field-kinds';
import { LabelKeySchema, roles } from '@contracts/resources';
import { cleanHtml } from '@contracts/safe-html';

/**
 * The catalogue file (docs/operations.md "The catalogue as code", docs/catalogue.schema.json): the provider's set-up
 * without a single person in it. Every object is strict (an unknown key is refused, naming its path) and every record
 * carries its id, so ids survive an export → import → export round trip. References between records are ids of
 * records in the same file; a file made with `--client` carries what its client references.
 *
 * The rules are the admin API's where the API has them (aliases, prefixes, links, field kinds, sub-fields, meta tags,
 * roles, cultures, label keys), checked without reshaping a value: a file is applied as written, or refused.
 */
export const CATALOGUE_FORMAT = 'gatehouse-catalogue';
export const CATALOGUE_VERSION = 1;
/** Bigger files are refused before they are read: the demo world's catalogue is well under a megabyte. */
export const MAX_CATALOGUE_BYTES = 8 * 1024 * 1024;

const Id = v.pipe(v.string(), v.uuid('must be an id'));
const text = (max: number) => v.pipe(v.string(), v.maxLength(max, `at most ${max} characters`));
const required = (max: number) => v.pipe(text(max), v.minLength(1, 'required'));
const nullableText = (max: number) => v.nullable(text(max));
const order = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000));

/** Markup where the portal shows text as text: refused, as it would be escaped on screen or worse. */
const MARKUP = /<[a-z!/?]/i;
const plain = (max: number) =>
  v.pipe(
    text(max),
    v.check((s) => !MARKUP.test(s), 'holds markup where the portal shows plain text'),
  );
/**
 * HTML the portal renders (HTML labels, menu captions, FAQ answers): it must already be what the admin API would store
 * (contracts/safe-html.ts). A script, an event handler or a `javascript:` link is refused, never silently cleaned.
 */
const safeHtml = (max: number) =>
  v.pipe(
    text(max),
    v.check(
      (s) => cleanHtml(s) === s,
      'holds markup the portal does not allow (scripts, event handlers, unsafe links)',
    ),
  );
const regex = v.nullable(
  v.pipe(
    text(500),
    v.check((s) => compiles(s), 'is not a valid regular expression'),
  ),
);
function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}
const mask = v.nullable(
  v.pipe(
    text(500),
    v.check((s) => v.is(OptionalMaskSchema, s), 'is not a valid mask'),
  ),
);
const roleList = v.array(v.picklist(roles));

export const RegionEntrySchema = v.strictObject({ id: Id, name: required(100) });

export const CmsSiteEntrySchema = v.strictObject({
  id: Id,
  name: required(200),
  sitefinitySiteId: nullableText(200),
  parentSitefinitySiteId: nullableText(200),
});

export const ApplicationEntrySchema = v.strictObject({
  id: Id,
  name: required(100),
  alias: v.nullable(AliasSchema),
  region: Id,
  link: ApplicationLinkSchema,
  iconIdentifier: required(60),
  defaultRoleValue: text(100),
});

export const SubFieldEntrySchema = v.strictObject({
  subDictionaryName: required(100),
  subDefaultValue: required(200),
  subCssField: text(100),
  subDataType: v.picklist(subFieldDataTypes),
  order,
});

const FieldEntryObject = v.strictObject({
  id: Id,
  dictionaryName: v.pipe(required(100), v.regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'letters, digits and _')),
  dataType: v.picklist(fieldDataTypes),
  dataLength: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4000)),
  metaTag: v.nullable(v.picklist(fieldMetaTags)),
  description: plain(500),
  disable: v.boolean(),
  defaultValue: nullableText(500),
  cssField: nullableText(200),
  maskRegex: mask,
  validationRegex: regex,
  sufix: nullableText(50),
  prefix: nullableText(50),
  validationMessage: v.nullable(plain(500)),
  subFields: v.array(SubFieldEntrySchema),
});
type FieldEntryShape = v.InferOutput<typeof FieldEntryObject>;
export const FieldEntrySchema = v.pipe(
  FieldEntryObject,
  v.forward(
    v.check<FieldEntryShape, string>(
      (f) => subfieldsFitDataType({ dataType: f.dataType, subfields: f.subFields }),
      'sub-fields must match the data type and have unique names',
    ),
    ['subFields'],
  ),
  v.forward(v.check<FieldEntryShape, string>(metaTagFitsDataType, 'a label holds no value and takes no meta tag'), [
    'metaTag',
  ]),
);

export const PlacementEntrySchema = v.strictObject({
  id: Id,
  field: Id,
  displayOrder: order,
  mandatory: v.boolean(),
  hidden: v.boolean(),
  adminField: v.boolean(),
  lockForRoles: roleList,
});

export const TemplateEntrySchema = v.strictObject({
  id: Id,
  name: required(100),
  isDefault: v.boolean(),
  fields: v.array(PlacementEntrySchema),
});

export const ActivationEntrySchema = v.strictObject({
  id: Id,
  application: Id,
  active: v.boolean(),
  template: v.nullable(Id),
  displayOrder: order,
  defaultRedirect: v.boolean(),
  oktaContainer: nullableText(200),
  oktaContainerLabel: nullableText(200),
  rolesApiUrl: nullableText(2000),
  excludedRoles: v.pipe(
    v.array(
      v.pipe(
        required(100),
        v.check((s) => s.trim() === s, 'no spaces around a role'),
      ),
    ),
    v.maxLength(50),
    v.check((list) => new Set(list.map((role) => role.toLowerCase())).size === list.length, 'a role appears once'),
  ),
});

export const ClientEntrySchema = v.strictObject({
  id: Id,
  name: required(100),
  portalAlias: AliasSchema,
  oktaPrefix: OktaPrefixSchema,
  autoSignUp: v.boolean(),
  cmsSite: v.nullable(Id),
  ssoId: nullableText(200),
  defaultCulture: CultureSchema,
  applications: v.array(ActivationEntrySchema),
});

const scoped = { id: Id, client: v.nullable(Id), culture: CultureSchema };

export const LabelEntrySchema = v.pipe(
  v.strictObject({ ...scoped, key: LabelKeySchema, value: text(20_000), isHtml: v.boolean() }),
  v.forward(
    v.check(
      (label) => (label.isHtml ? cleanHtml(label.value) === label.value : !MARKUP.test(label.value)),
      'holds markup the portal does not allow (plain labels take none; HTML labels no scripts, handlers or unsafe links)',
    ),
    ['value'],
  ),
);

export const InputEntrySchema = v.strictObject({
  ...scoped,
  key: LabelKeySchema,
  title: plain(500),
  isRequired: v.boolean(),
  type: v.pipe(required(40), v.regex(/^[a-z-]+$/, 'an input type such as text or email')),
  minValue: v.nullable(v.pipe(v.number(), v.integer())),
  maxValue: v.nullable(v.pipe(v.number(), v.integer())),
  validationRegex: regex,
  validationMessage: plain(2000),
  placeHolder: plain(2000),
  hidden: v.boolean(),
  disabled: v.boolean(),
  maskRegex: mask,
  iconClass: nullableText(200),
  iconOrientation: nullableText(20),
  sufix: nullableText(50),
  prefix: nullableText(50),
});

export const MenuEntrySchema = v.strictObject({
  ...scoped,
  section: required(100),
  linkUrl: required(2000),
  imageName: text(200),
  caption: safeHtml(2000),
  order,
  hidden: v.boolean(),
  roleAccess: roleList,
});

export const FaqEntrySchema = v.strictObject({
  ...scoped,
  part: plain(200),
  section: plain(20),
  header: plain(500),
  tags: plain(500),
  questionText: safeHtml(20_000),
  order,
});

export const CatalogueSchema = v.strictObject({
  $schema: v.optional(v.string()),
  format: v.literal(CATALOGUE_FORMAT, `must be "${CATALOGUE_FORMAT}"`),
  version: v.literal(CATALOGUE_VERSION, `this Gatehouse reads catalogue version ${CATALOGUE_VERSION}`),
  /** The client a `--client` export was made for (its portal alias); null: the whole catalogue. */
  client: v.nullable(AliasSchema),
  regions: v.array(RegionEntrySchema),
  cmsSites: v.array(CmsSiteEntrySchema),
  applications: v.array(ApplicationEntrySchema),
  fields: v.array(FieldEntrySchema),
  templates: v.array(TemplateEntrySchema),
  clients: v.array(ClientEntrySchema),
  labels: v.array(LabelEntrySchema),
  inputs: v.array(InputEntrySchema),
  menus: v.array(MenuEntrySchema),
  faq: v.array(FaqEntrySchema),
});

export type Catalogue = v.InferOutput<typeof CatalogueSchema>;
export type RegionEntry = Catalogue['regions'][number];
export type CmsSiteEntry = Catalogue['cmsSites'][number];
export type ApplicationEntry = Catalogue['applications'][number];
export type FieldEntry = Catalogue['fields'][number];
export type TemplateEntry = Catalogue['templates'][number];
export type ClientEntry = Catalogue['clients'][number];
export type LabelEntry = Catalogue['labels'][number];
export type InputEntry = Catalogue['inputs'][number];
export type MenuEntry = Catalogue['menus'][number];
export type FaqEntry = Catalogue['faq'][number];

/** The top-level lists, in the file's order (and the order records are created in: what is referenced first). */
export const catalogueLists = [
  'regions',
  'cmsSites',
  'applications',
  'fields',
  'templates',
  'clients',
  'labels',
  'inputs',
  'menus',
  'faq',
] as const;
export type CatalogueList = (typeof catalogueLists)[number];
