import { calculateJwkThumbprint } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateSigningKey, publicJwk } from '@server/idp/keys';
import { migrateIdp } from '@server/idp/migrate';
import { createUser, LoginTakenError } from '@server/idp/users/directory';
import { createSealer } from '@server/secrets/seal';
import { TEST_SERVER_SECRET } from '../support/app';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/database';

describe.each(databaseKinds)('signing keys and password storage (%s)', (kind) => {
  let test: TestDatabase;
  const sealer = createSealer(TEST_SERVER_SECRET);

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    await migrateIdp(test.database);
  });
  afterAll(() => test.dispose());

  it('creates one RS256 key, keeps it, and names it by its thumbprint, even when processes race', async () => {
    const [first, second] = await Promise.all([
      loadOrCreateSigningKey(test.database.db, sealer),
      loadOrCreateSigningKey(test.database.db, sealer),
    ]);
    expect(first.kid).toBe(second.kid);
    const again = await loadOrCreateSigningKey(test.database.db, sealer);
    expect(again.kid).toBe(first.kid);
    expect(first).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(Buffer.from(first.n!, 'base64url').length * 8).toBe(2048);
    expect(await calculateJwkThumbprint(publicJwk(first), 'sha256')).toBe(first.kid);
    expect(publicJwk(first)).not.toHaveProperty('d');
  });

  it('stores passwords and recovery answers as argon2id at the OWASP parameters, never in clear', async () => {
    const user = await createUser(test.database.db, {
      login: 'frank@example.com',
      email: 'frank@example.com',
      password: 'Frank-Pass-11',
      recoveryQuestion: { question: 'First pet?', answer: ' Rex ' },
    });
    expect(user.id).toMatch(/^00u[A-Za-z0-9]{17}$/);
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.recoveryAnswerHash).toMatch(/^\$argon2id\$/);
    expect(user.passwordHash).not.toContain('Frank-Pass-11');
    await expect(
      createUser(test.database.db, { login: 'FRANK@example.com', email: 'x@example.com' }),
    ).rejects.toBeInstanceOf(LoginTakenError);
  });
});
