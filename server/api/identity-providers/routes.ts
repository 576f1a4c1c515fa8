import {
  IdentityProviderCreateSchema,
  IdentityProviderListSchema,
  IdentityProviderParamsSchema,
  IdentityProviderSchema,
  IdentityProviderUpdateSchema,
} from '@contracts/admin/identity-providers';
import { defineArea } from '../area';
import { getIdentityProvider, listIdentityProviders } from './queries';
import { createIdentityProvider, deleteIdentityProvider, updateIdentityProvider } from './service';

/**
 * The federation registry (issue 31 item 1, docs/api.md "Identity providers"): the provider administrator lists,
 * makes, changes and deletes the upstream OpenID and SAML providers of the embedded identity provider. The answers are
 * the contract's shape, which has no field for the client secret nor for a SAML entry's metadata document.
 */
export const identityProvidersArea = defineArea({
  name: 'identity-providers',
  prefix: '/api/v1',
  guard: 'providerAdmin',
  routes: (app, deps) => {
    app.get('/IdentityProvider', { schema: { response: { 200: IdentityProviderListSchema } } }, async (_r, reply) => {
      reply.header('cache-control', 'no-store');
      return listIdentityProviders(deps.db, new URL(deps.identity.issuer).origin);
    });

    app.get(
      '/IdentityProvider/:id',
      { schema: { params: IdentityProviderParamsSchema, response: { 200: IdentityProviderSchema } } },
      async (request) => getIdentityProvider(deps.db, request.params.id, new URL(deps.identity.issuer).origin),
    );

    app.post(
      '/IdentityProvider',
      { schema: { body: IdentityProviderCreateSchema, response: { 201: IdentityProviderSchema } } },
      async (request, reply) => reply.status(201).send(await createIdentityProvider(deps, request, request.body)),
    );

    app.put(
      '/IdentityProvider/:id',
      {
        schema: {
          params: IdentityProviderParamsSchema,
          body: IdentityProviderUpdateSchema,
          response: { 200: IdentityProviderSchema },
        },
      },
      async (request) => updateIdentityProvider(deps, request, request.params.id, request.body),
    );

    app.delete(
      '/IdentityProvider/:id',
      { schema: { params: IdentityProviderParamsSchema }, config: { answer: 'empty' } },
      async (request, reply) => {
        await deleteIdentityProvider(deps, request, request.params.id);
        return reply.status(204).send();
      },
    );
  },
});
