import type { FastifyInstance } from 'fastify';
import { oktaErrors } from './authn/errors';

/**
 * okta-auth-js sends `Content-Type: application/json` on every call, also on bodiless ones (DELETE
 * /api/v1/sessions/me from `closeSession()`); Fastify's parser refuses such an empty body with 400, so the session
 * would never close. In this scope an empty JSON body reads as none.
 */
export function acceptEmptyJsonBodies(scope: FastifyInstance): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      done(oktaErrors.malformedBody(), undefined);
    }
  });
}
