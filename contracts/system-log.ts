import * as v from 'valibot';

/**
 * Okta's System Log API (GET /api/v1/logs): the query the embedded IdP accepts and the LogEvent shape it answers,
 * shared by the IdP (which validates the query) and the directory adapter (which parses the answer from either the
 * embedded IdP or a real Okta org). Only the LogEvent fields the portal reads are required; Okta sends more.
 */

export const LOG_SORT_ORDERS = ['ASCENDING', 'DESCENDING'] as const;
export type LogSortOrder = (typeof LOG_SORT_ORDERS)[number];
/** Okta's page size: 100 by default, at most 1000. */
export const DEFAULT_LOG_LIMIT = 100;
export const MAX_LOG_LIMIT = 1_000;

const isoInstant = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/),
  v.transform((text) => new Date(text)),
  v.check((date) => !Number.isNaN(date.getTime())),
);

/** The query string of GET /api/v1/logs, as text, the way it arrives. A limit above 1000 is read as 1000. */
export const LogQuerySchema = v.object({
  since: v.optional(isoInstant),
  until: v.optional(isoInstant),
  filter: v.optional(v.pipe(v.string(), v.maxLength(2_000))),
  q: v.optional(v.pipe(v.string(), v.maxLength(500))),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,9}$/),
      v.transform(Number),
      v.minValue(1),
      v.transform((n) => Math.min(n, MAX_LOG_LIMIT)),
    ),
  ),
  sortOrder: v.optional(v.picklist(LOG_SORT_ORDERS)),
  after: v.optional(v.pipe(v.string(), v.maxLength(200))),
});
export type LogQuery = v.InferOutput<typeof LogQuerySchema>;

const nullishText = v.nullish(v.string());

/** One LogEvent as Okta serialises it (the fields we read; others are allowed and ignored). */
export const LogEventSchema = v.object({
  uuid: v.string(),
  published: v.string(),
  eventType: v.string(),
  severity: v.string(),
  displayMessage: nullishText,
  actor: v.object({ id: v.string(), type: v.string(), alternateId: nullishText, displayName: nullishText }),
  client: v.nullish(
    v.object({
      ipAddress: nullishText,
      userAgent: v.nullish(v.object({ rawUserAgent: nullishText })),
    }),
  ),
  outcome: v.nullish(v.object({ result: v.string(), reason: nullishText })),
  target: v.nullish(
    v.array(v.object({ id: v.string(), type: v.string(), alternateId: nullishText, displayName: nullishText })),
  ),
  transaction: v.nullish(v.object({ id: nullishText })),
});
export type LogEventBody = v.InferOutput<typeof LogEventSchema>;

/**
 * The header with which the portal names the signed-in person it calls for (the directory port's `actingFor`), so the
 * System Log's actor is that person rather than the portal's token. Gatehouse's own: Okta has none, and ignores it.
 */
export const ACTING_USER_HEADER = 'x-gatehouse-acting-user';
