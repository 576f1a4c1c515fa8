import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import type { Db } from '../../db/client';
import { oktaErrors } from '../authn/errors';
import { factorTarget } from '../authn/factor-target';
import { preflight } from '../cors';
import { clientOf, logEvent, userActor } from '../events/catalogue';
import type { EventRecorder } from '../events/recorder';
import { deleteFactor, findFactor, listFactors } from '../factors/store';
import { WEBAUTHN_FACTOR_TYPE } from '../factors/webauthn';
import { signedIn } from './signed-in';

/** Gatehouse's own (Okta's is `/api/v1/users/{id}/factors` with an API token): the signed-in person's passkeys. */
export const MY_FACTORS = '/api/v1/users/me/factors';

export interface MyFactorsOptions {
  db: Db;
  provider: Provider;
  trustedOrigins: ReadonlySet<string>;
  events: EventRecorder;
}

/**
 * The profile form's passkey list (docs/api.md "My passkeys", issue 31 item 2): the person signed in by this browser's
 * `_session` cookie lists their active passkeys and removes one. Only ever their own: a factor id that is not one of
 * their passkeys (another person's, a TOTP factor, unknown) answers 404 E0000007, the same for each. Removing a
 * passkey removes that factor only: no session, token or other factor ends (`user.mfa.factor.deactivate`).
 */
export function myFactorsRoutes(scope: FastifyInstance, { db, provider, trustedOrigins, events }: MyFactorsOptions) {
  scope.options(MY_FACTORS, preflight(trustedOrigins, 'GET', { credentials: true }));
  scope.options(`${MY_FACTORS}/:factorId`, preflight(trustedOrigins, 'DELETE', { credentials: true }));

  scope.get(MY_FACTORS, async (request, reply) => {
    const current = await signedIn(db, provider, request, reply);
    if (!current) throw oktaErrors.notFound('session');
    const factors = await listFactors(db, current.user.id);
    return factors
      .filter((factor) => factor.factorType === WEBAUTHN_FACTOR_TYPE && factor.status === 'ACTIVE')
      .map((factor) => ({
        id: factor.id,
        factorType: factor.factorType,
        provider: factor.provider,
        status: factor.status,
        created: factor.createdAt.toISOString(),
        lastUpdated: factor.updatedAt.toISOString(),
      }));
  });

  scope.delete<{ Params: { factorId: string } }>(`${MY_FACTORS}/:factorId`, async (request, reply) => {
    const current = await signedIn(db, provider, request, reply);
    if (!current) throw oktaErrors.notFound('session');
    const { factorId } = request.params;
    const factor = await findFactor(db, current.user.id, factorId);
    if (factor?.factorType !== WEBAUTHN_FACTOR_TYPE || !(await deleteFactor(db, current.user.id, factorId)))
      throw oktaErrors.notFound(`${factorId} (UserFactor)`);
    events.record(
      logEvent('user.mfa.factor.deactivate', clientOf(request), userActor(current.user), {
        reason: 'Removed by its owner',
        targets: [factorTarget(factor)],
      }),
    );
    return reply.status(204).send();
  });
}
