import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { instances } from './people';
import { clients } from './portal';

/**
 * One-time-code password reset (server/api/password-reset): at most one code per account — the client and the e-mail
 * in lower case, `account_key` — so a new code replaces the earlier one. A row is written for an e-mail nobody has
 * too (`instance_id` null, a code nobody receives), so validating behaves the same for it: no enumeration.
 * Secrets are stored hashed: the code (HMAC-SHA-256 under a per-row salt) and the reset grant (SHA-256; 256 random
 * bits need no salt). A row is spent by a successful validation (`used_at`) and its grant by the reset.
 */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: id(),
    accountKey: text('account_key').notNull().unique(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    instanceId: uuid('instance_id').references(() => instances.id, { onDelete: 'cascade' }),
    codeSalt: text('code_salt').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    grantHash: text('grant_hash'),
    grantExpiresAt: timestamp('grant_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_codes_expires_idx').on(t.expiresAt)],
);
