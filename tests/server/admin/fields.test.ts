import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FieldSaveResultSchema, FieldSchema, SubFieldRecordSchema, type Field } from '@contracts/admin/fields';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { adminCaller, auditCount, auditRowsOf, fieldsOf, problemOf } from './harness';

describe.each(databaseKinds)('admin fields (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof adminCaller>;

  const listed = async () => v.parse(v.array(FieldSchema), (await call('GET', 'Field')).json());
  const named = async (name: string) => (await listed()).find((field) => field.dictionaryName === name)!;
  const option = (name: string, order: number) => ({
    subDictionaryName: name,
    subDefaultValue: name.toUpperCase(),
    subCssField: 'option',
    subDataType: 'OPTION',
    order,
  });
  const draft = (over: Record<string, unknown> = {}) => ({
    dictionaryName: 'ShirtSize',
    dataType: 'SELECT',
    dataLength: 40,
    metaTag: 'FirstName',
    fieldDescription: 'Size of the company shirt',
    defaultValue: 'M',
    subfields: [option('Small', 0), option('Medium', 1)],
    ...over,
  });
  // The record read is the body an edit sends back (the id travels in the path; the body's copy is ignored).
  const editOf = (field: Field, over: Record<string, unknown> = {}) => ({ ...field, ...over });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    call = adminCaller(t);
  });
  afterAll(() => t.dispose());

  it('lists every field with its sub-fields in order, by dictionary name', async () => {
    const all = await listed();
    const names = all.map((field) => field.dictionaryName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : 1)));
    const state = all.find((field) => field.dictionaryName === 'State')!;
    expect(state.dataType).toBe('SELECT');
    expect(state.subfields.length).toBeGreaterThan(1);
    expect(state.subfields.map((sub) => sub.order)).toEqual(state.subfields.map((_, index) => index));
    expect(state.subfields.every((sub) => sub.subDataType === 'OPTION')).toBe(true);
  });

  it('reads one field, and its sub-fields under both of the spec’s paths', async () => {
    const contact = await named('PreferredContact');
    expect((await call('GET', `Field/${contact.id}`)).json()).toEqual(contact);
    for (const path of ['subfields', 'allSubFields']) {
      const subs = v.parse(v.array(SubFieldRecordSchema), (await call('GET', `Field/${path}/${contact.id}`)).json());
      expect(subs).toEqual(contact.subfields);
      expect(subs.every((sub) => sub.subDataType === 'RADIO BUTTON')).toBe(true);
    }
    expect(await call('GET', 'Field/subfields/00000000-0000-4000-8000-000000000000')).toAnswer(404);
  });

  it('creates a SELECT with its options and meta tag; the data length is dropped for a type other than NVARCHAR', async () => {
    const response = await call('POST', 'Field', { body: draft() });
    expect(response).toAnswer(201);
    const { object } = v.parse(FieldSaveResultSchema, response.json());
    expect(object).toMatchObject({
      dictionaryName: 'ShirtSize',
      dataLength: 1,
      metaTag: 'FirstName',
      defaultValue: 'M',
    });
    expect(object.subfields.map((sub) => sub.subDictionaryName)).toEqual(['Small', 'Medium']);
    const [audit] = await auditRowsOf(t, 'field', object.id);
    expect(audit).toMatchObject({ action: 'create', before: null });
    expect(audit?.after).toMatchObject({ dictionaryName: 'ShirtSize', subfields: [{}, {}] });
  });

  it('keeps the data length, meta tag and default value of an NVARCHAR, and drops the default of a CHECKBOX', async () => {
    const text = await call('POST', 'Field', {
      body: draft({ dictionaryName: 'Nickname', dataType: 'NVARCHAR', subfields: [], defaultValue: 'Pat' }),
    });
    expect(text.json<{ object: Field }>().object).toMatchObject({
      dataLength: 40,
      metaTag: 'FirstName',
      defaultValue: 'Pat',
    });
    const box = await call('POST', 'Field', {
      body: draft({ dictionaryName: 'OptIn', dataType: 'CHECKBOX', subfields: [], defaultValue: 'true' }),
    });
    expect(box.json<{ object: Field }>().object).toMatchObject({
      dataLength: 1,
      metaTag: 'FirstName',
      defaultValue: null,
    });
  });

  it('refuses a malformed body with 400 naming each field', async () => {
    const before = await auditCount(t);
    const response = await call('POST', 'Field', {
      body: draft({ dictionaryName: '9 lives', dataType: 'TEXT', fieldDescription: '', maskRegex: '(' }),
    });
    expect(response).toAnswer(400);
    expect(fieldsOf(problemOf(response))).toEqual([
      'body.dataType',
      'body.dictionaryName',
      'body.fieldDescription',
      'body.maskRegex',
    ]);
    const wrongSubs = await call('POST', 'Field', {
      body: draft({ dictionaryName: 'Radio', dataType: 'RADIO BUTTON GROUP' }),
    });
    expect(fieldsOf(problemOf(wrongSubs))).toEqual(['body.subfields']);
    expect(await auditCount(t)).toBe(before);
  });

  it('saves a mask of the spec’s notation and refuses one that is not, so no mask is kept and silently ignored', async () => {
    const before = await auditCount(t);
    for (const maskRegex of ['^\\d{5}$', '000#000', '[0-9]+']) {
      const refused = await call('POST', 'Field', {
        body: draft({ dictionaryName: 'Badge', dataType: 'NVARCHAR', subfields: [], maskRegex }),
      });
      expect(refused).toAnswer(400);
      expect(problemOf(refused).details).toEqual([
        expect.objectContaining({ field: 'body.maskRegex', message: 'is not a valid mask' }),
      ]);
    }
    expect(await auditCount(t)).toBe(before);
    const saved = await call('POST', 'Field', {
      body: draft({ dictionaryName: 'Badge', dataType: 'NVARCHAR', subfields: [], maskRegex: 'SS-0000/99 (A).:,@\'"' }),
    });
    expect(saved.json<{ object: Field }>().object).toMatchObject({ maskRegex: 'SS-0000/99 (A).:,@\'"' });
  });

  it('refuses a taken dictionary name with 409 naming the field, whatever the case', async () => {
    const response = await call('POST', 'Field', { body: draft({ dictionaryName: 'firstname' }) });
    expect(response).toAnswer(409);
    expect(fieldsOf(problemOf(response))).toEqual(['body.dictionaryName']);
  });

  it('updates a field and replaces its sub-fields with it, one version for both, audited', async () => {
    const shirt = await named('ShirtSize');
    const response = await call('PUT', `Field/${shirt.id}`, {
      body: editOf(shirt, {
        fieldDescription: 'Shirt size',
        subfields: [option('Large', 0), option('Small', 1), option('Medium', 2)],
      }),
    });
    expect(response).toAnswer(200);
    const { object } = v.parse(FieldSaveResultSchema, response.json());
    expect(object.version).toBe(2);
    expect(object.subfields.map((sub) => sub.subDictionaryName)).toEqual(['Large', 'Small', 'Medium']);
    const [update] = (await auditRowsOf(t, 'field', shirt.id)).filter((row) => row.action === 'update');
    expect((update?.before as Field).subfields).toHaveLength(2);
    expect((update?.after as Field).subfields).toHaveLength(3);
  });

  it('saves a seeded SELECT unchanged, although its options carry no CSS class', async () => {
    const state = await named('State');
    expect(state.subfields.some((sub) => sub.subCssField === '')).toBe(true);
    const response = await call('PUT', `Field/${state.id}`, { body: editOf(state) });
    expect(response).toAnswer(200);
    const { object } = v.parse(FieldSaveResultSchema, response.json());
    expect(object.subfields).toEqual(state.subfields);
    expect(object.version).toBe(state.version + 1);
  });

  it('keeps the meta tag of the demo State field (SELECT) when it is saved, and lets it be set again (issue 29 §7)', async () => {
    const state = await named('State');
    expect(state.metaTag).toBe('GoogleState');
    const saved = await call('PUT', `Field/${state.id}`, { body: editOf(state, { fieldDescription: 'State (US)' }) });
    expect(saved).toAnswer(200);
    expect(v.parse(FieldSaveResultSchema, saved.json()).object).toMatchObject({ metaTag: 'GoogleState' });
    expect((await named('State')).metaTag).toBe('GoogleState');
    const cleared = await call('PUT', `Field/${state.id}`, { body: editOf(await named('State'), { metaTag: null }) });
    expect(v.parse(FieldSaveResultSchema, cleared.json()).object.metaTag).toBeNull();
    const again = await call('PUT', `Field/${state.id}`, {
      body: editOf(await named('State'), { metaTag: 'GoogleState' }),
    });
    expect(v.parse(FieldSaveResultSchema, again.json()).object.metaTag).toBe('GoogleState');
    const contact = await named('PreferredContact');
    const radio = await call('PUT', `Field/${contact.id}`, { body: editOf(contact, { metaTag: 'LastName' }) });
    expect(v.parse(FieldSaveResultSchema, radio.json()).object.metaTag).toBe('LastName');
    await call('PUT', `Field/${contact.id}`, { body: editOf(await named('PreferredContact'), { metaTag: null }) });
  });

  it('refuses a meta tag on a LABEL with 400 naming it, a label holding no value to prefill', async () => {
    const response = await call('POST', 'Field', {
      body: draft({ dictionaryName: 'Heading', dataType: 'LABEL', subfields: [], metaTag: 'GoogleCity' }),
    });
    expect(response).toAnswer(400);
    expect(fieldsOf(problemOf(response))).toEqual(['body.metaTag']);
  });

  it('refuses a stale update with 409, leaving field and sub-fields as they were', async () => {
    const shirt = await named('ShirtSize');
    const stale = await call('PUT', `Field/${shirt.id}`, {
      body: editOf(shirt, { version: 1, fieldDescription: 'Lost', subfields: [] }),
    });
    expect(stale).toAnswer(409);
    expect(problemOf(stale).code).toBe('stale_update');
    expect(await named('ShirtSize')).toEqual(shirt);
  });

  it('answers 404 for a field that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await call('GET', `Field/${missing}`)).toAnswer(404);
    expect(await call('PUT', `Field/${missing}`, { body: editOf(await named('ShirtSize')) })).toAnswer(404);
    expect(await call('DELETE', `Field/${missing}`)).toAnswer(404);
  });

  it('refuses to delete a field a template places, naming the templates', async () => {
    const first = await named('FirstName');
    const response = await call('DELETE', `Field/${first.id}`);
    expect(response).toAnswer(409);
    expect(problemOf(response).message).toMatch(/Benefits enrolment, Claims, Default/);
    expect(await named('FirstName')).toEqual(first);
  });

  it('deletes a field no template places, its sub-fields with it', async () => {
    const shirt = await named('ShirtSize');
    expect(await call('DELETE', `Field/${shirt.id}`)).toAnswer(204);
    expect(await named('ShirtSize')).toBeUndefined();
    expect(await call('GET', `Field/subfields/${shirt.id}`)).toAnswer(404);
    const [deleted] = (await auditRowsOf(t, 'field', shirt.id)).filter((row) => row.action === 'delete');
    expect(deleted?.before).toMatchObject({ dictionaryName: 'ShirtSize' });
  });

  describe('who may call', () => {
    it('answers 401 to an anonymous caller before looking at the body', async () => {
      const response = await call('POST', 'Field', { as: 'anonymous', body: { dataType: 1 } });
      expect(response).toAnswer(401);
      expect(problemOf(response).details).toBeUndefined();
    });

    it('refuses client administrators and everyone else with 403, reads and writes alike', async () => {
      const first = await named('FirstName');
      for (const as of ['acmeClientAdmin', 'acmeUser', 'agent'] as const) {
        expect(await call('GET', 'Field', { as })).toAnswer(403);
        expect(await call('GET', `Field/${first.id}`, { as })).toAnswer(403);
        expect(await call('GET', `Field/subfields/${first.id}`, { as })).toAnswer(403);
        expect(await call('POST', 'Field', { as, body: draft({ dictionaryName: 'Sneaky' }) })).toAnswer(403);
        expect(await call('PUT', `Field/${first.id}`, { as, body: editOf(first) })).toAnswer(403);
        expect(await call('DELETE', `Field/${first.id}`, { as })).toAnswer(403);
      }
    });
  });
});
