import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@server/db/client';
import type { Db } from '@server/db/client';
import { migrate } from '@server/db/migrate';
import { enrollTotp, factorSecret, findFactor } from '@server/idp/factors/store';
import { generateSigningKey, listSigningKeys } from '@server/idp/keys';
import { migrateIdp } from '@server/idp/migrate';
import { registerIdp } from '@server/idp/plugin';
import { openSealedSecrets, SealedDatabaseError } from '@server/idp/sealing';
import { idpFactors, idpSigningKeys } from '@server/idp/tables';
import { createUser } from '@server/idp/users/directory';
import { TEST_SERVER_SECRET } from '../support/app';
import { databaseKinds } from '../support/database';
import { everyRowAsJson } from '../support/db-inspect';
import { spaClient, startIdp, type IdpHarness } from './harness';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Every row of every table of the database as JSON text: each text and JSON column, whatever the schema holds. */
const wholeDatabaseText = async (db: Db) =>
  Object.values(await everyRowAsJson(db))
    .flat()
    .join('\n');

describe.each(databaseKinds)('secrets sealed at rest (%s)', (kind) => {
  let h: IdpHarness;
  let userId: string;

  beforeAll(async () => {
    h = await startIdp(kind);
    const user = await createUser(h.test.database.db, {
      login: 'sealy@example.com',
      email: 'sealy@example.com',
      password: 'Sealed-Secret-7',
    });
    userId = user.id;
  });
  afterAll(() => h.close());

  it('seals plain-text TOTP secrets and signing keys left by an older version, and no secret is left in plain text anywhere in the database', async () => {
    const db = h.test.database.db;
    const { factor: enrolled } = await enrollTotp(db, h.idp.sealer, userId, 'GOOGLE');
    const enrolledSecret = factorSecret(h.idp.sealer, enrolled);
    // What an older version wrote: a factor's base32 secret and a private JWK in plain text.
    const legacyKey = await generateSigningKey();
    await db.insert(idpSigningKeys).values({ kid: legacyKey.kid, privateJwk: legacyKey, active: false });
    const legacyUser = await createUser(db, {
      login: 'old@example.com',
      email: 'old@example.com',
      password: 'Old-Pass-77',
    });
    await db.insert(idpFactors).values({
      id: 'uftlegacyfactor000001',
      userId: legacyUser.id,
      factorType: 'token:software:totp',
      provider: 'GOOGLE',
      status: 'ACTIVE',
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    });

    await openSealedSecrets(db, TEST_SERVER_SECRET);

    const everything = await wholeDatabaseText(db);
    const keys = await listSigningKeys(db, h.idp.sealer);
    expect(keys.map((key) => key.jwk.kid)).toEqual(expect.arrayContaining([legacyKey.kid, h.idp.keys.signing().kid]));
    const secrets = [
      enrolledSecret,
      'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      ...keys.flatMap(({ jwk }) => [jwk.d, jwk.p, jwk.q, jwk.dp, jwk.dq, jwk.qi]),
    ];
    expect(secrets.every((secret) => typeof secret === 'string' && secret.length >= 32)).toBe(true);
    for (const secret of secrets) expect(everything).not.toContain(secret);
    // Sealed, not lost: each opens to what was stored.
    const legacy = await findFactor(db, legacyUser.id, 'uftlegacyfactor000001');
    expect(factorSecret(h.idp.sealer, legacy!)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(keys.find((key) => key.jwk.kid === legacyKey.kid)?.jwk).toEqual(legacyKey);
    const rows = await db.select().from(idpSigningKeys);
    expect(rows.every((row) => row.privateJwk === null && row.sealedJwk?.startsWith('sealed.v1.'))).toBe(true);
  });

  it('refuses to open a sealed database with another server secret, and a sealed value moved to another row', async () => {
    const db = h.test.database.db;
    await expect(openSealedSecrets(db, Buffer.from('not the secret it was sealed with'))).rejects.toThrow(
      SealedDatabaseError,
    );
    // The provider as the server builds it: no route, no key loaded, the same refusal.
    const app = Fastify({ logger: false });
    await expect(
      registerIdp(app, { db, issuer: h.issuer, clients: [spaClient], serverSecret: Buffer.from('another secret') }),
    ).rejects.toThrow(SealedDatabaseError);
    await app.close();
    const [factor] = await db.select().from(idpFactors).limit(1);
    expect(() => factorSecret(h.idp.sealer, { ...factor!, id: 'uftsomeoneelse0000001' })).toThrow(/does not open/);
  });
});

describe('server/main.ts on a sealed database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-sealed-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses to start with a wrong or a missing server secret, in one line naming SERVER_SECRET, exit code 1', async () => {
    const database = await openDatabase({ dataDir });
    await migrate(database);
    await migrateIdp(database);
    await openSealedSecrets(database.db, Buffer.from('the secret it was sealed with, of enough characters', 'utf8'));
    await database.close();
    const run = (env: NodeJS.ProcessEnv) =>
      spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/main.ts')], {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, DEMO_DATA: 'false', PORT: '0', ...env },
        encoding: 'utf8',
        timeout: 60_000,
      });
    const refusal =
      "Gatehouse could not start: the database's secrets are sealed with another server secret: set SERVER_SECRET " +
      '(or restore DATA_DIR/server-secret) to the one they were sealed with\n';
    const wrong = run({ SERVER_SECRET: 'a wrong secret, though long enough to be taken' });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toBe(refusal);
    // No SERVER_SECRET and no DATA_DIR/server-secret: a new secret is not the one the database was sealed with.
    const missing = run({ SERVER_SECRET: '' });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toBe(refusal);
  }, 180_000);
});
