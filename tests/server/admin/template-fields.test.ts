import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  TemplateDetailSchema,
  TemplateFieldRecordListSchema,
  TemplateFieldRecordSchema,
  TemplateFieldSaveResultSchema,
  TemplateSchema,
  type TemplateFieldRecord,
} from '@contracts/admin/templates';
import { auditTrail } from '@server/api/support/audit';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { adminCaller, auditCount, auditRowsOf, fieldsOf, problemOf } from './harness';

/** TemplateField (public-and-profile §7: GET, GET/{id}, PUT/{id}): one placement of a field on a template. */
describe.each(databaseKinds)('admin template fields (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof adminCaller>;
  let claimsId: string;

  const placementsOf = async (templateId: string) =>
    v.parse(TemplateFieldRecordListSchema, (await call('GET', `TemplateField?templateId=${templateId}`)).json());
  const placement = async (id: string) =>
    v.parse(TemplateFieldRecordSchema, (await call('GET', `TemplateField/${id}`)).json());
  const named = async (templateId: string, dictionaryName: string) =>
    (await placementsOf(templateId)).find((field) => field.dictionaryName === dictionaryName)!;
  const bodyOf = (record: TemplateFieldRecord, over: Record<string, unknown> = {}) => ({
    displayOrder: record.displayOrder,
    mandatory: record.mandatory,
    hidden: record.hidden,
    adminField: record.adminField,
    lockForRoles: record.lockForRoles,
    version: record.version,
    ...over,
  });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    call = adminCaller(t);
    const templates = v.parse(v.array(TemplateSchema), (await call('GET', 'Template')).json());
    claimsId = templates.find((template) => template.name === 'Claims')!.id;
  });
  afterAll(() => t.dispose());

  it('lists the fields of a template in display order with their flags, and every placement without a template id', async () => {
    const claims = await placementsOf(claimsId);
    expect(claims.map((field) => [field.dictionaryName, field.displayOrder, field.mandatory])).toEqual([
      ['FirstName', 0, true],
      ['LastName', 1, true],
      ['EmployeeNumber', 2, true],
      ['PhoneNumber', 3, false],
    ]);
    const template = v.parse(TemplateDetailSchema, (await call('GET', `Template/${claimsId}`)).json());
    expect(claims.every((field) => field.templateName === 'Claims' && field.version === template.version)).toBe(true);
    const all = v.parse(TemplateFieldRecordListSchema, (await call('GET', 'TemplateField')).json());
    expect(new Set(all.map((field) => field.templateName))).toEqual(
      new Set(['Benefits enrolment', 'Claims', 'Default']),
    );
    expect(all.filter((field) => field.templateId === claimsId)).toEqual(claims);
  });

  it('reads one template field by its id, and answers 404 for an unknown id or template', async () => {
    const phone = await named(claimsId, 'PhoneNumber');
    expect(await placement(phone.id)).toEqual(phone);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await call('GET', `TemplateField/${missing}`)).toAnswer(404);
    expect(await call('GET', `TemplateField?templateId=${missing}`)).toAnswer(404);
    expect(await call('GET', 'TemplateField/not-an-id')).toAnswer(400);
  });

  it('updates one template field, audited before and after, and moves its template’s version', async () => {
    const phone = await named(claimsId, 'PhoneNumber');
    const response = await call('PUT', `TemplateField/${phone.id}`, {
      body: bodyOf(phone, { mandatory: true, lockForRoles: ['agent'], displayOrder: 4 }),
    });
    expect(response).toAnswer(200);
    const { object } = v.parse(TemplateFieldSaveResultSchema, response.json());
    expect(object).toMatchObject({
      id: phone.id,
      dictionaryName: 'PhoneNumber',
      mandatory: true,
      lockForRoles: ['agent'],
      displayOrder: 4,
      version: phone.version + 1,
    });
    expect(await placement(phone.id)).toEqual(object);
    const template = v.parse(TemplateDetailSchema, (await call('GET', `Template/${claimsId}`)).json());
    expect(template.version).toBe(phone.version + 1);
    expect(template.fields.find((field) => field.dictionaryName === 'PhoneNumber')).toMatchObject({ mandatory: true });
    const [audit] = await auditRowsOf(t, 'template_field', phone.id);
    expect(audit).toMatchObject({ action: 'update', before: { mandatory: false }, after: { mandatory: true } });
  });

  it('refuses a stale update with 409 and changes nothing (another field saved since), and makes the template editor’s read stale too', async () => {
    const first = await named(claimsId, 'FirstName');
    const before = await auditCount(t);
    const stale = await call('PUT', `TemplateField/${first.id}`, {
      body: bodyOf(first, { mandatory: false, version: first.version - 1 }),
    });
    expect(stale).toAnswer(409);
    expect(problemOf(stale).code).toBe('stale_update');
    expect(await placement(first.id)).toEqual(first);
    // The template editor holding the version before a TemplateField save is stale too.
    const template = v.parse(TemplateDetailSchema, (await call('GET', `Template/${claimsId}`)).json());
    const editor = await call('PUT', `Template/${claimsId}`, {
      body: { ...template, version: template.version - 1, name: 'Lost' },
    });
    expect(editor).toAnswer(409);
    expect(await auditCount(t)).toBe(before);
  });

  it('keeps a placement’s id across a template save that keeps its field', async () => {
    const template = v.parse(TemplateDetailSchema, (await call('GET', `Template/${claimsId}`)).json());
    const last = await named(claimsId, 'LastName');
    const saved = await call('PUT', `Template/${claimsId}`, {
      body: { ...template, fields: template.fields.map((field) => ({ ...field, hidden: true })) },
    });
    expect(saved).toAnswer(200);
    expect(await placement(last.id)).toMatchObject({ id: last.id, hidden: true, version: template.version + 1 });
  });

  it('refuses a malformed body with 400 naming each field, and writes nothing', async () => {
    const first = await named(claimsId, 'FirstName');
    const before = await auditCount(t);
    const response = await call('PUT', `TemplateField/${first.id}`, {
      body: { displayOrder: -1, mandatory: 'yes', hidden: false, lockForRoles: ['boss'], version: 0 },
    });
    expect(response).toAnswer(400);
    expect(fieldsOf(problemOf(response))).toEqual([
      'body.adminField',
      'body.displayOrder',
      'body.lockForRoles.0',
      'body.mandatory',
      'body.version',
    ]);
    const twice = await call('PUT', `TemplateField/${first.id}`, {
      body: bodyOf(first, { lockForRoles: ['agent', 'agent'] }),
    });
    expect(fieldsOf(problemOf(twice))).toEqual(['body.lockForRoles']);
    const missing = await call('PUT', 'TemplateField/00000000-0000-4000-8000-000000000000', { body: bodyOf(first) });
    expect(missing).toAnswer(404);
    expect(await placement(first.id)).toEqual(first);
    expect(await auditCount(t)).toBe(before);
  });

  it('rolls the change back when its audit row cannot be written', async () => {
    const first = await named(claimsId, 'FirstName');
    const spy = vi.spyOn(auditTrail, 'record').mockRejectedValueOnce(new Error('audit down'));
    try {
      const response = await call('PUT', `TemplateField/${first.id}`, { body: bodyOf(first, { mandatory: false }) });
      expect(response).toAnswer(500);
    } finally {
      spy.mockRestore();
    }
    expect(await placement(first.id)).toEqual(first);
  });

  it('answers 401 to anonymous callers and 403 to everyone but provider administrators', async () => {
    const first = await named(claimsId, 'FirstName');
    expect(await call('GET', 'TemplateField', { as: 'anonymous' })).toAnswer(401);
    expect(await call('PUT', `TemplateField/${first.id}`, { as: 'anonymous', body: bodyOf(first) })).toAnswer(401);
    for (const as of ['acmeClientAdmin', 'acmeUser', 'agent'] as const) {
      expect(await call('GET', 'TemplateField', { as })).toAnswer(403);
      expect(await call('GET', `TemplateField/${first.id}`, { as })).toAnswer(403);
      expect(await call('PUT', `TemplateField/${first.id}`, { as, body: bodyOf(first) })).toAnswer(403);
    }
    expect(await placement(first.id)).toEqual(first);
  });
});
