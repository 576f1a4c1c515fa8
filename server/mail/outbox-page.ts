import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { escapeHtml } from '../demo-apps/page';
import { notFound } from '../http/problem';

/** Where the development outbox page is (docs/operations.md "Development mail"). */
export const OUTBOX_PAGE = '/dev/outbox';

/** How many mails the page lists, newest first. */
const SHOWN = 50;

/**
 * The page exists only where mail is demo mail: outside production and with the demo world on. Anywhere else it
 * answers 404 like an unknown address — the outbox holds live reset codes and invitation links.
 */
export const outboxPageServed = (config: Pick<Config, 'nodeEnv' | 'demoData'>) =>
  config.nodeEnv !== 'production' && config.demoData;

type OutboxRow = typeof mailOutbox.$inferSelect;

export function renderOutboxPage(rows: readonly OutboxRow[], to: string | undefined): string {
  const mails = rows.map(
    (row) => `<article>
<h2>${escapeHtml(row.subject)}</h2>
<p>To <a href="${OUTBOX_PAGE}?to=${encodeURIComponent(row.to)}">${escapeHtml(row.to)}</a>, ${escapeHtml(row.createdAt.toISOString())}</p>
<pre>${escapeHtml(row.text)}</pre>
</article>`,
  );
  const heading = to === undefined ? 'Development outbox' : `Development outbox: ${to}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(heading)} · Gatehouse</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}article{border-top:1px solid #ccc;padding:.5rem 0}pre{white-space:pre-wrap;overflow-wrap:anywhere}</style></head>
<body><h1>${escapeHtml(heading)}</h1>
<p>Mail Gatehouse wrote while no <code>SMTP_URL</code> is set, newest first (at most ${String(SHOWN)}). This page exists only
in development with the demo world; in production it answers 404.${to === undefined ? '' : ` <a href="${OUTBOX_PAGE}">Everyone's mail</a>.`}</p>
${mails.length === 0 ? '<p>No mail yet.</p>' : mails.join('\n')}
</body></html>
`;
}

/**
 * GET /dev/outbox[?to=address]: the mail outbox as a page, so a person trying the demo reads a reset code or an
 * invitation link without an administrator's token (the API's `GET /api/v1/dev/outbox` needs one). Issue 29 §5.
 */
export function outboxPageRoute(app: FastifyInstance, { db, config }: { db: Db; config: Config }): void {
  app.get<{ Querystring: { to?: string } }>(OUTBOX_PAGE, async (request, reply) => {
    if (!outboxPageServed(config)) throw notFound();
    const to =
      typeof request.query.to === 'string' && request.query.to.trim() !== '' ? request.query.to.trim() : undefined;
    const rows = await db
      .select()
      .from(mailOutbox)
      .where(to === undefined ? undefined : eq(sql`lower(${mailOutbox.to})`, to.toLowerCase()))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(SHOWN);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderOutboxPage(rows, to));
  });
}
