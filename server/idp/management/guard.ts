import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { oktaErrors } from '../authn/errors';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `Authorization: SSWS <api token>`, Okta's API-token scheme (okta-compat §6). Compared as SHA-256 digests in
 * constant time, so neither timing nor length says how close a guess came. Without a configured token, nothing
 * passes: the management API is closed rather than open.
 */
export function requireApiToken(apiToken: string | undefined) {
  const expected = apiToken ? digest(apiToken) : undefined;
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const match = /^SSWS\s+(\S+)$/.exec(request.headers.authorization ?? '');
    if (!expected || !match?.[1] || !timingSafeEqual(digest(match[1]), expected)) done(oktaErrors.invalidToken());
    else done();
  };
}
