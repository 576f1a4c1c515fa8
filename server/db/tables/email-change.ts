import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { instances } from './people';

/**
 * A person's request to change their e-mail (issue 34 item 5, migration 0019): the new address and the code mailed to
 * it, kept as an HMAC as the password reset's codes are. Single-use (`used_at`), expiring, a few tries; it goes with
 * the profile.
 */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: id(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => instances.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    codeSalt: text('code_salt').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_change_requests_instance_idx').on(t.instanceId, t.createdAt)],
);
