import { and, asc, desc, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { idpLogEvents } from '../tables';
import type { LogPosition } from './log-cursor';
import type { FilterField, LogFilter } from './log-filter';

export type LogEventRow = typeof idpLogEvents.$inferSelect;

export interface LogEventQuery {
  since: Date;
  /** Exclusive, as Okta's `until`. */
  until?: Date;
  filter?: LogFilter;
  /** Each keyword must appear (case-insensitively) in the message, the actor or a target. */
  keywords: string[];
  limit: number;
  order: 'ASCENDING' | 'DESCENDING';
  after?: LogPosition;
}

const columnOf: Record<Exclude<FilterField, 'target.id'>, AnyPgColumn> = {
  eventType: idpLogEvents.eventType,
  severity: idpLogEvents.severity,
  'outcome.result': idpLogEvents.outcomeResult,
  'outcome.reason': idpLogEvents.outcomeReason,
  'actor.id': idpLogEvents.actorId,
  'actor.alternateId': idpLogEvents.actorAlternateId,
  'client.ipAddress': idpLogEvents.clientIp,
};

function filterSql(filter: LogFilter): SQL {
  if ('join' in filter) {
    const both = [filterSql(filter.left), filterSql(filter.right)];
    return (filter.join === 'and' ? and(...both) : or(...both)) ?? sql`true`;
  }
  // `target.id` goes through the GIN index on the copied ids.
  if (filter.field === 'target.id') return sql`${idpLogEvents.targetIds} @> array[${filter.value}]::text[]`;
  return sql`${columnOf[filter.field]} = ${filter.value}`;
}

/**
 * The text a keyword is looked for in: the message, the actor and the targets' ids, logins and names — their values
 * only, never the jsonb's key names (`q=type` must not match every event with a target). `like` wildcards in the
 * keyword match only themselves.
 */
const searchable = sql`(${idpLogEvents.displayMessage} || ' ' || ${idpLogEvents.actorId} || ' ' || ${idpLogEvents.actorAlternateId} || ' ' || ${idpLogEvents.actorDisplayName} || ' ' || coalesce((select string_agg(concat_ws(' ', t->>'id', t->>'alternateId', t->>'displayName'), ' ') from jsonb_array_elements(${idpLogEvents.targets}) as t), ''))`;
const keywordSql = (keyword: string) => sql`${searchable} ilike ${`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;

/**
 * One page of the System Log, in (published, seq) order either way, starting after `after`. The time range and the
 * order use the (published, seq) index; an eventType filter can use (event_type, published) instead.
 */
export async function readLogEvents(db: Db, query: LogEventQuery): Promise<LogEventRow[]> {
  const ascending = query.order === 'ASCENDING';
  const position = sql`(${idpLogEvents.published}, ${idpLogEvents.seq})`;
  const conditions = [
    gte(idpLogEvents.published, query.since),
    query.until === undefined ? undefined : lt(idpLogEvents.published, query.until),
    query.filter === undefined ? undefined : filterSql(query.filter),
    ...query.keywords.map(keywordSql),
    query.after === undefined
      ? undefined
      : ascending
        ? sql`${position} > (${query.after.published.toISOString()}::timestamptz, ${query.after.seq})`
        : sql`${position} < (${query.after.published.toISOString()}::timestamptz, ${query.after.seq})`,
  ];
  const direction = ascending ? asc : desc;
  return db
    .select()
    .from(idpLogEvents)
    .where(and(...conditions))
    .orderBy(direction(idpLogEvents.published), direction(idpLogEvents.seq))
    .limit(query.limit);
}
