import type { FastifyReply } from 'fastify';
import { oktaErrors } from '../authn/errors';
import type { UserCondition } from '../users/admin';

/** Okta's page size: 200 by default and at most. */
export const MAX_PAGE = 200;

export function pageLimit(limit: string | undefined): number {
  const parsed = limit === undefined ? MAX_PAGE : Number.parseInt(limit, 10);
  return Number.isFinite(parsed) && parsed > 0 ? Math.min(parsed, MAX_PAGE) : MAX_PAGE;
}

/**
 * Okta's paging headers: `self` (the query as asked, `after` included) and, when `nextAfter` is given, `next` with
 * that cursor as `after`. Clients such as okta-sdk-nodejs follow `next` until it is absent.
 */
export function pagingLinks(
  reply: FastifyReply,
  url: string,
  query: Record<string, string | undefined>,
  limit: number,
  nextAfter: string | undefined,
): void {
  const build = (extra: Record<string, string>) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...query, ...extra })) if (value !== undefined) params.set(key, value);
    return `<${url}?${params.toString()}>`;
  };
  const links = [`${build({ limit: String(limit) })}; rel="self"`];
  if (nextAfter !== undefined) links.push(`${build({ limit: String(limit), after: nextAfter })}; rel="next"`);
  reply.header('link', links);
}

/** Users and groups: `next` (with `after` = the last id) when the page is full. */
export function linkHeader(
  reply: FastifyReply,
  url: string,
  query: Record<string, string | undefined>,
  items: { id: string }[],
  limit: number,
): void {
  const last = items.at(-1);
  pagingLinks(reply, url, query, limit, items.length === limit && last ? last.id : undefined);
}

const userFields: Record<string, UserCondition['field']> = {
  id: 'id',
  status: 'status',
  'profile.login': 'login',
  'profile.email': 'email',
  'profile.firstName': 'firstName',
  'profile.lastName': 'lastName',
  'profile.locale': 'locale',
};

/** One `field op "value"` term, on a field of the resource's own naming. */
export interface Term<F extends string> {
  field: F;
  op: 'eq' | 'sw';
  value: string;
}

/**
 * The subset of Okta's `filter` and `search` expressions we support: terms `field eq "value"` (and `sw` where the
 * caller allows it) joined by `and`, on the fields `fields` names (Okta's attribute paths). Anything else is refused
 * with Okta's 400 E0000031, not guessed at.
 */
export function parseExpression<F extends string>(
  expression: string,
  fields: Record<string, F>,
  operators: readonly Term<F>['op'][],
): Term<F>[] {
  const terms = expression.split(/\s+and\s+/i);
  return terms.map((term) => {
    const match = /^\s*\(?\s*([\w.]+)\s+(eq|sw)\s+"((?:[^"\\]|\\.)*)"\s*\)?\s*$/i.exec(term);
    const field = match?.[1] && Object.hasOwn(fields, match[1]) ? fields[match[1]] : undefined;
    const op = match?.[2]?.toLowerCase() as Term<F>['op'] | undefined;
    if (!match || !field || !op || !operators.includes(op)) {
      throw oktaErrors.invalidSearch([`Unsupported expression: ${term.trim()}`]);
    }
    return { field, op, value: (match[3] ?? '').replace(/\\(.)/g, '$1') };
  });
}

/** Users: on id, status and the profile attributes we keep. */
export const parseUserExpression = (expression: string, operators: readonly UserCondition['op'][]): UserCondition[] =>
  parseExpression(expression, userFields, operators);
