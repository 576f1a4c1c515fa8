import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Problem } from '@contracts/errors';
import type { Config } from '../config';
import { ProblemError } from './problem';

/**
 * One public address (issue 29 §1, docs/operations.md "Behind a reverse proxy"). Gatehouse answers at PUBLIC_URL only:
 * the issuer, the cookies, the Content-Security-Policy and every link in mail name it, so a page opened under another
 * name (`127.0.0.1` for `localhost`, the server's own address behind a proxy) cannot sign anyone in.
 *
 * Which address a request came in by:
 * - TRUST_PROXY=0: its Host.
 * - TRUST_PROXY≥1: the X-Forwarded-Host (and X-Forwarded-Proto) the nearest proxy set, when it sets one; a proxy that
 *   sends none (nginx's default rewrites Host to the upstream's address) has chosen this server itself, and is
 *   believed.
 *
 * A page (GET or HEAD outside /api and the issuer's path) under another address is redirected, 308, to the same path
 * at PUBLIC_URL; anything else is refused with 421 Misdirected Request in the API's problem shape. The health check
 * answers under any address: load balancers probe the server's own.
 */

/** `/api/v1/health`, as the router matches it (any case, a trailing slash, a query). */
const HEALTH_PATH = /^\/api\/v1\/health\/?(\?|$)/i;
const API_OR_OAUTH_PATH = /^\/(api|oauth2)(\/|\?|$)/i;

/** The host of `authority` as a URL of `protocol` would have it: lower case, without the scheme's default port. */
function normalHost(authority: string, protocol: string): string | null {
  if (authority === '' || /[/?#@\\\s]/.test(authority)) return null;
  try {
    return new URL(`${protocol}//${authority}`).host;
  } catch {
    return null;
  }
}

/** The last entry of a header a proxy appends to (X-Forwarded-*): the one the nearest proxy wrote. */
function lastEntry(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value.at(-1) : value;
  return text?.split(',').at(-1)?.trim();
}

export interface RequestAddress {
  /** `http:` or `https:`; null when nothing says (a direct request, or a proxy that sends no X-Forwarded-Proto). */
  protocol: string | null;
  /** The host and port, or null when a trusted proxy did not say which name the client used. */
  host: string | null;
}

/** The address a request came in by, under the rule above. */
export function requestAddress(request: FastifyRequest, trustProxyHops: number): RequestAddress {
  if (trustProxyHops === 0) return { protocol: null, host: request.headers.host ?? '' };
  const proto = lastEntry(request.headers['x-forwarded-proto'])?.toLowerCase();
  return {
    protocol: proto === undefined || proto === '' ? null : `${proto}:`,
    host: lastEntry(request.headers['x-forwarded-host']) ?? null,
  };
}

/** Whether `address` is PUBLIC_URL's: what it does not say counts as agreeing. */
export function isPublicAddress(address: RequestAddress, publicUrl: URL): boolean {
  if (address.protocol !== null && address.protocol !== publicUrl.protocol) return false;
  return address.host === null || normalHost(address.host, publicUrl.protocol) === publicUrl.host;
}

export const misdirected = (publicUrl: string) =>
  new ProblemError(421, 'misdirected_request', `This server answers at ${publicUrl} only.`);

export function installPublicAddress(app: FastifyInstance, config: Config): void {
  const publicUrl = new URL(config.publicUrl);
  let warned = false;
  app.addHook('onRequest', (request, reply, done) => {
    const address = requestAddress(request, config.trustProxyHops);
    if (isPublicAddress(address, publicUrl) || HEALTH_PATH.test(request.url)) {
      done();
      return;
    }
    if (!warned) {
      // Once per process: every request of a misconfigured proxy would say the same.
      warned = true;
      request.log.warn(
        { host: address.host, protocol: address.protocol, publicUrl: config.publicUrl },
        'A request came in under an address other than PUBLIC_URL: it is redirected (pages) or refused (421)',
      );
    }
    const page = (request.method === 'GET' || request.method === 'HEAD') && !API_OR_OAUTH_PATH.test(request.url);
    if (page) {
      // The path as sent after PUBLIC_URL's origin, so the target is that origin whatever the path looks like; a
      // request target in absolute form (`GET http://other/…`) goes to the home page.
      const path = request.url.startsWith('/') ? request.url : '/';
      void reply
        .status(308)
        .header('location', `${config.publicUrl}${path}`)
        .header('cache-control', 'no-store')
        .send();
      return;
    }
    const error = misdirected(config.publicUrl);
    const problem: Problem = { code: error.code, message: error.message, requestId: request.id };
    void reply.status(error.statusCode).header('cache-control', 'no-store').send(problem);
  });
}
