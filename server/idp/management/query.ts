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

const fieldNames: Record<string, UserCondition['field']> = {
  id: 'id',
  status: 'status',
  'profile.login': 'login',
  'profile.email': 'email',
  'profile.firstName': 'firstName',
  'profile.lastName': 'lastName',
  'profile.locale': 'locale',
};

/**
 * The subset of Okta's `filter` and `search` expressions we support: terms `field eq "value"` (and `sw` for search)
 * joined by `and`, on id, status and the profile attributes we keep. Anything else is refused, not guessed at.
 */
export function parseUserExpression(expression: string, operators: readonly UserCondition['op'][]): UserCondition[] {
  const terms = expression.split(/\s+and\s+/i);
  return terms.map((term) => {
    const match = /^\s*\(?\s*([\w.]+)\s+(eq|sw)\s+"((?:[^"\\]|\\.)*)"\s*\)?\s*$/i.exec(term);
    const field = match?.[1] ? fieldNames[match[1]] : undefined;
    const op = match?.[2]?.toLowerCase() as UserCondition['op'] | undefined;
    if (!match || !field || !op || !operators.includes(op)) {
      throw oktaErrors.validation([`filter: Unsupported expression: ${term.trim()}`]);
    }
    return { field, op, value: (match[3] ?? '').replace(/\\(.)/g, '$1') };
  });
}
