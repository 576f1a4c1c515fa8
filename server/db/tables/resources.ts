import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { bytea, cultureList, culture, id, rowVersion, sqlList, timestamps } from './columns';
import { clients } from './portal';

/*
 * Resources: the texts, input rules, lists, menus, settings, FAQ, logos and themes of the portal. Every resource
 * row belongs to a client, or to nobody (`client_id` null: the global row every client falls back to). The unique
 * constraints treat a null client as a value (NULLS NOT DISTINCT), so there is one global row per key and culture.
 */

const clientRef = () => uuid('client_id').references(() => clients.id, { onDelete: 'cascade' });
/** First segment of a key (`Login` of `Login_Text_Title`): pages ask for their components' resources. */
const component = () => text('component').generatedAlwaysAs(sql`split_part("key", '_', 1)`);

/** Texts of the portal by key (`Area_Kind_Name`), culture and client. Values may carry `{{name}}` placeholders. */
export const labels = pgTable(
  'labels',
  {
    id: id(),
    clientId: clientRef(),
    culture: culture(),
    key: text('key').notNull(),
    component: component(),
    value: text('value').notNull(),
    /** The value is HTML (sanitised before rendering). */
    isHtml: boolean('is_html').notNull().default(false),
    ...timestamps,
    ...rowVersion,
  },
  (t) => [
    unique('labels_key_culture_client_unique').on(t.key, t.culture, t.clientId).nullsNotDistinct(),
    index('labels_component_culture_idx').on(t.component, t.culture),
    check('labels_culture_check', sql`${t.culture} in (${cultureList})`),
  ],
);

/** Rules and texts of one form input (the contract's InputResource), by key, culture and client. */
export const inputResources = pgTable(
  'input_resources',
  {
    id: id(),
    clientId: clientRef(),
    culture: culture(),
    key: text('key').notNull(),
    component: component(),
    title: text('title').notNull().default(''),
    isRequired: boolean('is_required').notNull().default(false),
    /** HTML input type: text, email, tel, number, password, select, masked… */
    type: text('type').notNull().default('text'),
    /** Minimum length. */
    minValue: integer('min_value'),
    /** Maximum length. */
    maxValue: integer('max_value'),
    validationRegex: text('validation_regex'),
    validationMessage: text('validation_message').notNull().default(''),
    placeHolder: text('place_holder').notNull().default(''),
    hidden: boolean('hidden').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    maskRegex: text('mask_regex'),
    iconClass: text('icon_class'),
    iconOrientation: text('icon_orientation'),
    sufix: text('sufix'),
    prefix: text('prefix'),
    ...timestamps,
    ...rowVersion,
  },
  (t) => [
    unique('input_resources_key_culture_client_unique').on(t.key, t.culture, t.clientId).nullsNotDistinct(),
    index('input_resources_component_culture_idx').on(t.component, t.culture),
    check('input_resources_culture_check', sql`${t.culture} in (${cultureList})`),
  ],
);

/** Items of a named list (`Global_List_Icons`, `Global_List_SecurityQuestions`, …), in order. */
export const listItems = pgTable(
  'list_items',
  {
    id: id(),
    clientId: clientRef(),
    culture: culture(),
    listName: text('list_name').notNull(),
    itemKey: text('item_key').notNull(),
    value: text('value').notNull(),
    order: integer('sort_order').notNull().default(0),
    ...timestamps,
    ...rowVersion,
  },
  (t) => [
    unique('list_items_list_key_culture_client_unique')
      .on(t.listName, t.itemKey, t.culture, t.clientId)
      .nullsNotDistinct(),
    index('list_items_list_culture_idx').on(t.listName, t.culture),
    check('list_items_culture_check', sql`${t.culture} in (${cultureList})`),
  ],
);

/** Entries of a menu section (`Portal`: the admin portal's left menu). One row per link and culture. */
export const menuItems = pgTable(
  'menu_items',
  {
    id: id(),
    clientId: clientRef(),
    culture: culture(),
    section: text('section').notNull(),
    linkUrl: text('link_url').notNull(),
    imageName: text('image_name').notNull().default(''),
    /** Shown as HTML. */
    caption: text('caption').notNull(),
    order: integer('sort_order').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    /** Roles that see the entry: guest, admin, user, clientadmin, agent. */
    roleAccess: text('role_access')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps,
    ...rowVersion,
  },
  (t) => [
    unique('menu_items_section_link_culture_client_unique')
      .on(t.section, t.linkUrl, t.culture, t.clientId)
      .nullsNotDistinct(),
    index('menu_items_section_culture_idx').on(t.section, t.culture),
    check('menu_items_culture_check', sql`${t.culture} in (${cultureList})`),
  ],
);

/** Portal settings (`Session_IdleTime`, `AllowPasswordResetWithOTP`, …): text values, global or per client. */
export const portalSettings = pgTable(
  'portal_settings',
  {
    id: id(),
    clientId: clientRef(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    ...timestamps,
    ...rowVersion,
  },
  (t) => [unique('portal_settings_key_client_unique').on(t.key, t.clientId).nullsNotDistinct()],
);

/** Help-page questions, grouped by Part (the category list) and Section. */
export const faqQuestions = pgTable(
  'faq_questions',
  {
    id: id(),
    clientId: clientRef(),
    culture: culture(),
    part: text('part').notNull(),
    section: text('section').notNull().default(''),
    header: text('header').notNull(),
    tags: text('tags').notNull().default(''),
    /** The answer, as HTML. */
    questionText: text('question_text').notNull(),
    order: integer('sort_order').notNull().default(0),
    ...timestamps,
    ...rowVersion,
  },
  (t) => [
    index('faq_questions_client_culture_idx').on(t.clientId, t.culture, t.part, t.order),
    check('faq_questions_culture_check', sql`${t.culture} in (${cultureList})`),
  ],
);

/** Kinds of image a client brands the portal with (resource calls `logo`, `loginlogo`, `profile/logo`). */
export const clientAssetKinds = ['logo', 'loginlogo', 'profilelogo'] as const;
export type ClientAssetKind = (typeof clientAssetKinds)[number];

export const clientAssets = pgTable(
  'client_assets',
  {
    id: id(),
    clientId: clientRef(),
    kind: text('kind').$type<ClientAssetKind>().notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    ...timestamps,
    ...rowVersion,
  },
  (t) => [
    unique('client_assets_client_kind_unique').on(t.clientId, t.kind).nullsNotDistinct(),
    check('client_assets_kind_check', sql`${t.kind} in (${sqlList(clientAssetKinds)})`),
  ],
);

/** Colours of a client's portal (the contract's Theme); the global row is the provider's own. */
export const themes = pgTable(
  'themes',
  {
    id: id(),
    clientId: clientRef(),
    primaryColor: text('primary_color').notNull(),
    accentColor: text('accent_color').notNull(),
    backgroundColor: text('background_color').notNull(),
    textColor: text('text_color').notNull(),
    ...timestamps,
    ...rowVersion,
  },
  (t) => [unique('themes_client_unique').on(t.clientId).nullsNotDistinct()],
);

/**
 * The version SPAs cache resources under: one row for the global scope (client null) and one per client. Starts at
 * a date (yyyymmdd) and rises on every resource edit; the SPA keeps the higher of it and today's date.
 */
export const resourceVersions = pgTable(
  'resource_versions',
  {
    id: id(),
    clientId: clientRef(),
    version: bigint('version', { mode: 'number' }).notNull(),
    ...timestamps,
  },
  (t) => [unique('resource_versions_client_unique').on(t.clientId).nullsNotDistinct()],
);
