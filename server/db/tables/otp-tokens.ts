import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { instances } from './people';
import { clients } from './portal';

/**
 * One-time tokens for application links (server/api/otp-tokens, spec public-and-profile §3 OtpDto, §7
 * `Auth/GenerateOtpToken`, §9 `{otpToken}`): the launcher asks for one when a person opens a link that carries
 * `{otpToken}`, and the application trades it once, within minutes, for who the person is. Only the token's keyed hash
 * is kept; the tokens handed over with it are sealed under the server's key. A row is spent by `consumed_at`.
 */
export const otpTokens = pgTable(
  'otp_tokens',
  {
    id: id(),
    /** HMAC-SHA-256 of the token under the server's `otp-tokens` key, hex: the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => instances.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** The OtpDto's bearer and refresh tokens, sealed (JWE `dir` + A256GCM) under the same key. */
    sealedTokens: text('sealed_tokens').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('otp_tokens_expires_idx').on(t.expiresAt)],
);
