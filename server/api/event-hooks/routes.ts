import {
  EventHookCreateSchema,
  EventHookCreatedSchema,
  EventHookDeliveryListSchema,
  EventHookListSchema,
  EventHookParamsSchema,
  EventHookSchema,
} from '@contracts/admin/event-hooks';
import { defineArea } from '../area';
import { createEventHook, deleteEventHook, setEventHookActive, verifyEventHook } from './service';

/** The delivery log lists this many of a hook's latest deliveries. */
const DELIVERIES_SHOWN = 100;

/**
 * Event hooks of the identity provider (issue 33 item 4, docs/api.md "Event hooks"): the provider administrator
 * lists, registers, verifies, activates, deactivates and deletes them and reads each one's delivery log. A hook hears
 * every client's events, so only the provider administrator may reach them. Nothing is cached: deliveries change by
 * the second.
 */
export const eventHooksArea = defineArea({
  name: 'event-hooks',
  prefix: '/api/v1',
  guard: 'providerAdmin',
  routes: (app, deps) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get('/EventHook', { schema: { response: { 200: EventHookListSchema } } }, async () =>
      deps.identity.directory.listEventHooks(),
    );

    app.post(
      '/EventHook',
      { schema: { body: EventHookCreateSchema, response: { 201: EventHookCreatedSchema } } },
      async (request, reply) => reply.status(201).send(await createEventHook(deps, request, request.body)),
    );

    app.post(
      '/EventHook/:id/verify',
      { schema: { params: EventHookParamsSchema, response: { 200: EventHookSchema } } },
      async (request) => verifyEventHook(deps, request, request.params.id),
    );

    app.post(
      '/EventHook/:id/activate',
      { schema: { params: EventHookParamsSchema, response: { 200: EventHookSchema } } },
      async (request) => setEventHookActive(deps, request, request.params.id, true),
    );

    app.post(
      '/EventHook/:id/deactivate',
      { schema: { params: EventHookParamsSchema, response: { 200: EventHookSchema } } },
      async (request) => setEventHookActive(deps, request, request.params.id, false),
    );

    app.delete(
      '/EventHook/:id',
      { schema: { params: EventHookParamsSchema }, config: { answer: 'empty' } },
      async (request, reply) => {
        await deleteEventHook(deps, request, request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/EventHook/:id/Delivery',
      { schema: { params: EventHookParamsSchema, response: { 200: EventHookDeliveryListSchema } } },
      async (request) => deps.identity.directory.listEventHookDeliveries(request.params.id, DELIVERIES_SHOWN),
    );
  },
});
