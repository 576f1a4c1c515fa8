import { PublicConfigSchema } from '@contracts/public-config';
import { defineArea } from '../area';
import { CodeExchangeBodySchema, codeExchangeUnsupported } from './refresh-token';
import { publicConfigOf } from './service';

/**
 * What the SPA needs before anyone signs in (docs/api.md "Identity and profile"): the OIDC configuration, and the
 * spec's server-side code exchange, which the portal refuses for a stated reason (./refresh-token.ts).
 */
export const identityArea = defineArea({
  name: 'identity',
  prefix: '/api/v1',
  guard: 'public',
  routes: (app, { config, identity, captcha }) => {
    app.get('/config/public', { schema: { response: { 200: PublicConfigSchema } } }, async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return publicConfigOf(config, identity, captcha.config);
    });

    // Always a 400 problem, never an answer: so no answer contract.
    app.post('/Auth/refreshToken', { schema: { body: CodeExchangeBodySchema }, config: { answer: 'empty' } }, () => {
      throw codeExchangeUnsupported();
    });
  },
});
