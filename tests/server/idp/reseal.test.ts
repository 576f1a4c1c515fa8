import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollTotp, factorSecret, findFactor } from '@server/idp/factors/store';
import { listSigningKeys } from '@server/idp/keys';
import { openSealedSecrets, resealSecrets, SealedDatabaseError } from '@server/idp/sealing';
import { createUser } from '@server/idp/users/directory';
import { TEST_SERVER_SECRET } from '../support/app';
import { databaseKinds } from '../support/database';
import { startIdp, type IdpHarness } from './harness';

const NEW_SECRET = Buffer.from('the new server secret after a reseal, 32+ bytes', 'utf8');

describe.each(databaseKinds)('keys reseal (%s)', (kind) => {
  let h: IdpHarness;
  beforeAll(async () => {
    h = await startIdp(kind);
  });
  afterAll(() => h.close());

  it('moves every sealed value to the new secret in one go: the old secret no longer opens the database, the new one opens every key and TOTP secret', async () => {
    const db = h.test.database.db;
    const user = await createUser(db, {
      login: 'reseal@example.com',
      email: 'reseal@example.com',
      password: 'Reseal-It-77',
    });
    const { factor } = await enrollTotp(db, h.idp.sealer, user.id, 'GOOGLE');
    const totp = factorSecret(h.idp.sealer, factor);
    const kids = (await listSigningKeys(db, h.idp.sealer)).map((key) => key.jwk);

    const count = await resealSecrets(db, TEST_SERVER_SECRET, NEW_SECRET);
    expect(count).toBe(1 + 1 + kids.length);

    await expect(openSealedSecrets(db, TEST_SERVER_SECRET)).rejects.toThrow(SealedDatabaseError);
    const sealer = await openSealedSecrets(db, NEW_SECRET);
    expect((await listSigningKeys(db, sealer)).map((key) => key.jwk)).toEqual(kids);
    const stored = await findFactor(db, user.id, factor.id);
    expect(factorSecret(sealer, stored!)).toBe(totp);
  });

  it('refuses a reseal from a secret that does not open the database, changing nothing', async () => {
    const wrong = Buffer.from('not the secret this database is sealed with', 'utf8');
    await expect(resealSecrets(h.test.database.db, wrong, TEST_SERVER_SECRET)).rejects.toThrow(SealedDatabaseError);
    await expect(openSealedSecrets(h.test.database.db, NEW_SECRET)).resolves.toBeDefined();
  });
});
