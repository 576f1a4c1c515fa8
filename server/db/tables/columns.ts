import { sql } from 'drizzle-orm';
import { customType, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cultures, DEFAULT_CULTURE } from '@contracts/culture';

/** Primary key of every table: a random UUID made by the database. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** `created_at` / `updated_at`; drizzle sets `updated_at` on every update it runs. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/**
 * Row version for optimistic concurrency: an update names the version it read
 * (`where id = $1 and version = $2`, `set version = version + 1`); no row updated means a stale edit (409).
 */
export const rowVersion = { version: integer('version').notNull().default(1) };

/** A culture column (`en-us`, `es`), checked against the cultures the portal ships. */
export const culture = (name = 'culture') => text(name).notNull().default(DEFAULT_CULTURE);

/** SQL list of the supported cultures, for check constraints. */
export const cultureList = sql.raw(cultures.map((c) => `'${c}'`).join(', '));

/** Quotes constant strings for an `in (…)` check constraint. */
export function sqlList(values: readonly string[]) {
  return sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '));
}

/**
 * `bytea`, read and written as bytes. PGlite answers a `Uint8Array`, node-postgres a `Buffer` (a `Uint8Array` too).
 * drizzle-orm 0.45 has no built-in `bytea` column.
 */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});
