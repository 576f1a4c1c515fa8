import { IdParamsSchema } from '@contracts/admin/common';
import {
  TemplateCreateSchema,
  TemplateDetailSchema,
  TemplateFieldQuerySchema,
  TemplateFieldRecordListSchema,
  TemplateFieldRecordSchema,
  TemplateFieldSaveResultSchema,
  TemplateFieldUpdateSchema,
  TemplateListSchema,
  TemplateSaveResultSchema,
  TemplateUpdateSchema,
} from '@contracts/admin/templates';
import { sendJson } from '../../http/json';
import { defineArea } from '../area';
import { actorOf } from '../support/caller';
import { getTemplate, getTemplateField, listTemplateFields, listTemplates } from './queries';
import { createTemplate, deleteTemplate, updateTemplate, updateTemplateField } from './service';

/** Form templates: the page the spec leaves to us (docs/api.md "Admin catalogue"). */
export const templatesArea = defineArea({
  name: 'templates',
  prefix: '/api/v1',
  guard: 'providerAdmin',
  routes: (app, { db, lists }) => {
    app.get('/Template', { schema: { response: { 200: TemplateListSchema } } }, async (_request, reply) =>
      sendJson(reply, await lists.json('Template', TemplateListSchema, () => listTemplates(db))),
    );
    app.get(
      '/Template/:id',
      { schema: { params: IdParamsSchema, response: { 200: TemplateDetailSchema } } },
      async (request) => getTemplate(db, request.params.id),
    );

    app.post(
      '/Template',
      { schema: { body: TemplateCreateSchema, response: { 201: TemplateSaveResultSchema } } },
      async (request, reply) => {
        const object = await createTemplate(db, request.body, actorOf(request));
        return reply.status(201).send({ isValid: true, object });
      },
    );

    app.put(
      '/Template/:id',
      { schema: { params: IdParamsSchema, body: TemplateUpdateSchema, response: { 200: TemplateSaveResultSchema } } },
      async (request) => ({
        isValid: true,
        object: await updateTemplate(db, request.params.id, request.body, actorOf(request)),
      }),
    );

    // TemplateField (public-and-profile §7): one placement of a field on a template, read and updated on its own.
    app.get(
      '/TemplateField',
      { schema: { querystring: TemplateFieldQuerySchema, response: { 200: TemplateFieldRecordListSchema } } },
      async (request) => listTemplateFields(db, request.query.templateId),
    );
    app.get(
      '/TemplateField/:id',
      { schema: { params: IdParamsSchema, response: { 200: TemplateFieldRecordSchema } } },
      async (request) => getTemplateField(db, request.params.id),
    );
    app.put(
      '/TemplateField/:id',
      {
        schema: {
          params: IdParamsSchema,
          body: TemplateFieldUpdateSchema,
          response: { 200: TemplateFieldSaveResultSchema },
        },
      },
      async (request) => ({
        isValid: true,
        object: await updateTemplateField(db, request.params.id, request.body, actorOf(request)),
      }),
    );

    app.delete(
      '/Template/:id',
      { schema: { params: IdParamsSchema }, config: { answer: 'empty' } },
      async (request, reply) => {
        await deleteTemplate(db, request.params.id, actorOf(request));
        return reply.status(204).send();
      },
    );
  },
});
