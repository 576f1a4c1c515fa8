import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { instances } from './people';
import { applications, clients } from './portal';

/**
 * A person's request for one of their client's active applications (issue 34 item 4, server/api/access-requests):
 * asked from the board, decided by the client's administrators (or the provider administrator). `state` is `open`,
 * `approved` or `declined`; at most one open request per person and application (the partial unique index), and at
 * most a few open at once per person (enforced by the service). The person's profile going takes their requests along.
 */
export const accessRequests = pgTable(
  'access_requests',
  {
    id: id(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => instances.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** The person's optional reason (at most 500 characters). */
    reason: text('reason').notNull().default(''),
    state: text('state').notNull().default('open'),
    /** The role given on approval. */
    roleValue: text('role_value'),
    /** The administrator's reason on decline. */
    decisionReason: text('decision_reason'),
    /** The deciding administrator's login. */
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A decision names the version it read; a stale one answers 409. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('access_requests_client_state_idx').on(t.clientId, t.state),
    index('access_requests_instance_idx').on(t.instanceId),
    uniqueIndex('access_requests_open_unique')
      .on(t.instanceId, t.applicationId)
      .where(sql`${t.state} = 'open'`),
  ],
);
