import {
  FaqDeleteQuerySchema,
  FaqDraftSchema,
  FaqEntryListSchema,
  FaqEntryParamsSchema,
  FaqEntrySchema,
  FaqScopeParamsSchema,
  FaqScopeQuerySchema,
  FaqUpdateSchema,
} from '@contracts/admin/faq';
import type { FastifyRequest } from 'fastify';
import { defineArea } from '../area';
import { actorOf, reachedClientId } from '../support/caller';
import { listFaq } from './queries';
import { createFaq, deleteFaq, updateFaq } from './service';

/**
 * The FAQ editor's calls (beyond the spec; issue 11; docs/api.md "FAQ editor"): the provider administrator edits any
 * client's questions, a client administrator only their own client's. Another client answers 404, as a missing one.
 * The client is named by its UUID or its portal alias, as every `clientId` (docs/api.md "Client references").
 */
export const faqArea = defineArea({
  name: 'faq',
  prefix: '/api/v1',
  guard: 'admin',
  routes: (app, deps) => {
    const { db } = deps;
    const reached = (request: FastifyRequest, clientRef: string) => reachedClientId(deps, request, clientRef);

    app.get(
      '/Faq/:clientId',
      {
        schema: {
          params: FaqScopeParamsSchema,
          querystring: FaqScopeQuerySchema,
          response: { 200: FaqEntryListSchema },
        },
      },
      async (request, reply) => {
        const clientId = await reached(request, request.params.clientId);
        // The editor must see what is stored now, never a cached answer.
        reply.header('cache-control', 'no-store');
        return listFaq(db, clientId, request.query.culture);
      },
    );

    app.post(
      '/Faq/:clientId',
      { schema: { params: FaqScopeParamsSchema, body: FaqDraftSchema, response: { 201: FaqEntrySchema } } },
      async (request, reply) => {
        const clientId = await reached(request, request.params.clientId);
        return reply.status(201).send(await createFaq(db, clientId, request.body, actorOf(request)));
      },
    );

    app.put(
      '/Faq/:clientId/:id',
      { schema: { params: FaqEntryParamsSchema, body: FaqUpdateSchema, response: { 200: FaqEntrySchema } } },
      async (request) => {
        const clientId = await reached(request, request.params.clientId);
        const { id } = request.params;
        return updateFaq(db, clientId, id, request.body, actorOf(request));
      },
    );

    app.delete(
      '/Faq/:clientId/:id',
      { schema: { params: FaqEntryParamsSchema, querystring: FaqDeleteQuerySchema }, config: { answer: 'empty' } },
      async (request, reply) => {
        const clientId = await reached(request, request.params.clientId);
        const { id } = request.params;
        await deleteFaq(db, clientId, id, request.query.version, actorOf(request));
        return reply.status(204).send();
      },
    );
  },
});
