import { and, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProblemSchema } from '@contracts/errors';
import { AggregatedResourcesSchema, LabelSchema, ResourceVersionSchema } from '@contracts/resources';
import { auditLog, clients, inputResources, labels } from '@server/db/schema';
import { auditTrail } from '@server/api/support/audit';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { bearer } from '../support/tokens';

const api = '/api/v1/resource';
const ADMIN = 'AUL__admin@gatehouse.test';
const CLIENT_ADMIN = 'ACME__clientadmin@acme.test';

describe.each(databaseKinds)('resource writes (%s)', (kind) => {
  let t: TestApp;
  let acmeId: string;
  let admin: Record<string, string>;

  const version = async () =>
    v.parse(
      ResourceVersionSchema,
      (await t.app.inject({ url: `${api}/GetResourceVersionPerClient?clientId=acme` })).json(),
    ).version;
  const acmeTitle = async (culture: 'en-us' | 'es') =>
    t.database.db
      .select()
      .from(labels)
      .where(and(eq(labels.key, 'Login_Text_Title'), eq(labels.culture, culture), eq(labels.clientId, acmeId)));
  const patchLabel = (payload: object, headers: Record<string, string> = admin) =>
    t.app.inject({ method: 'PATCH', url: `${api}/label`, headers, payload });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    acmeId = (await t.database.db.select({ id: clients.id }).from(clients).where(eq(clients.portalAlias, 'acme')))[0]!
      .id;
    admin = bearer(await t.tokens.sign({ sub: ADMIN }));
  });
  afterAll(() => t.dispose());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe('PATCH label', () => {
    const edit = () => ({
      key: 'Login_Text_Title',
      value: 'Welcome to Acme Health',
      culture: 'en-us',
      clientId: acmeId,
    });

    it('refuses a request without a token with 401, and writes nothing', async () => {
      const [before] = await acmeTitle('en-us');
      const response = await patchLabel(edit(), {});
      expect(response.statusCode).toBe(401);
      expect(v.parse(ProblemSchema, response.json()).code).toBe('unauthorized');
      expect((await acmeTitle('en-us'))[0]?.value).toBe(before?.value);
    });

    it('checks the caller before the body: an anonymous malformed request gets 401, not the validation rules', async () => {
      const response = await patchLabel({ value: 42 }, {});
      expect(response.statusCode).toBe(401);
      expect(response.json()).not.toHaveProperty('details');
    });

    it('refuses a bad token with 401', async () => {
      expect((await patchLabel(edit(), bearer(await t.tokens.signWithForeignKey(ADMIN)))).statusCode).toBe(401);
      expect((await patchLabel(edit(), { authorization: 'Bearer not-a-jwt' })).statusCode).toBe(401);
    });

    it('lets a client administrator edit their own client’s texts only: all clients and another client are 403 (issue 29 §4)', async () => {
      const clientAdmin = bearer(await t.tokens.sign({ sub: CLIENT_ADMIN }));
      const own = await patchLabel({ ...edit(), key: 'Login_Text_ClientAdminProbe', value: 'Acme only' }, clientAdmin);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ clientId: acmeId, value: 'Acme only' });
      for (const clientId of [null, 'globex']) {
        const response = await patchLabel({ ...edit(), clientId }, clientAdmin);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 'forbidden' });
      }
      const user = bearer(await t.tokens.sign({ sub: 'ACME__maria@acme.test' }));
      expect((await patchLabel(edit(), user)).statusCode).toBe(403);
    });

    it('refuses a malformed body with 400 naming the field, and writes nothing', async () => {
      const auditRowsBefore = (await t.database.db.select().from(auditLog)).length;
      const response = await patchLabel({ ...edit(), value: '' });
      expect(response.statusCode).toBe(400);
      const problem = v.parse(ProblemSchema, response.json());
      expect(problem.details?.map((detail) => detail.field)).toEqual(['body.value']);
      const wrongType = v.parse(ProblemSchema, (await patchLabel({ ...edit(), culture: 'fr', value: 7 })).json());
      expect(wrongType.details?.map((detail) => detail.field).sort()).toEqual(['body.culture', 'body.value']);
      expect((await t.database.db.select().from(auditLog)).length).toBe(auditRowsBefore);
    });

    it('saves for an administrator: the new text is served, the version rises, the change is audited', async () => {
      const versionBefore = await version();
      const response = await patchLabel(edit());
      expect(response.statusCode).toBe(200);
      const saved = response.json<{ version: number; clientId: string; resourceId: string }>();
      expect(v.parse(LabelSchema, saved)).toMatchObject({ key: 'Login_Text_Title', value: 'Welcome to Acme Health' });
      expect(saved.clientId).toBe(acmeId);

      expect(await version()).toBeGreaterThan(versionBefore);
      const labelsAnswer = v.parse(
        v.array(LabelSchema),
        (await t.app.inject({ url: `${api}/labels?components=Login&culture=en-us&clientId=acme` })).json(),
      );
      expect(labelsAnswer.find((label) => label.key === 'Login_Text_Title')?.value).toBe('Welcome to Acme Health');
      const page = v.parse(
        AggregatedResourcesSchema,
        (await t.app.inject({ url: `${api}/aggregatedByPage?components=Login&culture=en-us&clientId=acme` })).json(),
      );
      expect(page.labels.Login_Text_Title).toBe('Welcome to Acme Health');

      const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, saved.resourceId));
      expect(audit).toMatchObject({ actor: ADMIN, action: 'update', entity: 'label' });
      expect(audit?.after).toMatchObject({ value: 'Welcome to Acme Health' });
    });

    it('creates a global override when none existed', async () => {
      const response = await patchLabel({
        key: 'Signup_Text_Brand_New',
        value: 'Brand new',
        culture: 'es',
        clientId: null,
      });
      expect(response.statusCode).toBe(200);
      const rows = await t.database.db
        .select()
        .from(labels)
        .where(and(eq(labels.key, 'Signup_Text_Brand_New'), isNull(labels.clientId)));
      expect(rows.map((row) => row.value)).toEqual(['Brand new']);
    });

    it('refuses an edit based on a stale row version with 409 stale_update', async () => {
      const [current] = await acmeTitle('en-us');
      const first = await patchLabel({ ...edit(), value: 'First editor', version: current!.version });
      expect(first.statusCode).toBe(200);
      const second = await patchLabel({ ...edit(), value: 'Second editor', version: current!.version });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ code: 'stale_update' });
      expect((await acmeTitle('en-us'))[0]?.value).toBe('First editor');
    });

    it('rolls the label back when the audit row cannot be written', async () => {
      const [before] = await acmeTitle('es');
      const versionBefore = await version();
      vi.spyOn(auditTrail, 'record').mockRejectedValueOnce(new Error('audit_log: disk full'));
      const response = await patchLabel({
        key: 'Login_Text_Title',
        value: 'Nunca guardado',
        culture: 'es',
        clientId: acmeId,
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ code: 'internal', message: 'Internal server error.' });
      expect(response.body).not.toContain('disk full');
      const [after] = await acmeTitle('es');
      expect(after?.value).toBe(before?.value);
      expect(after?.version).toBe(before?.version);
      expect(await version()).toBe(versionBefore);
    });

    it('answers 404 for a client that does not exist', async () => {
      const response = await patchLabel({ ...edit(), clientId: 'no-such-client' });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('PATCH input', () => {
    it('changes only the two texts, copying the rules into a new client override', async () => {
      const [global] = await t.database.db
        .select()
        .from(inputResources)
        .where(isNull(inputResources.clientId))
        .limit(1);
      const response = await t.app.inject({
        method: 'PATCH',
        url: `${api}/input`,
        headers: admin,
        payload: {
          key: global!.key,
          validationMessage: 'Tell us this',
          placeHolder: 'Type here',
          culture: global!.culture,
          clientId: 'acme',
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        key: global!.key,
        validationMessage: 'Tell us this',
        placeHolder: 'Type here',
        isRequired: global!.isRequired,
        type: global!.type,
        maxValue: global!.maxValue,
        clientId: acmeId,
      });
    });

    it('requires both texts', async () => {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `${api}/input`,
        headers: admin,
        payload: { key: 'Signup_Field_Email', validationMessage: 'x', culture: 'en-us', clientId: null },
      });
      expect(response.statusCode).toBe(400);
      expect(v.parse(ProblemSchema, response.json()).details?.map((detail) => detail.field)).toEqual([
        'body.placeHolder',
      ]);
    });
  });

  describe('ClearResourceCache', () => {
    it('bumps the global version for an administrator, by GET or POST', async () => {
      const before = v.parse(
        ResourceVersionSchema,
        (await t.app.inject({ url: `${api}/GetResourceVersion` })).json(),
      ).version;
      const cleared = await t.app.inject({ url: `${api}/ClearResourceCache`, headers: admin });
      expect(cleared.statusCode).toBe(200);
      const after = v.parse(ResourceVersionSchema, cleared.json()).version;
      expect(after).toBe(before + 1);
      const again = await t.app.inject({ method: 'POST', url: `${api}/clearresourcecache`, headers: admin });
      expect(v.parse(ResourceVersionSchema, again.json()).version).toBe(after + 1);
      expect(
        v.parse(ResourceVersionSchema, (await t.app.inject({ url: `${api}/GetResourceVersion` })).json()).version,
      ).toBe(after + 1);
    });

    it('is for administrators: a client administrator clears their own client’s cache, nobody else’s', async () => {
      expect((await t.app.inject({ url: `${api}/ClearResourceCache` })).statusCode).toBe(401);
      const user = bearer(await t.tokens.sign({ sub: 'ACME__maria@acme.test' }));
      expect((await t.app.inject({ url: `${api}/ClearResourceCache`, headers: user })).statusCode).toBe(403);
      const perClient = async (client: string) =>
        v.parse(
          ResourceVersionSchema,
          (await t.app.inject({ url: `${api}/GetResourceVersionPerClient?clientId=${client}` })).json(),
        ).version;
      const global = async () =>
        v.parse(ResourceVersionSchema, (await t.app.inject({ url: `${api}/GetResourceVersion` })).json()).version;
      const before = { acme: await perClient('acme'), globex: await perClient('globex'), global: await global() };
      const clientAdmin = bearer(await t.tokens.sign({ sub: CLIENT_ADMIN }));
      const cleared = await t.app.inject({ method: 'POST', url: `${api}/ClearResourceCache`, headers: clientAdmin });
      expect(cleared.statusCode).toBe(200);
      // Acme's pages see a higher version and reload their texts; the global scope and Globex's are untouched.
      expect(await perClient('acme')).toBe(v.parse(ResourceVersionSchema, cleared.json()).version);
      expect(await perClient('acme')).toBeGreaterThan(before.acme);
      expect(await global()).toBe(before.global);
      expect(await perClient('globex')).toBe(before.globex);
    });
  });
});
