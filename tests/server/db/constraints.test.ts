import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@server/db/client';
import { clientApplications, clients, fields, labels, portalSettings } from '@server/db/schema';
import { seedDemoWorldIfEmpty } from '@server/db/seed';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/database';
import { databaseError } from '../support/db-inspect';

const UNIQUE_VIOLATION = '23505';

describe.each(databaseKinds)('constraints on %s', (kind) => {
  let test: TestDatabase | undefined;
  let db: Db;
  beforeAll(async () => {
    test = await openTestDatabase(kind);
    db = test.database.db;
    await seedDemoWorldIfEmpty(db);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('reject a second client with an existing Okta prefix', async () => {
    const error = await databaseError(
      db.insert(clients).values({ name: 'Acme Holdings', oktaPrefix: 'ACME', portalAlias: 'acme-holdings' }),
    );
    expect(error).toMatchObject({ code: UNIQUE_VIOLATION, constraint: 'clients_okta_prefix_unique' });
  });

  it('reject a second client with an existing portal alias', async () => {
    const error = await databaseError(
      db.insert(clients).values({ name: 'Acme Holdings', oktaPrefix: 'ACMEH', portalAlias: 'acme' }),
    );
    expect(error).toMatchObject({ code: UNIQUE_VIOLATION, constraint: 'clients_portal_alias_unique' });
  });

  it('treat a null client as a value: two global labels with the same key and culture are rejected', async () => {
    const global = { key: 'Dashboard_Text_Title', culture: 'es', value: 'Panel' } as const;
    await db.insert(labels).values(global);
    const error = await databaseError(db.insert(labels).values({ ...global, value: 'Tablero' }));
    expect(error).toMatchObject({ code: UNIQUE_VIOLATION, constraint: 'labels_key_culture_client_unique' });
  });

  it('allow the same label key once globally and once per client and culture', async () => {
    const [globex] = await db.select().from(clients).where(eq(clients.oktaPrefix, 'GLBX'));
    const row = { key: 'Faq_Text_Title', clientId: globex!.id } as const;
    await db.insert(labels).values([
      { key: row.key, clientId: null, culture: 'en-us', value: 'Help center' },
      { key: row.key, clientId: null, culture: 'es', value: 'Centro de ayuda' },
      { ...row, culture: 'en-us', value: 'Globex help' },
      { ...row, culture: 'es', value: 'Ayuda de Globex' },
    ]);
    const keyed = await db.select().from(labels).where(eq(labels.key, 'Faq_Text_Title'));
    expect(keyed.map((l) => `${l.clientId === null ? 'global' : 'globex'} ${l.culture}`).sort()).toEqual([
      'global en-us',
      'global es',
      'globex en-us',
      'globex es',
    ]);
  });

  it('reject a second global value of a portal setting', async () => {
    const error = await databaseError(db.insert(portalSettings).values({ key: 'Session_IdleTime', value: '1200' }));
    expect(error).toMatchObject({ code: UNIQUE_VIOLATION, constraint: 'portal_settings_key_client_unique' });
  });

  it('allow one default-redirect application per client', async () => {
    const [umbrella] = await db.select().from(clients).where(eq(clients.oktaPrefix, 'AULUMB'));
    const error = await databaseError(
      db.update(clientApplications).set({ defaultRedirect: true }).where(eq(clientApplications.clientId, umbrella!.id)),
    );
    expect(error).toMatchObject({ code: UNIQUE_VIOLATION, constraint: 'client_applications_single_default_redirect' });
  });

  it('reject a field data type the spec does not know', async () => {
    const error = await databaseError(
      db.insert(fields).values({ dictionaryName: 'FavouriteColour', dataType: 'COLOR' as 'NVARCHAR' }),
    );
    expect(error).toMatchObject({ code: '23514', constraint: 'fields_data_type_check' });
  });
});
