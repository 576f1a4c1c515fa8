import { ApplicationListSchema } from '@contracts/admin/applications';
import {
  ClientApplicationActivationSchema,
  ClientApplicationListSchema,
  ClientApplicationTemplateSchema,
  ClientApplicationTemplateUpdateSchema,
} from '@contracts/admin/client-applications';
import { ClientIdParamsSchema, IdParamsSchema } from '@contracts/admin/common';
import { listClientApplications } from '../applications/queries';
import { defineArea } from '../area';
import { actorOf, reachOfCaller } from '../support/caller';
import { assertReaches } from '../support/reach';
import { getTemplateRecord, listForClient, withoutClient } from './queries';
import { saveActivation, updateTemplateRecord } from './service';

/**
 * Spec admin-and-board §7: the applications each client offers (docs/api.md "Admin catalogue"). A client
 * administrator reads their own client's; only the provider administrator changes them.
 */
export const clientApplicationsArea = defineArea({
  name: 'client-applications',
  prefix: '/api/v1',
  guard: 'admin',
  routes: (app, deps) => {
    const { db } = deps;
    const providerAdmin = { guard: 'providerAdmin' } as const;

    app.get(
      '/Application/Client/:clientId',
      { schema: { params: ClientIdParamsSchema, response: { 200: ApplicationListSchema } } },
      async (request) => {
        assertReaches(await reachOfCaller(deps, request), request.params.clientId);
        return listClientApplications(db, request.params.clientId);
      },
    );

    app.get(
      '/ClientApplication/:clientId',
      { schema: { params: ClientIdParamsSchema, response: { 200: ClientApplicationListSchema } } },
      async (request) => {
        assertReaches(await reachOfCaller(deps, request), request.params.clientId);
        return listForClient(db, request.params.clientId);
      },
    );

    app.put(
      '/ClientApplication/:clientId',
      {
        config: providerAdmin,
        schema: {
          params: ClientIdParamsSchema,
          body: ClientApplicationActivationSchema,
          response: { 200: ClientApplicationListSchema },
        },
      },
      async (request) => saveActivation(db, request.params.clientId, request.body, actorOf(request)),
    );

    app.get(
      '/ClientApplicationTemplate/:id',
      { schema: { params: IdParamsSchema, response: { 200: ClientApplicationTemplateSchema } } },
      async (request) => {
        const record = await getTemplateRecord(db, request.params.id);
        assertReaches(await reachOfCaller(deps, request), record.clientId, 'client application');
        return withoutClient(record);
      },
    );

    app.put(
      '/ClientApplicationTemplate/:id',
      {
        config: providerAdmin,
        schema: {
          params: IdParamsSchema,
          body: ClientApplicationTemplateUpdateSchema,
          response: { 200: ClientApplicationTemplateSchema },
        },
      },
      async (request) => updateTemplateRecord(db, request.params.id, request.body, actorOf(request)),
    );
  },
});
