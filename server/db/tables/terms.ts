import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { cultureList, culture, id } from './columns';
import { instances } from './people';
import { clients } from './portal';

/*
 * Terms of use and privacy notice per client (issue 34 item 2; docs/api.md "Terms"). A version is published once and
 * never changed: publishing writes the next number, one row per culture it is written in. The current version of a
 * client is its highest number. An acceptance records who accepted which version, in which culture, when and from
 * which address; a sign-up writes it in the sign-up's own transaction.
 */

export const termsVersions = pgTable(
  'terms_versions',
  {
    id: id(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** 1, 2, 3 … per client; the highest is the current version. */
    number: integer('number').notNull(),
    culture: culture(),
    /** Sanitised HTML (contracts/safe-html.ts), cleaned on write. */
    termsHtml: text('terms_html').notNull(),
    privacyHtml: text('privacy_html').notNull(),
    publishedBy: text('published_by').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('terms_versions_client_number_culture_unique').on(t.clientId, t.number, t.culture),
    check('terms_versions_culture_check', sql`${t.culture} in (${cultureList})`),
    check('terms_versions_number_check', sql`${t.number} > 0`),
  ],
);

export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    id: id(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => instances.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** The version number accepted (terms_versions.number of the same client). */
    number: integer('number').notNull(),
    culture: culture(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    /** The address the acceptance came from (the request's remote address). */
    address: text('address').notNull(),
  },
  (t) => [
    unique('terms_acceptances_instance_number_unique').on(t.instanceId, t.number),
    index('terms_acceptances_client_idx').on(t.clientId, t.number),
    check('terms_acceptances_culture_check', sql`${t.culture} in (${cultureList})`),
  ],
);
