import { IdParamsSchema } from '@contracts/admin/common';
import {
  ApiTokenCreateSchema,
  ApiTokenCreatedSchema,
  ApiTokenListSchema,
  ApiTokenOwnerListSchema,
} from '@contracts/admin/api-tokens';
import { defineArea } from '../area';
import { listApiTokens, listOwners } from './queries';
import { createApiToken, revokeApiToken } from './service';

/**
 * API tokens for the embedded IdP's management API (docs/api.md "API tokens"): the provider administrator makes,
 * lists and revokes them. Nothing here is cached: a token's last use changes with every call made with it.
 */
export const apiTokensArea = defineArea({
  name: 'api-tokens',
  prefix: '/api/v1',
  guard: 'providerAdmin',
  routes: (app, deps) => {
    app.get('/ApiToken', { schema: { response: { 200: ApiTokenListSchema } } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return listApiTokens(deps.db);
    });

    app.get('/ApiTokenOwner', { schema: { response: { 200: ApiTokenOwnerListSchema } } }, async () =>
      listOwners(deps.db, deps.config.providerPrefix),
    );

    app.post(
      '/ApiToken',
      { schema: { body: ApiTokenCreateSchema, response: { 201: ApiTokenCreatedSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return reply.status(201).send(await createApiToken(deps, request, request.body));
      },
    );

    app.delete(
      '/ApiToken/:id',
      { schema: { params: IdParamsSchema }, config: { answer: 'empty' } },
      async (request, reply) => {
        await revokeApiToken(deps, request, request.params.id);
        return reply.status(204).send();
      },
    );
  },
});
