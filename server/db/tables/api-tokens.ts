import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { instances } from './people';

/**
 * API tokens for the embedded identity provider's management API (`Authorization: SSWS <token>`, issue 33 item 1,
 * server/api/api-tokens): made by a provider administrator, each acting with its owner's rights as they are at the
 * moment of use. Only the SHA-256 digest of the value is kept; the value is shown once, when the token is made.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    name: text('name').notNull(),
    /** SHA-256 of the token value, hex: the value itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    /** The person whose rights the token carries; their profile going takes the token with it. */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => instances.id, { onDelete: 'cascade' }),
    /** The provider administrator who made it (their login). */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: never used. Written at most once a minute per token (server/auth/api-tokens.ts). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** Null: no expiry. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Set by a revoke; a revoked token is refused and stays listed as revoked. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by'),
    /** Requests per minute this token may make before the management API answers 429. */
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull().default(600),
  },
  (t) => [index('api_tokens_owner_idx').on(t.ownerId)],
);
