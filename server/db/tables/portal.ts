import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cultureList, culture, id, rowVersion, timestamps } from './columns';
import { templates } from './forms';

/** Sites of the content-management system a client's public pages belong to (the spec's CMS client). */
export const cmsSites = pgTable('cms_sites', {
  id: id(),
  name: text('name').notNull(),
  sitefinitySiteId: text('sitefinity_site_id'),
  parentSitefinitySiteId: text('parent_sitefinity_site_id'),
  ...timestamps,
  ...rowVersion,
});

export const regions = pgTable('regions', {
  id: id(),
  name: text('name').notNull().unique(),
  ...timestamps,
  ...rowVersion,
});

/**
 * Client organisations of the provider. `oktaPrefix` prefixes every identity-provider login of the client's people
 * (`ACME__maria@acme.test`); `portalAlias` names the client in public URLs (`/Login/acme`).
 */
export const clients = pgTable(
  'clients',
  {
    id: id(),
    name: text('name').notNull(),
    oktaPrefix: text('okta_prefix').notNull().unique(),
    portalAlias: text('portal_alias').notNull().unique(),
    autoSignUp: boolean('auto_sign_up').notNull().default(false),
    /** The client's people may close their own account from Edit Profile (issue 34 item 3; migration 0016). */
    allowAccountClosing: boolean('allow_account_closing').notNull().default(true),
    cmsSiteId: uuid('cms_site_id').references(() => cmsSites.id, { onDelete: 'set null' }),
    /** Identity-provider id for single sign-on (the spec's SSOID); null: the sign-in widget. */
    ssoId: text('sso_id'),
    defaultCulture: culture('default_culture'),
    /**
     * How a person provisioned over SCIM (server/scim) signs in first: the identity provider's activation mail, or at
     * once with the password the SCIM client sends (migration 0015).
     */
    scimSignIn: text('scim_sign_in').$type<'activationMail' | 'immediate'>().notNull().default('activationMail'),
    ...timestamps,
    ...rowVersion,
  },
  (t) => [
    check('clients_default_culture_check', sql`${t.defaultCulture} in (${cultureList})`),
    check('clients_scim_sign_in_check', sql`${t.scimSignIn} in ('activationMail', 'immediate')`),
  ],
);

/** Applications users are sent on to (the admin portal itself is one of them: "AUL Application"). */
export const applications = pgTable('applications', {
  id: id(),
  name: text('name').notNull().unique(),
  /** Unique when set; several applications may have none. */
  alias: text('alias').unique(),
  regionId: uuid('region_id')
    .notNull()
    .references(() => regions.id, { onDelete: 'restrict' }),
  /** URL template; placeholders such as `{userName}` are substituted before navigation. */
  link: text('link').notNull(),
  /** Name of an icon of the list `Global_List_Icons` (lucide names such as `heart-pulse`). */
  iconIdentifier: text('icon_identifier').notNull(),
  defaultRoleValue: text('default_role_value').notNull().default(''),
  ...timestamps,
  ...rowVersion,
});

/**
 * An application offered to a client. `defaultRedirect` lives here rather than on the application: the same
 * application redirects one client's users straight in (Umbrella's Benefits Center) and not another's (Acme's).
 */
export const clientApplications = pgTable(
  'client_applications',
  {
    id: id(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    templateId: uuid('template_id').references(() => templates.id, { onDelete: 'set null' }),
    displayOrder: integer('display_order').notNull().default(0),
    defaultRedirect: boolean('default_redirect').notNull().default(false),
    oktaContainer: text('okta_container'),
    oktaContainerLabel: text('okta_container_label'),
    /** URL answering the roles a person may hold in the application (placeholders allowed). */
    rolesApiUrl: text('roles_api_url'),
    /**
     * The site rules' excluded roles in this application (spec public-and-profile §3 SiteProfile Rules.ExcludeRoles,
     * §6): role lists for editing someone else's profile leave them out, and the server refuses them.
     */
    excludedRoles: text('excluded_roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps,
    ...rowVersion,
  },
  (t) => [
    unique('client_applications_client_application_unique').on(t.clientId, t.applicationId),
    index('client_applications_application_idx').on(t.applicationId),
    // At most one application per client is the one its people are sent straight to.
    uniqueIndex('client_applications_single_default_redirect')
      .on(t.clientId)
      .where(sql`${t.defaultRedirect}`),
  ],
);
