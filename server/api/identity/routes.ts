import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { ProfileValidateQuerySchema, type ProfileValidateResult } from '@contracts/profile';
import { ClientIdSchema } from '@contracts/resources';
import type { IdentityProvider } from '../../auth/identity-provider';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { unauthorized } from '../../http/problem';
import type { ValibotTypeProvider } from '../../http/validation';
import { publicConfigOf } from './public-config';
import { CodeExchangeBodySchema, codeExchangeUnsupported } from './refresh-token';
import { readSecurityRecord } from './security-record';
import { validateProfile } from './user-profile';

const SecurityParamsSchema = v.object({
  email: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(320)),
  clientId: ClientIdSchema,
});

export interface PortalRoutesOptions {
  db: Db;
  config: Config;
  identity: IdentityProvider;
}

/** The portal's identity endpoints under /api/v1 (docs/api.md "Identity and profile"). */
export function portalRoutes(parent: FastifyInstance, { db, config, identity }: PortalRoutesOptions): void {
  const app = parent.withTypeProvider<ValibotTypeProvider>();
  const settings = { providerPrefix: config.providerPrefix, usernameRule: config.usernameRule };

  app.get('/config/public', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return publicConfigOf(config, identity);
  });

  // The spec's body is the profile; the server takes the person from the token instead, so any body is ignored.
  app.post(
    '/profile/validate',
    { preValidation: app.authenticate, schema: { querystring: ProfileValidateQuerySchema } },
    async (request, reply): Promise<ProfileValidateResult> => {
      const caller = request.principal;
      if (caller === null) throw unauthorized();
      const outcome = await validateProfile(
        db,
        {
          userId: caller.userId,
          clientRef: request.query.clientId?.trim() || undefined,
          applicationName: request.query.applicationName,
          tokenExpiresAt: caller.tokenExpiresAt,
        },
        settings,
      );
      if (outcome === null) throw unauthorized();
      reply.header('cache-control', 'no-store');
      return 'problem' in outcome
        ? { valid: false, validationMessage: outcome.problem, userProfile: null }
        : { valid: true, validationMessage: null, userProfile: outcome.profile };
    },
  );

  app.get(
    '/Security/:email/:clientId',
    { preValidation: app.authenticate, schema: { params: SecurityParamsSchema } },
    async (request, reply) => {
      const caller = request.principal;
      if (caller === null) throw unauthorized();
      reply.header('cache-control', 'no-store');
      return readSecurityRecord(db, identity.directory, {
        caller,
        email: request.params.email,
        clientRef: request.params.clientId,
        providerPrefix: config.providerPrefix,
      });
    },
  );

  app.post('/Auth/refreshToken', { schema: { body: CodeExchangeBodySchema } }, () => {
    throw codeExchangeUnsupported();
  });
}
