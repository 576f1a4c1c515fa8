import type { FastifyInstance } from 'fastify';
import { ProblemError } from './problem';

/**
 * A NUL character (U+0000) is never meaningful input: PostgreSQL cannot store it in text, so before this rule a NUL in
 * a search, a login or a form reached the database and failed there with a 500. It is refused at the boundary, once
 * for every route: 400 in the portal's problem shape (in Okta's envelope inside the IdP's scopes, whose error handler
 * maps any 4xx to E0000003), never a per-route check.
 */
export const nulRefused = () =>
  new ProblemError(400, 'bad_request', 'The request contains a NUL character, which is not accepted.');

/** `%00` in a URL (path or query), or a NUL sent as it is; `%2500` is the text "%00" and passes. */
const hasNul = (url: string) => url.includes('%00') || url.includes('\u0000');

/** A NUL in a string or an object key anywhere in a parsed body. Binary bodies (a Buffer: an upload) are not text. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some(containsNul);
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
}

/**
 * Installed on the root after the guard policy and before any route scope exists (a scope copies its parent's hooks
 * when it is created): the URL is checked in onRequest, right after the guard (an anonymous caller still gets its 401
 * whatever it sent), the body once it is parsed (preValidation, before the route's contract and handler).
 */
export function installNulRefusal(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done(hasNul(request.url) ? nulRefused() : undefined);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    done(containsNul(request.body) ? nulRefused() : undefined);
  });
}
