import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cultureList, culture, id, rowVersion, timestamps } from './columns';
import { fields } from './forms';
import { applications, clients } from './portal';

/**
 * User profiles (the spec's Instance): a person of a client, as the portal knows them. The credentials live in the
 * identity provider; `idpLogin` is the login there (`{OktaPrefix}__{email}`) and `idpUserId` its user id.
 */
export const instances = pgTable(
  'instances',
  {
    id: id(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    email: text('email').notNull(),
    idpLogin: text('idp_login').notNull().unique(),
    idpUserId: text('idp_user_id').unique(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    culture: culture(),
    countryCode: text('country_code'),
    telephone: text('telephone'),
    /** Provider administrator: sees and manages every client. */
    isAulAdmin: boolean('is_aul_admin').notNull().default(false),
    /** `AUL__{OktaPrefix}` makes the person the administrator of that client only. */
    clientRestrictionFilter: text('client_restriction_filter'),
    /** Signs in through the client's own identity provider: no password or security question here. */
    ssoUser: boolean('sso_user').notNull().default(false),
    /**
     * Written by a self sign-up before its identity-provider user exists, cleared when the two are linked. A profile
     * still pending long after (the process died in between) holds an e-mail nobody can sign in with; the next sign-up
     * for that e-mail removes it instead of answering "already known" forever (server/api/sign-up/service.ts).
     */
    signUpPending: boolean('sign_up_pending').notNull().default(false),
    /** The SCIM client's own id of the person (RFC 7643 §3.1 `externalId`), unique within the client (migration 0015). */
    scimExternalId: text('scim_external_id'),
    ...timestamps,
    ...rowVersion,
  },
  (t) => [
    unique('instances_client_email_unique').on(t.clientId, t.email),
    uniqueIndex('instances_client_scim_external_id_unique').on(t.clientId, t.scimExternalId),
    // People are looked up by e-mail and login without case (sign-in, security record, the token's `sub`): only an
    // index on the lowered value serves those lookups.
    index('instances_email_lower_idx').on(sql`lower(${t.email})`),
    index('instances_idp_login_lower_idx').on(sql`lower(${t.idpLogin})`),
    // The user grid's order (server/api/users/queries.ts): by name within a client (a client administrator, the
    // client filter) and over every client (the provider administrator), the id last so a page is stable.
    index('instances_client_name_idx').on(t.clientId, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
    index('instances_name_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
    // The grid's header sort by first name (e-mail and login are served by the lookups' indexes above).
    index('instances_first_name_idx').on(sql`lower(${t.firstName})`, sql`lower(${t.lastName})`, t.id),
    // The grid's search (a contains without case on the name, e-mail or login) is served by trigram indexes
    // (pg_trgm, GIN) that migration 0005 creates by hand: drizzle cannot declare an operator class on an expression.
    check('instances_culture_check', sql`${t.culture} in (${cultureList})`),
  ],
);

/** The value a person gave a field. Saved with the instance (its version covers these rows). */
export const instanceFieldValues = pgTable(
  'instance_field_values',
  {
    id: id(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => instances.id, { onDelete: 'cascade' }),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => fields.id, { onDelete: 'cascade' }),
    value: text('value').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    unique('instance_field_values_instance_field_unique').on(t.instanceId, t.fieldId),
    index('instance_field_values_field_idx').on(t.fieldId),
  ],
);

/** The role a person holds in an application (`Member`, `Viewer`, `Agent`, `Admin`…). Saved with the instance. */
export const instanceApplicationRoles = pgTable(
  'instance_application_roles',
  {
    id: id(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => instances.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    roleValue: text('role_value').notNull(),
    ...timestamps,
  },
  (t) => [
    unique('instance_application_roles_instance_application_unique').on(t.instanceId, t.applicationId),
    index('instance_application_roles_application_idx').on(t.applicationId),
  ],
);

/**
 * How many people each client has (profiles not pending a sign-up), and how many of them are provider
 * administrators: kept by the trigger `instances_count_people` of migration 0005 in the same transaction as every
 * insert, delete or move of a profile, so the user grid names its total without counting 100,000 rows
 * (server/api/users/queries.ts). Never written by the application.
 */
export const clientPeopleCounts = pgTable('client_people_counts', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  people: integer('people').notNull().default(0),
  providerAdmins: integer('provider_admins').notNull().default(0),
});
