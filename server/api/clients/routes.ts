import { IdParamsSchema } from '@contracts/admin/common';
import {
  ClientCreateResultSchema,
  ClientCreateSchema,
  ClientListSchema,
  ClientSaveResultSchema,
  ClientSchema,
  ClientUpdateSchema,
  CmsClientListSchema,
} from '@contracts/admin/clients';
import { sendJson } from '../../http/json';
import { defineArea, type ApiDeps } from '../area';
import { actorOf, reachOfCaller } from '../support/caller';
import { assertReaches } from '../support/reach';
import { getClient, listClients, listCmsClients } from './queries';
import { createClient, deleteClient, updateClient } from './service';

/**
 * Spec admin-and-board §7: clients (docs/api.md "Admin catalogue"). A client administrator reads their own client;
 * only the provider administrator lists CMS sites and changes clients.
 */
/** SSOIDs name the embedded identity provider's registry entries; with a real Okta org (no sealer) they are Okta's. */
const registryOf = (deps: ApiDeps) => ({ registry: deps.identity.sealer !== undefined });

export const clientsArea = defineArea({
  name: 'clients',
  prefix: '/api/v1',
  guard: 'admin',
  routes: (app, deps) => {
    const { db, lists } = deps;
    const providerAdmin = { guard: 'providerAdmin' } as const;

    // Registered before Client/:id (the router prefers the static path anyway; the order says so to a reader).
    app.get('/Client/CMSClient', { config: providerAdmin, schema: { response: { 200: CmsClientListSchema } } }, () =>
      listCmsClients(db),
    );

    app.get('/Client', { schema: { response: { 200: ClientListSchema } } }, async (request, reply) => {
      const reached = await reachOfCaller(deps, request);
      // Only the provider administrator's list (all clients) is remembered; a client administrator's is one row.
      if (reached.kind !== 'all') return listClients(db, reached);
      return sendJson(reply, await lists.json('Client', ClientListSchema, () => listClients(db, reached)));
    });

    app.get('/Client/:id', { schema: { params: IdParamsSchema, response: { 200: ClientSchema } } }, async (request) => {
      assertReaches(await reachOfCaller(deps, request), request.params.id);
      return getClient(db, request.params.id);
    });

    app.post(
      '/Client',
      { config: providerAdmin, schema: { body: ClientCreateSchema, response: { 201: ClientCreateResultSchema } } },
      async (request, reply) => {
        const object = await createClient(db, request.body, actorOf(request), registryOf(deps));
        return reply.status(201).send({ isValid: true, id: object.id, object });
      },
    );

    app.put(
      '/Client/:id',
      {
        config: providerAdmin,
        schema: { params: IdParamsSchema, body: ClientUpdateSchema, response: { 200: ClientSaveResultSchema } },
      },
      async (request) => ({
        isValid: true,
        object: await updateClient(db, request.params.id, request.body, actorOf(request), registryOf(deps)),
      }),
    );

    app.delete(
      '/Client/:id',
      { config: { ...providerAdmin, answer: 'empty' }, schema: { params: IdParamsSchema } },
      async (request, reply) => {
        await deleteClient(db, request.params.id, actorOf(request));
        return reply.status(204).send();
      },
    );
  },
});
