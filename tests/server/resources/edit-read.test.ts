import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputForEditSchema, LabelForEditSchema, NO_ROW_VERSION } from '@contracts/resource-edit';
import { clients } from '@server/db/schema';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { bearer } from '../support/tokens';

const api = '/api/v1/resource';
const ADMIN = 'AUL__admin@gatehouse.test';
const CLIENT_ADMIN = 'ACME__clientadmin@acme.test';

describe.each(databaseKinds)('Edit Mode reads: GET resource/label and resource/input (%s)', (kind) => {
  let t: TestApp;
  let acmeId: string;
  let admin: Record<string, string>;

  const readLabel = async (query: string, headers = admin) => t.app.inject({ url: `${api}/label?${query}`, headers });
  const patchLabel = (payload: object) =>
    t.app.inject({ method: 'PATCH', url: `${api}/label`, headers: admin, payload });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    acmeId = (await t.database.db.select({ id: clients.id }).from(clients).where(eq(clients.portalAlias, 'acme')))[0]!
      .id;
    admin = bearer(await t.tokens.sign({ sub: ADMIN }));
  });
  afterAll(() => t.dispose());

  it('answers 401 without a token, and 403 to a client administrator outside their own client', async () => {
    expect((await readLabel('key=Login_Text_Title&culture=es', {})).statusCode).toBe(401);
    const clientAdmin = bearer(await t.tokens.sign({ sub: CLIENT_ADMIN }));
    expect((await readLabel('key=Login_Text_Title&culture=es', clientAdmin)).statusCode).toBe(403);
    expect((await readLabel('key=Login_Text_Title&culture=es&clientId=globex', clientAdmin)).statusCode).toBe(403);
    const user = bearer(await t.tokens.sign({ sub: 'ACME__maria@acme.test' }));
    expect((await readLabel('key=Login_Text_Title&culture=es&clientId=acme', user)).statusCode).toBe(403);
  });

  it('offers "Applies to" by role: all clients and each client to the provider administrator, their own client to a client administrator (issue 29 §4)', async () => {
    const provider = v.parse(LabelForEditSchema, (await readLabel('key=Login_Text_Title&culture=es')).json());
    expect(provider.choices.global).toBe(true);
    const names = provider.choices.clients.map((client) => client.name);
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(provider.choices.clients).toContainEqual(expect.objectContaining({ id: acmeId, portalAlias: 'acme' }));
    const clientAdmin = bearer(await t.tokens.sign({ sub: CLIENT_ADMIN }));
    const own = await readLabel('key=Login_Text_Title&culture=es&clientId=acme', clientAdmin);
    expect(own.statusCode).toBe(200);
    expect(v.parse(LabelForEditSchema, own.json()).choices).toEqual({
      global: false,
      clients: [expect.objectContaining({ id: acmeId, portalAlias: 'acme' })],
    });
  });

  it('starts a Spanish scope from a Spanish text only, never from an English row (issue 29 §7)', async () => {
    const key = 'Login_Text_EnglishOnlyProbe';
    expect(
      (await patchLabel({ key, value: 'English only', culture: 'en-us', clientId: 'acme', version: NO_ROW_VERSION }))
        .statusCode,
    ).toBe(200);
    const spanish = v.parse(LabelForEditSchema, (await readLabel(`key=${key}&culture=es&clientId=acme`)).json());
    expect(spanish).toMatchObject({ value: null, version: null });
  });

  it('refuses a malformed key with 400 naming the field', async () => {
    const response = await readLabel('key=not%20a%20key&culture=es');
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('"query.key"');
  });

  it('gives a scope without its own row the fallback value and no version; saving with version 0 creates it once', async () => {
    const key = 'Login_Text_EditReadProbe';
    const before = v.parse(LabelForEditSchema, (await readLabel(`key=${key}&culture=es&clientId=acme`)).json());
    expect(before).toMatchObject({ key, culture: 'es', clientId: acmeId, value: null, version: null });

    const first = await patchLabel({ key, value: 'Primero', culture: 'es', clientId: 'acme', version: NO_ROW_VERSION });
    expect(first.statusCode).toBe(200);
    // A second editor who also saw "no row" is refused: the row exists now.
    const second = await patchLabel({
      key,
      value: 'Segundo',
      culture: 'es',
      clientId: 'acme',
      version: NO_ROW_VERSION,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'stale_update' });

    const after = v.parse(LabelForEditSchema, (await readLabel(`key=${key}&culture=es&clientId=acme`)).json());
    expect(after).toMatchObject({ value: 'Primero', version: 1 });
    // The global scope has no row of its own and nothing to fall back to.
    expect(v.parse(LabelForEditSchema, (await readLabel(`key=${key}&culture=es`)).json())).toMatchObject({
      clientId: null,
      value: null,
      version: null,
    });
  });

  it('reads the version a stale edit is judged by', async () => {
    const key = 'Login_Text_Title';
    const read = v.parse(LabelForEditSchema, (await readLabel(`key=${key}&culture=en-us&clientId=acme`)).json());
    expect(read.version).not.toBeNull();
    const saved = await patchLabel({
      key,
      value: 'Acme sign-in',
      culture: 'en-us',
      clientId: 'acme',
      version: read.version,
    });
    expect(saved.statusCode).toBe(200);
    const stale = await patchLabel({
      key,
      value: 'Too late',
      culture: 'en-us',
      clientId: 'acme',
      version: read.version,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('reads an input resource through the fallback order, and 404 for an unknown input key', async () => {
    const inputs = await t.app.inject({ url: `${api}/aggregatedByPage?components=Application&culture=es` });
    const [key] = Object.keys(inputs.json<{ inputs: Record<string, unknown> }>().inputs);
    expect(key).toBeDefined();
    const response = await t.app.inject({
      url: `${api}/input?key=${key ?? ''}&culture=es&clientId=acme`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    const read = v.parse(InputForEditSchema, response.json());
    expect(read.input.key).toBe(key);
    expect(read.clientId).toBe(acmeId);
    const missing = await t.app.inject({ url: `${api}/input?key=Nothing_Field_Here&culture=es`, headers: admin });
    expect(missing.statusCode).toBe(404);
  });
});
