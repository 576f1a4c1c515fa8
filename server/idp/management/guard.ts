import { ACTING_USER_HEADER } from '@contracts/system-log';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { oktaErrors } from '../authn/errors';
import { API_TOKEN_ACTOR, apiTokenTarget, clientOf, logEvent, type LogActor } from '../events/catalogue';
import type { EventRecorder } from '../events/recorder';
import type { AttemptCounter } from '../rate-limit';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whose directory records a token reaches: everyone's, or the people of one client (their logins' prefix). */
export type ApiTokenReach = { kind: 'all' } | { kind: 'client'; loginPrefix: string };

/** An administrator's API token that may be used now, with its owner's rights as they are at this moment. */
export interface ApiTokenGrant {
  tokenId: string;
  tokenName: string;
  /** The owner, the System Log's actor of every call made with the token. */
  actor: LogActor;
  reach: ApiTokenReach;
  rateLimitPerMinute: number;
}

/**
 * What the token store says of a presented value: a grant, a known token it refuses (so the refusal is logged against
 * that token), or nothing (no such token: nothing to log against, one 401 like any other).
 */
export type ApiTokenCheck =
  | { ok: true; grant: ApiTokenGrant }
  | { ok: false; token: { id: string; name: string }; actor: LogActor; reason: 'revoked' | 'expired' | 'owner' }
  | null;

/** Looks a presented value up (by its digest) in the store of administrators' API tokens (server/auth/api-tokens.ts). */
export type ApiTokenResolver = (value: string) => Promise<ApiTokenCheck>;

/** The identity provider's person of a login, as a System Log actor; null when there is none who may act. */
export type ActingUserResolver = (login: string) => Promise<LogActor | null>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the management scope's guard: the token's rights (the server's own token reaches everything). */
    apiToken: { actor: LogActor; reach: ApiTokenReach } | null;
  }
}

export interface ApiTokenGuardOptions {
  /** The portal's own server-internal token (server/auth/embedded-api-token.ts): every record, no limit, not logged. */
  apiToken: string | undefined;
  /** Administrators' API tokens; absent, only the internal token passes. */
  resolveApiToken: ApiTokenResolver | undefined;
  attempts: AttemptCounter;
  events: EventRecorder;
  /** Who the portal's `ACTING_USER_HEADER` names. */
  resolveActingUser: ActingUserResolver;
}

const RATE_WINDOW_MS = 60_000;

/**
 * `Authorization: SSWS <api token>`, Okta's API-token scheme (okta-compat §6). The server's own token is compared as
 * SHA-256 digests in constant time, so neither timing nor length says how close a guess came; any other value is
 * looked up by its digest among the administrators' tokens (issue 33 item 1), whose store checks expiry, revocation and
 * its owner's rights at every call. Each call with an administrator's token counts against its per-minute limit
 * (429 past it) and is written to the System Log, refusals of a known token too. Nothing configured, nothing passes.
 * Only the server's own token (the portal itself) may name the person it acts for (`ACTING_USER_HEADER`): that person
 * is then the actor; one the identity provider does not know, or who may not act, is refused (403). An
 * administrator's token always acts as its owner, whatever the header says.
 */
export function requireApiToken({
  apiToken,
  resolveApiToken,
  attempts,
  events,
  resolveActingUser,
}: ApiTokenGuardOptions) {
  const expected = apiToken ? digest(apiToken) : undefined;
  return async (request: FastifyRequest): Promise<void> => {
    const presented = /^SSWS\s+(\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!presented) throw oktaErrors.invalidToken();
    if (expected && timingSafeEqual(digest(presented), expected)) {
      const acting = request.headers[ACTING_USER_HEADER];
      if (acting === undefined) {
        request.apiToken = { actor: API_TOKEN_ACTOR, reach: { kind: 'all' } };
        return;
      }
      const actor = typeof acting === 'string' && acting !== '' ? await resolveActingUser(acting) : null;
      if (actor === null) throw oktaErrors.forbidden();
      request.apiToken = { actor, reach: { kind: 'all' } };
      return;
    }
    const check = resolveApiToken ? await resolveApiToken(presented) : null;
    if (check === null) throw oktaErrors.invalidToken();
    const use = (token: { id: string; name: string }, actor: LogActor, result: 'SUCCESS' | 'DENY', reason: string) =>
      events.record(
        logEvent('system.api_token.use', clientOf(request), actor, {
          result,
          reason: `${reason} ${request.method} ${request.url.split('?')[0] ?? ''}`,
          targets: [apiTokenTarget(token)],
        }),
      );
    if (!check.ok) {
      use(check.token, check.actor, 'DENY', check.reason);
      throw oktaErrors.invalidToken();
    }
    const { grant } = check;
    const token = { id: grant.tokenId, name: grant.tokenName };
    const hits = await attempts.hit(`apiToken:${grant.tokenId}`, RATE_WINDOW_MS);
    if (hits > grant.rateLimitPerMinute) {
      use(token, grant.actor, 'DENY', 'rate limit');
      throw oktaErrors.rateLimited();
    }
    use(token, grant.actor, 'SUCCESS', 'call');
    request.apiToken = { actor: grant.actor, reach: grant.reach };
  };
}

/** Whether a login belongs to the token's reach (logins are compared without case, as Okta compares them). */
export const reachesLogin = (reach: ApiTokenReach, login: string) =>
  reach.kind === 'all' || login.toLowerCase().startsWith(reach.loginPrefix.toLowerCase());
