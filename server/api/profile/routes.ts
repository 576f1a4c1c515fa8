import * as v from 'valibot';
import {
  ProfileValidateQuerySchema,
  ProfileValidateResultSchema,
  SecurityRecordSchema,
  type ProfileValidateResult,
} from '@contracts/profile';
import { ClientIdSchema } from '@contracts/resources';
import { unauthorized } from '../../http/problem';
import { defineArea } from '../area';
import { readSecurityRecord } from './security-record';
import { validateProfile } from './service';

const SecurityParamsSchema = v.object({
  email: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(320)),
  clientId: ClientIdSchema,
});

/** The signed-in person's own profile and security record (docs/api.md "Identity and profile"). */
export const profileArea = defineArea({
  name: 'profile',
  prefix: '/api/v1',
  guard: 'signedIn',
  routes: (app, { db, config, identity }) => {
    const settings = { providerPrefix: config.providerPrefix, usernameRule: config.usernameRule };

    // The spec's body is the profile; the server takes the person from the token instead, so any body is ignored.
    app.post(
      '/profile/validate',
      { schema: { querystring: ProfileValidateQuerySchema, response: { 200: ProfileValidateResultSchema } } },
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
      { schema: { params: SecurityParamsSchema, response: { 200: SecurityRecordSchema } } },
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
  },
});
