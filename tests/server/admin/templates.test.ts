import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FieldSchema } from '@contracts/admin/fields';
import {
  TemplateDetailSchema,
  TemplateSaveResultSchema,
  TemplateSchema,
  type TemplateDetail,
} from '@contracts/admin/templates';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { adminCaller, auditCount, auditRowsOf, fieldsOf, problemOf } from './harness';

describe.each(databaseKinds)('admin templates (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof adminCaller>;
  let fieldId: Record<string, string>;

  const listed = async () => v.parse(v.array(TemplateSchema), (await call('GET', 'Template')).json());
  const detail = async (id: string) => v.parse(TemplateDetailSchema, (await call('GET', `Template/${id}`)).json());
  const named = async (name: string) => {
    const found = (await listed()).find((template) => template.name === name);
    return found === undefined ? undefined : detail(found.id);
  };
  const draft = (over: Record<string, unknown> = {}) => ({
    name: 'Onboarding',
    fields: [
      { fieldId: fieldId.FirstName, displayOrder: 0, mandatory: true },
      { fieldId: fieldId.SocialSecurityNumber, displayOrder: 1, lockForRoles: ['agent', 'user'] },
      { fieldId: fieldId.EmployeeNumber, displayOrder: 2, hidden: true, adminField: true },
    ],
    ...over,
  });
  const editOf = (template: TemplateDetail, over: Record<string, unknown> = {}) => ({ ...template, ...over });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    call = adminCaller(t);
    const all = v.parse(v.array(FieldSchema), (await call('GET', 'Field')).json());
    fieldId = Object.fromEntries(all.map((field) => [field.dictionaryName, field.id]));
  });
  afterAll(() => t.dispose());

  it('lists the templates with their field counts, by name', async () => {
    const all = await listed();
    expect(all.map((template) => [template.name, template.default, template.fieldCount])).toEqual([
      ['Benefits enrolment', false, 15],
      ['Claims', false, 4],
      ['Default', true, 5],
    ]);
  });

  it('reads a template with its fields in display order and their flags', async () => {
    const benefits = (await named('Benefits enrolment'))!;
    expect(benefits.fields.map((field) => field.displayOrder)).toEqual(benefits.fields.map((_, index) => index));
    expect(benefits.fields.find((field) => field.dictionaryName === 'SocialSecurityNumber')).toMatchObject({
      mandatory: true,
      lockForRoles: ['agent'],
      dataType: 'NVARCHAR',
    });
    expect(benefits.fields.find((field) => field.dictionaryName === 'EmployeeNumber')).toMatchObject({
      hidden: true,
      adminField: true,
    });
  });

  it('creates a template with its fields, audited', async () => {
    const response = await call('POST', 'Template', { body: draft() });
    expect(response).toAnswer(201);
    const { object } = v.parse(TemplateSaveResultSchema, response.json());
    expect(object).toMatchObject({ name: 'Onboarding', default: false, fieldCount: 3, version: 1 });
    expect(object.fields.map((field) => field.dictionaryName)).toEqual([
      'FirstName',
      'SocialSecurityNumber',
      'EmployeeNumber',
    ]);
    expect(object.fields[1]).toMatchObject({ lockForRoles: ['agent', 'user'], mandatory: false });
    const [audit] = await auditRowsOf(t, 'template', object.id);
    expect(audit).toMatchObject({ action: 'create', before: null });
    expect(audit?.after).toMatchObject({ fieldCount: 3 });
  });

  it('refuses a malformed body with 400 naming each field', async () => {
    const before = await auditCount(t);
    const response = await call('POST', 'Template', {
      body: {
        name: ' ',
        fields: [
          { fieldId: 'x', displayOrder: -1 },
          { fieldId: fieldId.City, displayOrder: 1, lockForRoles: ['boss'] },
        ],
      },
    });
    expect(response).toAnswer(400);
    expect(fieldsOf(problemOf(response))).toEqual([
      'body.fields.0.displayOrder',
      'body.fields.0.fieldId',
      'body.fields.1.lockForRoles.0',
      'body.name',
    ]);
    const twice = await call('POST', 'Template', {
      body: draft({ name: 'Twice', fields: [0, 1].map((order) => ({ fieldId: fieldId.City, displayOrder: order })) }),
    });
    expect(fieldsOf(problemOf(twice))).toEqual(['body.fields']);
    const unknown = await call('POST', 'Template', {
      body: draft({
        name: 'Unknown field',
        fields: [{ fieldId: '00000000-0000-4000-8000-000000000000', displayOrder: 0 }],
      }),
    });
    expect(unknown).toAnswer(400);
    expect(fieldsOf(problemOf(unknown))).toEqual(['body.fields.0.fieldId']);
    expect(await auditCount(t)).toBe(before);
  });

  it('refuses a taken name, or a second Default template, with 409 naming the field', async () => {
    const byName = await call('POST', 'Template', { body: draft({ name: 'claims' }) });
    expect(byName).toAnswer(409);
    expect(fieldsOf(problemOf(byName))).toEqual(['body.name']);
    const secondDefault = await call('POST', 'Template', { body: draft({ name: 'Base 2', default: true }) });
    expect(secondDefault).toAnswer(409);
    expect(fieldsOf(problemOf(secondDefault))).toEqual(['body.default']);
  });

  it('updates a template and replaces its fields with it, audited before and after', async () => {
    const onboarding = (await named('Onboarding'))!;
    const response = await call('PUT', `Template/${onboarding.id}`, {
      body: editOf(onboarding, {
        name: 'Onboarding (new hires)',
        fields: [
          { fieldId: fieldId.LastName, displayOrder: 0, mandatory: true },
          { fieldId: fieldId.FirstName, displayOrder: 1, mandatory: true },
        ],
      }),
    });
    expect(response).toAnswer(200);
    const { object } = v.parse(TemplateSaveResultSchema, response.json());
    expect(object).toMatchObject({ name: 'Onboarding (new hires)', fieldCount: 2, version: 2 });
    expect(object.fields.map((field) => field.dictionaryName)).toEqual(['LastName', 'FirstName']);
    const [update] = (await auditRowsOf(t, 'template', onboarding.id)).filter((row) => row.action === 'update');
    expect((update?.before as TemplateDetail).fields).toHaveLength(3);
    expect((update?.after as TemplateDetail).fields).toHaveLength(2);
  });

  it('refuses a stale update with 409, leaving the template and its fields as they were', async () => {
    const onboarding = (await named('Onboarding (new hires)'))!;
    const stale = await call('PUT', `Template/${onboarding.id}`, {
      body: editOf(onboarding, { version: 1, name: 'Lost', fields: [] }),
    });
    expect(stale).toAnswer(409);
    expect(problemOf(stale).code).toBe('stale_update');
    expect(await detail(onboarding.id)).toEqual(onboarding);
  });

  it('answers 404 for a template that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await call('GET', `Template/${missing}`)).toAnswer(404);
    const claims = (await named('Claims'))!;
    expect(await call('PUT', `Template/${missing}`, { body: editOf(claims, { name: 'Ghost' }) })).toAnswer(404);
    expect(await call('DELETE', `Template/${missing}`)).toAnswer(404);
  });

  it('refuses to delete a template a client application uses, or the Default one, saying why', async () => {
    const claims = (await named('Claims'))!;
    const used = await call('DELETE', `Template/${claims.id}`);
    expect(used).toAnswer(409);
    expect(problemOf(used).message).toMatch(/used by 2 client application/);
    const base = (await named('Default'))!;
    const baseAnswer = await call('DELETE', `Template/${base.id}`);
    expect(baseAnswer).toAnswer(409);
    expect(problemOf(baseAnswer).message).toMatch(/Default template/);
    expect(await detail(claims.id)).toEqual(claims);
  });

  it('deletes a template nobody uses, its placements with it', async () => {
    const onboarding = (await named('Onboarding (new hires)'))!;
    expect(await call('DELETE', `Template/${onboarding.id}`)).toAnswer(204);
    expect(await named('Onboarding (new hires)')).toBeUndefined();
    const [deleted] = (await auditRowsOf(t, 'template', onboarding.id)).filter((row) => row.action === 'delete');
    expect(deleted?.before).toMatchObject({ name: 'Onboarding (new hires)', fieldCount: 2 });
    // Its placements are gone, but the demo templates still place LastName: the field stays protected.
    expect(await call('DELETE', `Field/${fieldId.LastName!}`)).toAnswer(409);
  });

  describe('who may call', () => {
    it('answers 401 to an anonymous caller before looking at the body', async () => {
      const response = await call('POST', 'Template', { as: 'anonymous', body: { name: 1 } });
      expect(response).toAnswer(401);
      expect(problemOf(response).details).toBeUndefined();
    });

    it('refuses client administrators and everyone else with 403, reads and writes alike', async () => {
      const claims = (await named('Claims'))!;
      for (const as of ['acmeClientAdmin', 'acmeUser', 'agent'] as const) {
        expect(await call('GET', 'Template', { as })).toAnswer(403);
        expect(await call('GET', `Template/${claims.id}`, { as })).toAnswer(403);
        expect(await call('POST', 'Template', { as, body: draft({ name: 'Sneaky' }) })).toAnswer(403);
        expect(await call('PUT', `Template/${claims.id}`, { as, body: editOf(claims) })).toAnswer(403);
        expect(await call('DELETE', `Template/${claims.id}`, { as })).toAnswer(403);
      }
    });
  });
});
