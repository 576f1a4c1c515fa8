import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { DEFAULT_LOG_LIMIT, LogQuerySchema } from '@contracts/system-log';
import { oktaErrors } from '../authn/errors';
import { decodeCursor, encodeCursor } from '../events/log-cursor';
import { parseLogFilter } from '../events/log-filter';
import { logEventBody } from '../events/log-shape';
import { readLogEvents } from '../events/log-store';
import type { ManagementContext } from './context';
import { pagingLinks } from './query';

const LOGS = '/api/v1/logs';
const WEEK_MS = 7 * 24 * 3_600_000;

type RawQuery = Record<string, string | undefined>;

/**
 * Okta's System Log API (docs/identity.md "System Log"): `since` (default a week ago), `until` (exclusive),
 * `filter`, `q`, `limit` (100, at most 1000), `sortOrder` and the opaque `after`, with Okta's Link header.
 *
 * `next` comes with every full page, and always in ASCENDING order without `until`: that is Okta's polling mode,
 * where a client keeps following `next` to receive events as they arrive (an empty page keeps the same cursor).
 */
export function logsRoutes(scope: FastifyInstance, ctx: ManagementContext): void {
  scope.get<{ Querystring: RawQuery }>(LOGS, async (request, reply) => {
    const parsed = v.safeParse(LogQuerySchema, request.query);
    if (!parsed.success) {
      throw oktaErrors.validation(parsed.issues.map((issue) => `${v.getDotPath(issue) ?? 'query'}: ${issue.message}`));
    }
    const query = parsed.output;
    const after = query.after === undefined ? undefined : decodeCursor(query.after);
    if (query.after !== undefined && after === undefined)
      throw oktaErrors.validation(['after: not a cursor of this log']);
    const limit = query.limit ?? DEFAULT_LOG_LIMIT;
    const order = query.sortOrder ?? 'ASCENDING';
    const filter = query.filter === undefined || query.filter.trim() === '' ? undefined : parseLogFilter(query.filter);
    const since = query.since ?? new Date(Date.now() - WEEK_MS);
    if (query.until !== undefined && query.until.getTime() < since.getTime()) {
      throw oktaErrors.validation(['until: must not be before since']);
    }
    // This process's own buffered events first, so a reader sees what it just caused.
    await ctx.events.flush();
    const rows = await readLogEvents(ctx.db, {
      since,
      ...(query.until === undefined ? {} : { until: query.until }),
      ...(filter === undefined ? {} : { filter }),
      keywords: (query.q ?? '').split(/\s+/).filter((word) => word !== ''),
      limit,
      order,
      ...(after === undefined ? {} : { after }),
    });
    const last = rows.at(-1);
    const polling = order === 'ASCENDING' && query.until === undefined;
    const nextAfter = last ? encodeCursor(last) : polling ? query.after : undefined;
    const raw = request.query;
    pagingLinks(
      reply,
      `${ctx.origin}${LOGS}`,
      { since: raw.since, until: raw.until, filter: raw.filter, q: raw.q, sortOrder: raw.sortOrder, after: raw.after },
      limit,
      rows.length === limit || polling ? nextAfter : undefined,
    );
    return rows.map(logEventBody);
  });
}
