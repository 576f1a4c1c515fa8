import { ApplicationListSchema } from '@contracts/admin/applications';
import {
  ApplicationTemplateClientFieldListSchema,
  ClientApplicationActivationSchema,
  ClientApplicationListSchema,
  ClientApplicationTemplateSchema,
  ClientApplicationTemplateUpdateSchema,
} from '@contracts/admin/client-applications';
import { ClientIdParamsSchema, IdParamsSchema } from '@contracts/admin/common';
import { listClientApplications } from '../applications/queries';
import { notFound } from '../../http/problem';
import { defineArea } from '../area';
import { findClient } from '../profile/service';
import { actorOf, reachOfCaller } from '../support/caller';
import { assertReaches, clientOfRead } from '../support/reach';
import { ClientQuerySchema } from '../resources/query-params';
import { getTemplateRecord, listForClient, templateRecordOf } from './queries';
import { saveActivation, updateTemplateRecord } from './service';
import { readTemplateClientFields } from './template-fields-view';

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
        return templateRecordOf(db, record);
      },
    );

    // The spec's ViewApplicationTemplateClientField: every client the caller reaches (a client administrator: their
    // own, whatever `clientId` says; another client answers 404), or one with `clientId`.
    app.get(
      '/ApplicationTemplateClientField',
      { schema: { querystring: ClientQuerySchema, response: { 200: ApplicationTemplateClientFieldListSchema } } },
      async (request) => {
        const reach = await reachOfCaller(deps, request);
        const named = request.query.clientId;
        const client = named === undefined ? undefined : await findClient(db, named);
        if (named !== undefined && client === undefined) throw notFound('No client has this id.');
        return readTemplateClientFields(db, { clientId: clientOfRead(reach, client?.id) });
      },
    );

    // One client application's placements (`id`: the client application's, as `ClientApplicationTemplate/{id}`).
    app.get(
      '/ApplicationTemplateClientField/:id',
      { schema: { params: IdParamsSchema, response: { 200: ApplicationTemplateClientFieldListSchema } } },
      async (request) => {
        const record = await getTemplateRecord(db, request.params.id);
        assertReaches(await reachOfCaller(deps, request), record.clientId, 'client application');
        return readTemplateClientFields(db, { clientId: record.clientId, clientApplicationId: record.id });
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
