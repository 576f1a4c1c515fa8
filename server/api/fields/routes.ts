import { IdParamsSchema } from '@contracts/admin/common';
import {
  FieldCreateSchema,
  FieldListSchema,
  FieldSaveResultSchema,
  FieldSchema,
  FieldUpdateSchema,
  SubFieldListSchema,
} from '@contracts/admin/fields';
import { sendJson } from '../../http/json';
import { defineArea } from '../area';
import { actorOf } from '../support/caller';
import { getField, listFields } from './queries';
import { createField, deleteField, updateField } from './service';

/** Spec admin-and-board §7: field definitions and their sub-fields (docs/api.md "Admin catalogue"). */
export const fieldsArea = defineArea({
  name: 'fields',
  prefix: '/api/v1',
  guard: 'providerAdmin',
  routes: (app, { db, lists }) => {
    const subfields = { schema: { params: IdParamsSchema, response: { 200: SubFieldListSchema } } };

    app.get('/Field', { schema: { response: { 200: FieldListSchema } } }, async (_request, reply) =>
      sendJson(reply, await lists.json('Field', FieldListSchema, () => listFields(db))),
    );
    app.get('/Field/:id', { schema: { params: IdParamsSchema, response: { 200: FieldSchema } } }, async (request) =>
      getField(db, request.params.id),
    );
    // The spec names both paths for the sub-fields of one field; they answer the same.
    app.get('/Field/subfields/:id', subfields, async (request) => (await getField(db, request.params.id)).subfields);
    app.get('/Field/allSubFields/:id', subfields, async (request) => (await getField(db, request.params.id)).subfields);

    app.post(
      '/Field',
      { schema: { body: FieldCreateSchema, response: { 201: FieldSaveResultSchema } } },
      async (request, reply) => {
        const object = await createField(db, request.body, actorOf(request));
        return reply.status(201).send({ isValid: true, object });
      },
    );

    app.put(
      '/Field/:id',
      { schema: { params: IdParamsSchema, body: FieldUpdateSchema, response: { 200: FieldSaveResultSchema } } },
      async (request) => ({
        isValid: true,
        object: await updateField(db, request.params.id, request.body, actorOf(request)),
      }),
    );

    app.delete(
      '/Field/:id',
      { schema: { params: IdParamsSchema }, config: { answer: 'empty' } },
      async (request, reply) => {
        await deleteField(db, request.params.id, actorOf(request));
        return reply.status(204).send();
      },
    );
  },
});
