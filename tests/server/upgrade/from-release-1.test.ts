import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import * as jose from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsPrefix } from '@server/backup/migrations-prefix';
import { readCatalogue } from '@server/catalogue/read';
import type { Database } from '@server/db/client';
import { migrate, migrationsFolder } from '@server/db/migrate';
import { addMember, createGroup } from '@server/idp/groups/directory';
import { idpMigrationsFolder, migrateIdp } from '@server/idp/migrate';
import { registerIdp } from '@server/idp/plugin';
import { TEST_SERVER_SECRET } from '../support/app';
import { databaseKinds, openEmptyDatabase, type TestDatabase } from '../support/database';
import { everyRowAsJson } from '../support/db-inspect';
import { discoverOverHttp, freePort, postJson, primaryAuth, signInForTokens, spaClient } from '../idp/harness';
import { codeAt } from '../idp/totp-codes';

/**
 * Issue 32 §4: a database as the first release left it (release 1: portal migrations 0000–0007, identity provider
 * 0000–0001, written by that release's own code: tests/server/upgrade/release-1/README.md) is upgraded in place by
 * today's start, and loses nothing: passwords, the authenticator app, the tokens it signed, the catalogue.
 */
const fixture = path.join(import.meta.dirname, 'release-1');
const release = JSON.parse(readFileSync(path.join(fixture, 'release.json'), 'utf8')) as {
  commit: string;
  password: string;
  maria: string;
  sam: { login: string; totpSecret: string };
  idToken: string;
  catalogue: { applications: string[]; clients: string[]; fields: string[]; templates: string[]; faqQuestions: number };
};
const RELEASE_1 = { portal: 8, idp: 2 };

/** The first release's schema (its migrations, from the committed ones) and its rows. */
async function databaseOfRelease1(database: Database): Promise<void> {
  const portal = migrationsPrefix(migrationsFolder, RELEASE_1.portal);
  const idp = migrationsPrefix(idpMigrationsFolder, RELEASE_1.idp);
  try {
    await migrate(database, portal.folder);
    await migrateIdp(database, idp.folder);
  } finally {
    portal.dispose();
    idp.dispose();
  }
  const rows = readFileSync(path.join(fixture, 'rows.sql'), 'utf8');
  if (database.kind === 'pglite') await database.client.exec(rows);
  else await database.client.query(rows);
}

describe.each(databaseKinds)('upgrade from the first release (%s)', (kind) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    test = await openEmptyDatabase(kind);
    await databaseOfRelease1(test.database);
    // Today's start: the portal's and the identity provider's migrations, then the provider (it seals what it finds).
    await migrate(test.database);
    await migrateIdp(test.database);
    const group = await createGroup(test.database.db, { name: 'Release 1 MFA' });
    const sam = await test.database.db.execute<{ id: string }>(
      sql`select id from idp_users where login = ${release.sam.login}`,
    );
    await addMember(test.database.db, group.id, sam.rows[0]!.id);
    origin = `http://localhost:${String(await freePort())}`;
    app = Fastify({ logger: false });
    await registerIdp(app, {
      db: test.database.db,
      issuer: `${origin}/oauth2/default`,
      clients: [spaClient],
      serverSecret: TEST_SERVER_SECRET,
      mfa: { requiredForGroups: ['Release 1 MFA'] },
    });
    await app.listen({ host: '127.0.0.1', port: Number(new URL(origin).port) });
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('a person of the first release signs in with the password that release hashed, and gets tokens', async () => {
    const config = await discoverOverHttp(`${origin}/oauth2/default`);
    const tokens = await signInForTokens({ origin }, config, {
      username: release.maria,
      password: release.password,
      scope: 'openid profile email',
    });
    expect(tokens.claims()?.preferred_username).toBe(release.maria);
  });

  it('the authenticator app enrolled in the first release still gives the second factor', async () => {
    const authn = (await (await primaryAuth(origin, release.sam.login, release.password)).json()) as {
      status: string;
      stateToken: string;
      _embedded: { factors: { id: string; factorType: string }[] };
    };
    expect(authn.status).toBe('MFA_REQUIRED');
    const totp = authn._embedded.factors.find((factor) => factor.factorType === 'token:software:totp');
    expect(totp).toBeDefined();
    const verified = await postJson(origin, `/api/v1/authn/factors/${totp!.id}/verify`, {
      stateToken: authn.stateToken,
      passCode: codeAt(release.sam.totpSecret, Date.now()),
    });
    expect(((await verified.json()) as { status: string }).status).toBe('SUCCESS');
  });

  it('an ID token the first release signed verifies against the upgraded key set', async () => {
    const jwks = (await (await fetch(`${origin}/oauth2/default/v1/keys`)).json()) as jose.JSONWebKeySet;
    const issuedAt = (jose.decodeJwt(release.idToken).iat ?? 0) * 1000;
    const { payload } = await jose.jwtVerify(release.idToken, jose.createLocalJWKSet(jwks), {
      currentDate: new Date(issuedAt + 1000),
    });
    expect(payload.preferred_username).toBe(release.maria);
  });

  it('the catalogue is intact, and no secret of the first release is left in plain text', async () => {
    const catalogue = await readCatalogue(test.database.db);
    expect(catalogue.applications.map((a) => a.name).sort()).toEqual(release.catalogue.applications);
    expect(catalogue.clients.map((c) => c.portalAlias).sort()).toEqual(release.catalogue.clients);
    expect(catalogue.fields.map((f) => f.dictionaryName).sort()).toEqual(release.catalogue.fields);
    expect(catalogue.templates.map((t) => t.name).sort()).toEqual(release.catalogue.templates);
    expect(catalogue.faq).toHaveLength(release.catalogue.faqQuestions);

    const everything = Object.values(await everyRowAsJson(test.database.db))
      .flat()
      .join('\n');
    expect(everything).not.toContain(release.sam.totpSecret);
    const keyInRelease1 = readFileSync(path.join(fixture, 'rows.sql'), 'utf8').match(/"d": "([\w-]{40,})"/)?.[1];
    expect(keyInRelease1).toBeDefined();
    expect(everything).not.toContain(keyInRelease1);
  });
});
