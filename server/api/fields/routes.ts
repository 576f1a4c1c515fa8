import { IdParamsSchema } from '@contracts/admin/common';
import { FieldCreateSchema, FieldUpdateSchema } from '@contracts/admin/fields';
import { createField, deleteField, getField, listFields, updateField } from './fields';
import { actorOf, sendJson, type AdminRouteKit } from './route-kit';

/** Spec admin-and-board §7: field definitions and their sub-fields (docs/api.md "Admin catalogue"). */
export function fieldRoutes({ app, db, lists }: AdminRouteKit): void {
  const admin = { preValidation: app.requireAdmin };
  const byId = { ...admin, schema: { params: IdParamsSchema } };

  app.get('/Field', admin, async (_request, reply) => sendJson(reply, await lists.json('Field', () => listFields(db))));
  app.get('/Field/:id', byId, async (request) => getField(db, request.params.id));
  // The spec names both paths for the sub-fields of one field; they answer the same.
  app.get('/Field/subfields/:id', byId, async (request) => (await getField(db, request.params.id)).subfields);
  app.get('/Field/allSubFields/:id', byId, async (request) => (await getField(db, request.params.id)).subfields);

  app.post('/Field', { ...admin, schema: { body: FieldCreateSchema } }, async (request, reply) => {
    const object = await createField(db, request.body, actorOf(request));
    return reply.status(201).send({ isValid: true, object });
  });

  app.put('/Field/:id', { ...admin, schema: { params: IdParamsSchema, body: FieldUpdateSchema } }, async (request) => ({
    isValid: true,
    object: await updateField(db, request.params.id, request.body, actorOf(request)),
  }));

  app.delete('/Field/:id', byId, async (request, reply) => {
    await deleteField(db, request.params.id, actorOf(request));
    return reply.status(204).send();
  });
}
