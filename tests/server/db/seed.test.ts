import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldDataTypes, fieldMetaTags } from '@contracts/field-kinds';
import { cultures } from '@contracts/culture';
import type { Db } from '@server/db/client';
import {
  applications,
  clientApplications,
  clientAssets,
  clients,
  fields,
  instances,
  labels,
  listItems,
  menuItems,
  portalSettings,
  resourceVersions,
  templateFields,
  templates,
  termsAcceptances,
  termsVersions,
  themes,
} from '@server/db/schema';
import { AGENT_USER_DOMAIN, seedDemoWorldIfEmpty } from '@server/db/seed';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/database';
import { rowCounts } from '../support/db-inspect';

const seededAt = new Date('2026-03-14T12:00:00Z');

async function clientByPrefix(db: Db, prefix: string) {
  const [client] = await db.select().from(clients).where(eq(clients.oktaPrefix, prefix));
  if (!client) throw new Error(`no client ${prefix}`);
  return client;
}

async function applicationsOf(db: Db, prefix: string, filter: { active?: boolean } = {}) {
  const client = await clientByPrefix(db, prefix);
  return db
    .select({
      name: applications.name,
      active: clientApplications.active,
      defaultRedirect: clientApplications.defaultRedirect,
    })
    .from(clientApplications)
    .innerJoin(applications, eq(applications.id, clientApplications.applicationId))
    .where(
      and(
        eq(clientApplications.clientId, client.id),
        filter.active === undefined ? undefined : eq(clientApplications.active, filter.active),
      ),
    )
    .orderBy(asc(clientApplications.displayOrder));
}

