import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { culture, cultureList, id } from './columns';
import { clients } from './portal';

/**
 * Invitations to sign up (server/api/invitations): an administrator invites an e-mail to a client, the invitee gets a
 * link carrying a sealed token (`st`) that names this row. The row is what makes the token single use and revocable:
 * the token alone proves only what was sealed. A row is pending until it is accepted (a registration consumed it),
 * revoked, or past `expires_at` (a resend moves it on).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The culture of the mail and of the sign-up page the link opens. */
    culture: culture(),
    /** Login of the administrator who invited. */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invitations_client_idx').on(t.clientId, t.createdAt),
    check('invitations_culture_check', sql`${t.culture} in (${cultureList})`),
  ],
);
