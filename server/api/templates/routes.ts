import { IdParamsSchema } from '@contracts/admin/common';
import { TemplateCreateSchema, TemplateUpdateSchema } from '@contracts/admin/templates';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from './templates';
import { actorOf, sendJson, type AdminRouteKit } from './route-kit';

/** Form templates: the page the spec leaves to us (docs/api.md "Admin catalogue"). */
export function templateRoutes({ app, db, lists }: AdminRouteKit): void {
  const admin = { preValidation: app.requireAdmin };
  const byId = { ...admin, schema: { params: IdParamsSchema } };

  app.get('/Template', admin, async (_request, reply) =>
    sendJson(reply, await lists.json('Template', () => listTemplates(db))),
  );
  app.get('/Template/:id', byId, async (request) => getTemplate(db, request.params.id));

  app.post('/Template', { ...admin, schema: { body: TemplateCreateSchema } }, async (request, reply) => {
    const object = await createTemplate(db, request.body, actorOf(request));
    return reply.status(201).send({ isValid: true, object });
  });

  app.put(
    '/Template/:id',
    { ...admin, schema: { params: IdParamsSchema, body: TemplateUpdateSchema } },
    async (request) => ({
      isValid: true,
      object: await updateTemplate(db, request.params.id, request.body, actorOf(request)),
    }),
  );

  app.delete('/Template/:id', byId, async (request, reply) => {
    await deleteTemplate(db, request.params.id, actorOf(request));
    return reply.status(204).send();
  });
}
