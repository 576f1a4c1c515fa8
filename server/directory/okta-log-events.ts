import type { LogEventBody } from '@contracts/system-log';
import type { DirectoryLogEvent, LogEventsQuery } from './port';

/** One page: its events and its raw Link header. */
export type LogPageFetch = (search: URLSearchParams) => Promise<{ events: LogEventBody[]; link: string | null }>;

const DEFAULT_PAGE_SIZE = 1_000;
const DEFAULT_MAX_EVENTS = 10_000;

/**
 * The `after` cursor of the Link header's rel="next", or undefined. Only the cursor is taken from the link: the
 * next request goes to the configured base URL with the same query, so a link naming another host never receives
 * the API token.
 */
export function nextCursor(link: string | null): string | undefined {
  for (const part of (link ?? '').split(/,(?=\s*<)/)) {
    const match = /<([^>]*)>\s*;\s*rel="?next"?/.exec(part);
    if (match?.[1]) return new URL(match[1], 'http://link.invalid').searchParams.get('after') ?? undefined;
  }
  return undefined;
}

export function toLogEvent(body: LogEventBody): DirectoryLogEvent {
  return {
    uuid: body.uuid,
    published: new Date(body.published),
    eventType: body.eventType,
    severity: body.severity,
    displayMessage: body.displayMessage ?? null,
    actor: {
      id: body.actor.id,
      type: body.actor.type,
      alternateId: body.actor.alternateId ?? null,
      displayName: body.actor.displayName ?? null,
    },
    client: { ipAddress: body.client?.ipAddress ?? null, userAgent: body.client?.userAgent?.rawUserAgent ?? null },
    outcome: body.outcome ? { result: body.outcome.result, reason: body.outcome.reason ?? null } : null,
    targets: (body.target ?? []).map((target) => ({
      id: target.id,
      type: target.type,
      alternateId: target.alternateId ?? null,
      displayName: target.displayName ?? null,
    })),
    transactionId: body.transaction?.id ?? null,
  };
}

/**
 * Reads the System Log page after page, following rel="next". Stops at a page without `next`, at a page shorter
 * than asked (Okta's polling mode offers `next` forever in ascending order; a short page means "caught up"), or
 * once `maxEvents` are read.
 */
export async function readLogEventPages(query: LogEventsQuery, fetchPage: LogPageFetch): Promise<DirectoryLogEvent[]> {
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const maxEvents = query.maxEvents ?? DEFAULT_MAX_EVENTS;
  const base = new URLSearchParams({ limit: String(pageSize) });
  if (query.since) base.set('since', query.since.toISOString());
  if (query.until) base.set('until', query.until.toISOString());
  if (query.filter) base.set('filter', query.filter);
  if (query.q) base.set('q', query.q);
  if (query.sortOrder) base.set('sortOrder', query.sortOrder);
  const events: DirectoryLogEvent[] = [];
  let after: string | undefined;
  for (;;) {
    const search = new URLSearchParams(base);
    if (after !== undefined) search.set('after', after);
    const page = await fetchPage(search);
    events.push(...page.events.map(toLogEvent));
    after = nextCursor(page.link);
    if (after === undefined || page.events.length < pageSize || events.length >= maxEvents) break;
  }
  return events.slice(0, maxEvents);
}
