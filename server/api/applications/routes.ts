import {
  ApplicationCreateSchema,
  ApplicationListSchema,
  ApplicationSaveResultSchema,
  ApplicationUpdateSchema,
  RegionListSchema,
} from '@contracts/admin/applications';
import { IdParamsSchema } from '@contracts/admin/common';
import { sendJson } from '../../http/json';
import { defineArea } from '../area';
import { actorOf } from '../support/caller';
import { listApplications, listRegions } from './queries';
import { createApplication, deleteApplication, updateApplication } from './service';

/** Spec admin-and-board §7: regions and the application catalogue (docs/api.md "Admin catalogue"). */
export const applicationsArea = defineArea({
  name: 'applications',
  prefix: '/api/v1',
  guard: 'providerAdmin',
  routes: (app, { db, lists }) => {
    const regions = { schema: { response: { 200: RegionListSchema } } };
    app.get('/ApplicationRegions', regions, () => listRegions(db));
    app.get('/Regions', regions, () => listRegions(db));
    app.get('/Application', { schema: { response: { 200: ApplicationListSchema } } }, async (_request, reply) =>
      sendJson(reply, await lists.json('Application', ApplicationListSchema, () => listApplications(db))),
    );

    app.post(
      '/Application',
      { schema: { body: ApplicationCreateSchema, response: { 201: ApplicationSaveResultSchema } } },
      async (request, reply) => {
        const object = await createApplication(db, request.body, actorOf(request));
        return reply.status(201).send({ isValid: true, object });
      },
    );

    app.put(
      '/Application/:id',
      {
        schema: {
          params: IdParamsSchema,
          body: ApplicationUpdateSchema,
          response: { 200: ApplicationSaveResultSchema },
        },
      },
      async (request) => ({
        isValid: true,
        object: await updateApplication(db, request.params.id, request.body, actorOf(request)),
      }),
    );

    app.delete(
      '/Application/:id',
      { schema: { params: IdParamsSchema }, config: { answer: 'empty' } },
      async (request, reply) => {
        await deleteApplication(db, request.params.id, actorOf(request));
        return reply.status(204).send();
      },
    );
  },
});
