import type { FastifyInstance } from 'fastify';
import { oktaErrors } from '../authn/errors';
import { acceptCode, deleteFactor, enrollTotp, FactorExistsError, findFactor, listFactors } from '../factors/store';
import { TOTP_FACTOR_TYPE, totpProviders, type TotpProvider } from '../factors/totp';
import { textField } from '../request-fields';
import type { ManagementContext } from './context';
import { factorBody } from './shapes';
import { userFromPath } from './users-routes';

const FACTORS = '/api/v1/users/:user/factors';

interface FactorRequest {
  Params: { user: string; factor: string };
}

/** A user's factors, managed by an administrator (okta-compat §6): TOTP only, as in authn. */
export function factorsRoutes(scope: FastifyInstance, ctx: ManagementContext): void {
  scope.get<{ Params: { user: string } }>(FACTORS, async (request) => {
    const user = await userFromPath(ctx, request.params.user);
    return (await listFactors(ctx.db, user.id)).map((factor) => factorBody(ctx.origin, ctx.sealer, user, factor));
  });

  scope.post<{ Params: { user: string } }>(FACTORS, async (request) => {
    const user = await userFromPath(ctx, request.params.user);
    const provider = textField(request.body, 'provider');
    if (
      textField(request.body, 'factorType') !== TOTP_FACTOR_TYPE ||
      !(totpProviders as readonly (string | undefined)[]).includes(provider)
    ) {
      throw oktaErrors.validation(['factorType: The factor type and provider are not supported.']);
    }
    try {
      const { factor, qrToken } = await enrollTotp(ctx.db, ctx.sealer, user.id, provider as TotpProvider);
      return factorBody(ctx.origin, ctx.sealer, user, factor, qrToken);
    } catch (error) {
      if (error instanceof FactorExistsError) throw oktaErrors.validation([error.message]);
      throw error;
    }
  });

  scope.post<FactorRequest>(`${FACTORS}/:factor/lifecycle/activate`, async (request) => {
    const user = await userFromPath(ctx, request.params.user);
    const factor = await findFactor(ctx.db, user.id, request.params.factor);
    if (factor?.status !== 'PENDING_ACTIVATION') throw oktaErrors.notFound(`${request.params.factor} (UserFactor)`);
    const outcome = await acceptCode(ctx.db, ctx.sealer, factor, textField(request.body, 'passCode') ?? '');
    if (outcome === 'wrong') throw oktaErrors.wrongPasscode();
    if (outcome === 'replayed') throw oktaErrors.replayedPasscode();
    const active = await findFactor(ctx.db, user.id, factor.id);
    if (!active) throw oktaErrors.notFound(`${factor.id} (UserFactor)`);
    return factorBody(ctx.origin, ctx.sealer, user, active);
  });

  scope.delete<FactorRequest>(`${FACTORS}/:factor`, async (request, reply) => {
    const user = await userFromPath(ctx, request.params.user);
    if (!(await deleteFactor(ctx.db, user.id, request.params.factor))) {
      throw oktaErrors.notFound(`${request.params.factor} (UserFactor)`);
    }
    return reply.status(204).send();
  });
}
