import {
  ClientApplicationActivationSchema,
  ClientApplicationTemplateUpdateSchema,
} from '@contracts/admin/client-applications';
import { ClientCreateSchema, ClientUpdateSchema } from '@contracts/admin/clients';
import { ClientIdParamsSchema, IdParamsSchema } from '@contracts/admin/common';
import {
  getTemplateRecord,
  listForClient,
  saveActivation,
  updateTemplateRecord,
  withoutClient,
} from './client-applications';
import { createClient, deleteClient, getClient, listClients, updateClient } from './clients';
import { listCmsClients } from './cms-sites';
import { assertReaches } from './reach';
import { actorOf, sendJson, type AdminRouteKit } from './route-kit';

/** Spec admin-and-board §7: clients and the applications each offers (docs/api.md "Admin catalogue"). */
export function clientRoutes({ app, db, reach, lists }: AdminRouteKit): void {
  const admin = { preValidation: app.requireAdmin };
  const admins = { preValidation: app.requireRole('admin', 'clientadmin') };

  // Registered before Client/:id (the router prefers the static path anyway; the order says so to a reader).
  app.get('/Client/CMSClient', admin, () => listCmsClients(db));

  app.get('/Client', admins, async (request, reply) => {
    const reached = await reach(request);
    // Only the provider administrator's list (all clients) is remembered; a client administrator's is one row.
    if (reached.kind !== 'all') return listClients(db, reached);
    return sendJson(reply, await lists.json('Client', () => listClients(db, reached)));
  });

  app.get('/Client/:id', { ...admins, schema: { params: IdParamsSchema } }, async (request) => {
    assertReaches(await reach(request), request.params.id);
    return getClient(db, request.params.id);
  });

  app.post('/Client', { ...admin, schema: { body: ClientCreateSchema } }, async (request, reply) => {
    const object = await createClient(db, request.body, actorOf(request));
    return reply.status(201).send({ isValid: true, id: object.id, object });
  });

  app.put(
    '/Client/:id',
    { ...admin, schema: { params: IdParamsSchema, body: ClientUpdateSchema } },
    async (request) => ({
      isValid: true,
      object: await updateClient(db, request.params.id, request.body, actorOf(request)),
    }),
  );

  app.delete('/Client/:id', { ...admin, schema: { params: IdParamsSchema } }, async (request, reply) => {
    await deleteClient(db, request.params.id, actorOf(request));
    return reply.status(204).send();
  });

  app.get('/ClientApplication/:clientId', { ...admins, schema: { params: ClientIdParamsSchema } }, async (request) => {
    assertReaches(await reach(request), request.params.clientId);
    return listForClient(db, request.params.clientId);
  });

  app.put(
    '/ClientApplication/:clientId',
    { ...admin, schema: { params: ClientIdParamsSchema, body: ClientApplicationActivationSchema } },
    async (request) => saveActivation(db, request.params.clientId, request.body, actorOf(request)),
  );

  app.get('/ClientApplicationTemplate/:id', { ...admins, schema: { params: IdParamsSchema } }, async (request) => {
    const record = await getTemplateRecord(db, request.params.id);
    assertReaches(await reach(request), record.clientId, 'client application');
    return withoutClient(record);
  });

  app.put(
    '/ClientApplicationTemplate/:id',
    { ...admin, schema: { params: IdParamsSchema, body: ClientApplicationTemplateUpdateSchema } },
    async (request) => updateTemplateRecord(db, request.params.id, request.body, actorOf(request)),
  );
}
