import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaqEntryListSchema, FaqEntrySchema, type FaqEntry } from '@contracts/admin/faq';
import { FaqSchema } from '@contracts/resources';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { adminCaller, auditRowsOf, clientIdOf, fieldsOf, problemOf } from './harness';

/**
 * The FAQ editor's API (server/api/faq; issue 11 "beyond the spec"): scoped to the caller's reach, answers cleaned on
 * write, stale edits refused, every change audited, and the help page's cached answer replaced at once.
 */
describe.each(databaseKinds)('FAQ editor API (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof adminCaller>;
  let acmeId: string;
  let globexId: string;

  const draft = (header: string, questionText = '<p>Una respuesta.</p>') => ({
    culture: 'es',
    part: 'Ayuda',
    section: 'A',
    header,
    tags: 'ayuda',
    questionText,
    order: 50,
  });
  const helpPage = async (client: string, culture: string) =>
    v.parse(
      FaqSchema,
      (await call('GET', `resource/faq?clientId=${client}&culture=${culture}`, { as: 'anonymous' })).json(),
    );
  const created = async (body: unknown, as: 'admin' | 'acmeClientAdmin' = 'acmeClientAdmin') => {
    const response = await call('POST', `Faq/${acmeId}`, { as, body });
    expect(response).toAnswer(201);
    return v.parse(FaqEntrySchema, response.json());
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    call = adminCaller(t);
    acmeId = await clientIdOf(t, 'acme');
    globexId = await clientIdOf(t, 'globex');
  });
  afterAll(() => t.dispose());

  it("lists only one client's own questions in one culture", async () => {
    const response = await call('GET', `Faq/${acmeId}?culture=es`, { as: 'acmeClientAdmin' });
    expect(response).toAnswer(200);
    const list = v.parse(FaqEntryListSchema, response.json());
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((entry) => entry.clientId === acmeId && entry.culture === 'es')).toBe(true);
  });

  it("lets a client administrator add to their client's help page, in that culture only, at once", async () => {
    // Read first, so the answer is cached under the current version: the write must make it stale.
    expect((await helpPage('acme', 'es')).map((q) => q.header)).not.toContain('¿Dónde está mi factura?');
    const entry = await created(draft('¿Dónde está mi factura?'));
    expect(entry).toMatchObject({ clientId: acmeId, culture: 'es', part: 'Ayuda', version: 1 });
    expect((await helpPage('acme', 'es')).map((q) => q.header)).toContain('¿Dónde está mi factura?');
    expect((await helpPage('acme', 'en-us')).map((q) => q.header)).not.toContain('¿Dónde está mi factura?');
    expect((await helpPage('globex', 'es')).map((q) => q.header)).not.toContain('¿Dónde está mi factura?');
  });

  it("answers another client's questions as missing to a client administrator", async () => {
    expect(await call('GET', `Faq/${globexId}?culture=es`, { as: 'acmeClientAdmin' })).toAnswer(404);
    expect(await call('POST', `Faq/${globexId}`, { as: 'acmeClientAdmin', body: draft('Intruso') })).toAnswer(404);
    const globexEntry = v.parse(
      FaqEntrySchema,
      (await call('POST', `Faq/${globexId}`, { body: draft('De Globex') })).json(),
    );
    const update = { ...draft('Cambiado'), version: globexEntry.version };
    // Neither through the other client's address, nor through their own with the other client's question id.
    expect(await call('PUT', `Faq/${globexId}/${globexEntry.id}`, { as: 'acmeClientAdmin', body: update })).toAnswer(
      404,
    );
    expect(await call('PUT', `Faq/${acmeId}/${globexEntry.id}`, { as: 'acmeClientAdmin', body: update })).toAnswer(404);
    expect(await call('DELETE', `Faq/${acmeId}/${globexEntry.id}?version=1`, { as: 'acmeClientAdmin' })).toAnswer(404);
    expect((await helpPage('globex', 'es')).map((q) => q.header)).toContain('De Globex');
  });

  it('takes the client’s portal alias wherever it takes its id (docs/api.md "Client references")', async () => {
    const byAlias = await call('GET', 'Faq/acme?culture=es', { as: 'acmeClientAdmin' });
    expect(byAlias).toAnswer(200);
    const byId = await call('GET', `Faq/${acmeId}?culture=es`, { as: 'acmeClientAdmin' });
    expect(v.parse(FaqEntryListSchema, byAlias.json())).toEqual(v.parse(FaqEntryListSchema, byId.json()));
    const entry = v.parse(
      FaqEntrySchema,
      (await call('POST', 'Faq/ACME', { as: 'acmeClientAdmin', body: draft('Por alias') })).json(),
    );
    expect(entry.clientId).toBe(acmeId);
    const update = { ...draft('Por alias, cambiada'), version: entry.version };
    expect(await call('PUT', `Faq/acme/${entry.id}`, { as: 'acmeClientAdmin', body: update })).toAnswer(200);
    expect(await call('DELETE', `Faq/acme/${entry.id}?version=2`, { as: 'acmeClientAdmin' })).toAnswer(204);
    // Another client's alias is as missing as an unknown one.
    expect(await call('GET', 'Faq/globex?culture=es', { as: 'acmeClientAdmin' })).toAnswer(404);
    expect(await call('GET', 'Faq/no-such-client?culture=es')).toAnswer(404);
  });

  it('answers the provider’s questions to the help page without a client (`/Faq`)', async () => {
    const provider = (await helpPage('provider', 'en-us')).map((q) => q.header);
    expect(provider).toContain('How do I add a client organisation?');
    const unnamed = v
      .parse(FaqSchema, (await call('GET', 'resource/faq?culture=en-us', { as: 'anonymous' })).json())
      .map((q) => q.header);
    expect(unnamed).toEqual(provider);
  });

  it('refuses people who are not administrators', async () => {
    expect(await call('GET', `Faq/${acmeId}?culture=es`, { as: 'acmeUser' })).toAnswer(403);
    expect(await call('POST', `Faq/${acmeId}`, { as: 'anonymous', body: draft('Anónimo') })).toAnswer(401);
  });

  it('cleans the answer before it is stored: no script, event handler or javascript: link survives', async () => {
    const entry = await created(
      draft(
        'Limpia',
        '<p onclick="alert(1)">Hola <a href="javascript:alert(2)">x</a> <a href="https://acme.test/ayuda">y</a></p>' +
          '<script>alert(3)</script><img src=x onerror="alert(4)"><iframe src="https://evil.test"></iframe>',
      ),
    );
    expect(entry.questionText).toBe('<p>Hola <a>x</a> <a href="https://acme.test/ayuda">y</a></p>');
    const shown = (await helpPage('acme', 'es')).find((q) => q.id === entry.id);
    expect(shown?.questionText).toBe(entry.questionText);
  });

  it('refuses a stale edit with 409 and keeps the newer text', async () => {
    const entry = await created(draft('Versión'));
    const first = await call('PUT', `Faq/${acmeId}/${entry.id}`, {
      as: 'acmeClientAdmin',
      body: { ...draft('Versión 2'), version: entry.version },
    });
    expect(first).toAnswer(200);
    expect(v.parse(FaqEntrySchema, first.json()).version).toBe(entry.version + 1);
    const stale = await call('PUT', `Faq/${acmeId}/${entry.id}`, {
      as: 'acmeClientAdmin',
      body: { ...draft('Versión vieja'), version: entry.version },
    });
    expect(stale).toAnswer(409);
    expect(problemOf(stale).code).toBe('stale_update');
    expect(await call('DELETE', `Faq/${acmeId}/${entry.id}?version=${String(entry.version)}`)).toAnswer(409);
    expect((await helpPage('acme', 'es')).map((q) => q.header)).toContain('Versión 2');
  });

  it('audits every change with who made it, before and after', async () => {
    const entry = await created(draft('Auditada'));
    const updated = v.parse(
      FaqEntrySchema,
      (
        await call('PUT', `Faq/${acmeId}/${entry.id}`, {
          as: 'acmeClientAdmin',
          body: { ...draft('Auditada 2'), version: entry.version },
        })
      ).json(),
    );
    expect(
      await call('DELETE', `Faq/${acmeId}/${entry.id}?version=${String(updated.version)}`, { as: 'acmeClientAdmin' }),
    ).toAnswer(204);
    const rows = await auditRowsOf(t, 'faq_question', entry.id);
    const headerOf = (row: unknown) => (row as FaqEntry | null)?.header ?? null;
    expect(rows.map((row) => [row.action, row.actor, headerOf(row.before), headerOf(row.after)])).toEqual([
      ['create', 'ACME__clientadmin@acme.test', null, 'Auditada'],
      ['update', 'ACME__clientadmin@acme.test', 'Auditada', 'Auditada 2'],
      ['delete', 'ACME__clientadmin@acme.test', 'Auditada 2', null],
    ]);
    expect((await helpPage('acme', 'es')).map((q) => q.header)).not.toContain('Auditada 2');
  });

  it('refuses a question without its header or answer, naming the inputs', async () => {
    const response = await call('POST', `Faq/${acmeId}`, {
      as: 'acmeClientAdmin',
      body: { ...draft(''), questionText: '' },
    });
    expect(response).toAnswer(400);
    expect(fieldsOf(problemOf(response))).toEqual(['body.header', 'body.questionText']);
  });
});