describe.each(databaseKinds)('the demo world on %s', (kind) => {
  let test: TestDatabase | undefined;
  let db: Db;
  let seeded: boolean;
  beforeAll(async () => {
    test = await openTestDatabase(kind);
    db = test.database.db;
    seeded = await seedDemoWorldIfEmpty(db, seededAt);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('is seeded into an empty database', () => {
    expect(seeded).toBe(true);
  });

  it('has the provider and four clients, with their prefixes and aliases', async () => {
    const rows = await db.select().from(clients).orderBy(asc(clients.name));
    expect(rows.map((c) => [c.name, c.oktaPrefix, c.portalAlias, c.autoSignUp])).toEqual([
      ['Acme Health', 'ACME', 'acme', true],
      ['Gatehouse Provider', 'AUL', 'provider', false],
      ['Globex Retail', 'GLBX', 'globex', false],
      ['Initech', 'INITECH', 'initech', false],
      ['Umbrella Agents', 'AULUMB', 'umbrella', true],
    ]);
  });

  it('gives Globex exactly one active application, Payroll Online', async () => {
    expect(await applicationsOf(db, 'GLBX', { active: true })).toEqual([
      { name: 'Payroll Online', active: true, defaultRedirect: false },
    ]);
  });

  it('gives Acme three active applications and none to redirect to', async () => {
    const active = await applicationsOf(db, 'ACME', { active: true });
    expect(active.map((a) => a.name)).toEqual(['Benefits Center', 'Claims Portal', 'Wellness Hub']);
    expect(active.some((a) => a.defaultRedirect)).toBe(false);
  });

  it('gives Acme published terms (version 1, both cultures), accepted by its demo people; Globex none', async () => {
    const acme = await clientByPrefix(db, 'ACME');
    const versions = await db.select().from(termsVersions).where(eq(termsVersions.clientId, acme.id));
    expect(versions.map((row) => [row.number, row.culture]).sort()).toEqual([
      [1, 'en-us'],
      [1, 'es'],
    ]);
    const people = await db.select().from(instances).where(eq(instances.clientId, acme.id));
    const accepted = await db.select().from(termsAcceptances).where(eq(termsAcceptances.clientId, acme.id));
    expect(accepted.map((row) => row.instanceId).sort()).toEqual(people.map((person) => person.id).sort());
    expect(accepted.every((row) => row.number === 1)).toBe(true);
    const globex = await clientByPrefix(db, 'GLBX');
    expect(await db.select().from(termsVersions).where(eq(termsVersions.clientId, globex.id))).toEqual([]);
  });

  it("sends Umbrella's people to Benefits Center (DefaultRedirect)", async () => {
    const redirecting = (await applicationsOf(db, 'AULUMB')).filter((a) => a.defaultRedirect);
    expect(redirecting).toEqual([{ name: 'Benefits Center', active: true, defaultRedirect: true }]);
  });

  it('links demo applications to the stand-in page with placeholders, and the admin portal to /', async () => {
    const rows = await db.select().from(applications).orderBy(asc(applications.name));
    const byName = Object.fromEntries(rows.map((a) => [a.name, a]));
    expect(byName['AUL Application']?.link).toBe('/');
    expect(byName['Benefits Center']).toMatchObject({
      alias: 'benefits',
      defaultRoleValue: 'Member',
      link: '/demo-apps/benefits?user={userName}&culture={culture}&client={clientId}&role={appRole}',
    });
    const icons = await db.select().from(listItems).where(eq(listItems.listName, 'Global_List_Icons'));
    for (const application of rows) expect(icons.map((i) => i.itemKey)).toContain(application.iconIdentifier);
  });

  it('has maria of Acme in Spanish with her two roles', async () => {
    const maria = await db.query.instances.findFirst({
      where: (instance, { eq }) => eq(instance.email, 'maria@acme.test'),
      with: { client: true, applicationRoles: { with: { application: true } } },
    });
    expect(maria).toMatchObject({ idpLogin: 'ACME__maria@acme.test', culture: 'es', isAulAdmin: false });
    expect(maria?.client.oktaPrefix).toBe('ACME');
    const roles = Object.fromEntries(maria!.applicationRoles.map((r) => [r.application.name, r.roleValue]));
    expect(roles).toEqual({ 'Benefits Center': 'Member', 'Claims Portal': 'Viewer' });
  });

  it('has the provider administrator, the Acme client administrator and the Umbrella agent', async () => {
    const people = await db.query.instances.findMany();
    const byLogin = Object.fromEntries(people.map((p) => [p.idpLogin, p]));
    expect(Object.keys(byLogin).sort()).toEqual([
      'ACME__clientadmin@acme.test',
      'ACME__maria@acme.test',
      `AULUMB__48213${AGENT_USER_DOMAIN}`,
      'AULUMB__lee@umbrella.test',
      'AUL__admin@gatehouse.test',
      'GLBX__sam@globex.test',
    ]);
    expect(byLogin['AUL__admin@gatehouse.test']?.isAulAdmin).toBe(true);
    expect(byLogin['ACME__clientadmin@acme.test']?.clientRestrictionFilter).toBe('AUL__ACME');
    expect(people.filter((p) => p.isAulAdmin)).toHaveLength(1);
  });

  it('has fields of every data type and meta tag, and three templates', async () => {
    const rows = await db.query.fields.findMany({ with: { subFields: true } });
    expect(new Set(rows.map((f) => f.dataType))).toEqual(new Set(fieldDataTypes));
    expect(new Set(rows.map((f) => f.metaTag).filter(Boolean))).toEqual(new Set(fieldMetaTags));
    for (const field of rows.filter((f) => f.dataType === 'SELECT' || f.dataType === 'RADIO BUTTON GROUP')) {
      expect(field.subFields.length).toBeGreaterThan(1);
    }
    const names = (await db.select().from(templates).orderBy(asc(templates.name))).map((t) => t.name);
    expect(names).toEqual(['Benefits enrolment', 'Claims', 'Default']);
  });

  it('locks the social security number for agents in Benefits enrolment', async () => {
    const [ssn] = await db
      .select({ lockForRoles: templateFields.lockForRoles, mandatory: templateFields.mandatory })
      .from(templateFields)
      .innerJoin(templates, eq(templates.id, templateFields.templateId))
      .innerJoin(fields, eq(fields.id, templateFields.fieldId))
      .where(and(eq(templates.name, 'Benefits enrolment'), eq(fields.dictionaryName, 'SocialSecurityNumber')));
    expect(ssn).toEqual({ lockForRoles: ['agent'], mandatory: true });
  });

  it('has every label in both cultures, and Acme overrides the sign-in title', async () => {
    const rows = await db.select().from(labels);
    const cultureCount = new Map<string, number>();
    for (const label of rows) {
      const scope = `${label.clientId ?? 'global'}/${label.key}`;
      cultureCount.set(scope, (cultureCount.get(scope) ?? 0) + 1);
    }
    expect([...cultureCount.values()].every((n) => n === cultures.length)).toBe(true);

    const acme = await clientByPrefix(db, 'ACME');
    const title = await db
      .select({ culture: labels.culture, value: labels.value })
      .from(labels)
      .where(and(eq(labels.key, 'Login_Text_Title'), eq(labels.clientId, acme.id)))
      .orderBy(asc(labels.culture));
    expect(title).toEqual([
      { culture: 'en-us', value: 'Sign in to Acme Health' },
      { culture: 'es', value: 'Inicia sesión en Acme Health' },
    ]);
    // Placeholders are stored in the spec's `{{name}}` form; no global copies of catalogue texts are seeded.
    expect(rows.find((l) => l.key === 'Login_Text_ApplicationError' && l.clientId === acme.id)?.value).toContain(
      '{{applicationName}}',
    );
    expect(rows.filter((l) => l.clientId === null && !l.key.startsWith('FormField_'))).toEqual([]);
  });

  it('has the lists, in both cultures', async () => {
    for (const listName of [
      'Global_List_Icons',
      'Global_List_DataType',
      'Global_List_MetaTag',
      'Global_List_NotSupportedBrowsers',
      'Global_List_SecurityQuestions',
    ]) {
      const items = await db.select().from(listItems).where(eq(listItems.listName, listName));
      const keysIn = (culture: string) =>
        items
          .filter((i) => i.culture === culture)
          .map((i) => i.itemKey)
          .sort();
      expect({ listName, empty: keysIn('en-us').length === 0 }).toEqual({ listName, empty: false });
      expect({ listName, keys: keysIn('es') }).toEqual({ listName, keys: keysIn('en-us') });
    }
    const patterns = await db
      .select()
      .from(listItems)
      .where(eq(listItems.listName, 'Global_List_NotSupportedBrowsers'));
    expect(patterns.map((p) => p.value)).toEqual(expect.arrayContaining(['MSIE ', 'Trident/']));
  });

  it('has the Portal menu with role access, in both cultures', async () => {
    const english = await db
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.section, 'Portal'), eq(menuItems.culture, 'en-us')))
      .orderBy(asc(menuItems.order));
    expect(english.map((m) => m.linkUrl)).toEqual([
      '/dashboard',
      '/application',
      '/client',
      '/field',
      '/template',
      '/manageUsers',
      '/faqEditor',
      '/termsEditor',
      '/auditLog',
      '/errorLog',
      '/apiTokens',
      '/identityProviders',
      '/findPerson',
      '/board/index',
    ]);
    expect(english.find((m) => m.linkUrl === '/findPerson')?.roleAccess).toEqual(['agent']);
    // API tokens are the provider administrator's alone (issue 33 item 1).
    expect(english.find((m) => m.linkUrl === '/apiTokens')?.roleAccess).toEqual(['admin']);
    // So is the federation registry (issue 31 item 1): the access guard opens only the pages of one's menu.
    expect(english.find((m) => m.linkUrl === '/identityProviders')?.roleAccess).toEqual(['admin']);
    for (const link of ['/manageUsers', '/faqEditor', '/termsEditor', '/auditLog', '/errorLog'])
      expect(english.find((m) => m.linkUrl === link)?.roleAccess).toEqual(['admin', 'clientadmin']);
    const spanish = await db
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.section, 'Portal'), eq(menuItems.culture, 'es')));
    expect(spanish.find((m) => m.linkUrl === '/client')?.caption).toBe('Clientes');
    expect(spanish.find((m) => m.linkUrl === '/auditLog')?.caption).toBe('Registro de auditoría');
    expect(spanish.find((m) => m.linkUrl === '/apiTokens')?.caption).toBe('Tokens de API');
    expect(spanish.find((m) => m.linkUrl === '/identityProviders')?.caption).toBe('Proveedores de identidad');
    expect(spanish.find((m) => m.linkUrl === '/termsEditor')?.caption).toBe('Condiciones de uso');
  });

  it('has the global portal settings as text', async () => {
    const rows = await db.select().from(portalSettings).where(isNull(portalSettings.clientId));
    expect(Object.fromEntries(rows.map((s) => [s.key, s.value]))).toMatchObject({
      Session_IdleTime: '900',
      Session_WarningTimeOut: '60',
      Session_TokenRefreshInterval: '300',
      AllowPasswordResetWithOTP: 'true',
      SecurityAnswerAttempts: '3',
      ShowLoginAttemptCounter: 'true',
      RecaptchaFeatureEnabled: 'true',
    });
  });

  it('has FAQ questions for every client in both cultures, in two or three parts', async () => {
    for (const prefix of ['AUL', 'ACME', 'GLBX', 'AULUMB']) {
      const client = await clientByPrefix(db, prefix);
      const questions = await db.query.faqQuestions.findMany({ where: (q, { eq }) => eq(q.clientId, client.id) });
      for (const culture of cultures) {
        const parts = new Set(questions.filter((q) => q.culture === culture).map((q) => q.part)).size;
        expect({ prefix, culture, twoOrThreeParts: parts >= 2 && parts <= 3 }).toEqual({
          prefix,
          culture,
          twoOrThreeParts: true,
        });
      }
    }
  });

  it('brands every client and the global scope with SVG logos and a theme', async () => {
    const assets = await db.select().from(clientAssets);
    // The global scope and five clients (the provider, Acme, Globex, Umbrella, Initech), three logos each.
    expect(assets).toHaveLength(6 * 3);
    for (const asset of assets) {
      expect(asset.contentType).toBe('image/svg+xml');
      expect(new TextDecoder().decode(asset.bytes)).toMatch(
        /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/,
      );
    }
    expect(await db.select().from(themes)).toHaveLength(6);
  });

  it('starts the global and every client resource version at the seeding date', async () => {
    const rows = await db.select().from(resourceVersions);
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.version === 20260314)).toBe(true);
    expect(rows.filter((r) => r.clientId === null)).toHaveLength(1);
  });

  it('is seeded once: seeding again changes nothing', async () => {
    const before = await rowCounts(db);
    expect(await seedDemoWorldIfEmpty(db, new Date('2026-04-01T00:00:00Z'))).toBe(false);
    expect(await rowCounts(db)).toEqual(before);
  });
});
