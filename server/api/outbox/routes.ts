import { desc, eq, sql } from 'drizzle-orm';
import { OutboxListSchema, OutboxQuerySchema } from '@contracts/outbox';
import { mailOutbox } from '../../db/schema';
import { notFound } from '../../http/problem';
import { defineArea } from '../area';

/**
 * The mail outbox, readable by the provider administrator outside production (docs/api.md "Outbox"): a person trying
 * the demo fetches a reset code without a mail server, and the end-to-end tests read it. In production the route
 * answers 404 as if it did not exist — the outbox holds live codes and links — and mail goes through SMTP anyway.
 */
export const outboxArea = defineArea({
  name: 'outbox',
  prefix: '/api/v1',
  guard: 'providerAdmin',
  routes: (app, deps) => {
    app.get(
      '/dev/outbox',
      { schema: { querystring: OutboxQuerySchema, response: { 200: OutboxListSchema } } },
      async (request, reply) => {
        if (deps.config.nodeEnv === 'production') throw notFound();
        const rows = await deps.db
          .select()
          .from(mailOutbox)
          .where(eq(sql`lower(${mailOutbox.to})`, request.query.to.toLowerCase()))
          .orderBy(desc(mailOutbox.createdAt))
          .limit(20);
        reply.header('cache-control', 'no-store');
        return rows.map((row) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          text: row.text,
          createdAt: row.createdAt.toISOString(),
        }));
      },
    );
  },
});
