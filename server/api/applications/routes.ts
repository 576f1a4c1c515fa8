import { ApplicationCreateSchema, ApplicationUpdateSchema, type Application } from '@contracts/admin/applications';
import { ClientIdParamsSchema, IdParamsSchema } from '@contracts/admin/common';
import {
  createApplication,
  deleteApplication,
  listApplications,
  listClientApplications,
  updateApplication,
} from './applications';
import { assertReaches } from './reach';
import { listRegions } from './regions';
import { actorOf, sendJson, type AdminRouteKit } from './route-kit';

/** Spec admin-and-board §7: regions and the application catalogue (docs/api.md "Admin catalogue"). */
export function applicationRoutes({ app, db, reach, lists }: AdminRouteKit): void {
  const admin = { preValidation: app.requireAdmin };
  const admins = { preValidation: app.requireRole('admin', 'clientadmin') };

  app.get('/ApplicationRegions', admin, () => listRegions(db));
  app.get('/Regions', admin, () => listRegions(db));
  app.get('/Application', admin, async (_request, reply) =>
    sendJson(reply, await lists.json('Application', () => listApplications(db))),
  );

  app.get(
    '/Application/Client/:clientId',
    { ...admins, schema: { params: ClientIdParamsSchema } },
    async (request): Promise<Application[]> => {
      assertReaches(await reach(request), request.params.clientId);
      return listClientApplications(db, request.params.clientId);
    },
  );

  app.post('/Application', { ...admin, schema: { body: ApplicationCreateSchema } }, async (request, reply) => {
    const object = await createApplication(db, request.body, actorOf(request));
    return reply.status(201).send({ isValid: true, object });
  });

  app.put(
    '/Application/:id',
    { ...admin, schema: { params: IdParamsSchema, body: ApplicationUpdateSchema } },
    async (request) => ({
      isValid: true,
      object: await updateApplication(db, request.params.id, request.body, actorOf(request)),
    }),
  );

  app.delete('/Application/:id', { ...admin, schema: { params: IdParamsSchema } }, async (request, reply) => {
    await deleteApplication(db, request.params.id, actorOf(request));
    return reply.status(204).send();
  });
}
