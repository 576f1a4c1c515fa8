import { sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@server/idp/users/directory';
import { databaseKinds } from '../support/database';
import { discoverOverHttp, signInForTokens, startIdp, type IdpHarness } from './harness';

const SCOPE = 'openid profile offline_access';

describe.each(databaseKinds)('refresh-token rotation and reuse (%s)', (kind) => {
  let h: IdpHarness;
  let config: oidc.Configuration;

  beforeAll(async () => {
    h = await startIdp(kind);
    await createUser(h.test.database.db, {
      login: 'rita@example.com',
      email: 'rita@example.com',
      password: 'Rotate-Me-7',
    });
    config = await discoverOverHttp(h.issuer);
  });
  afterAll(() => h.close());

  const signIn = () =>
    signInForTokens(h, config, { username: 'rita@example.com', password: 'Rotate-Me-7', scope: SCOPE });
  const refresh = (token: string) => oidc.refreshTokenGrant(config, token);
  const refusal = { error: 'invalid_grant' };

  /** Moves every recorded use of a refresh token a minute into the past: its grace (30 s) is over. */
  const endGrace = () =>
    h.test.database.db.execute(
      sql`update idp_oidc_models set consumed_at = consumed_at - interval '60 seconds'
          where model = 'RefreshToken' and consumed_at is not null`,
    );

  it('accepts the latest rotated token again within its grace (a retry after a lost response)', async () => {
    const first = (await signIn()).refresh_token!;
    const second = (await refresh(first)).refresh_token!;
    const retried = (await refresh(first)).refresh_token!;
    expect(retried).not.toBe(second);
    // Both successors work: the retry did not revoke anything.
    const third = (await refresh(second)).refresh_token!;
    expect((await refresh(retried)).refresh_token).toBeTypeOf('string');
    expect(third).toBeTypeOf('string');
  });

  it('refuses a rotated token presented after its grace, and revokes the whole grant', async () => {
    const first = (await signIn()).refresh_token!;
    const second = (await refresh(first)).refresh_token!;
    await endGrace();
    await expect(refresh(first)).rejects.toMatchObject(refusal);
    // The reuse looked like theft: the legitimate holder's newer token is gone too.
    await expect(refresh(second)).rejects.toMatchObject(refusal);
  });

  it('gives no grace to an older token once a newer one of the family has been used', async () => {
    const first = (await signIn()).refresh_token!;
    const second = (await refresh(first)).refresh_token!;
    const third = (await refresh(second)).refresh_token!;
    // `first` was used seconds ago, but `second` was used after it: replaying `first` is reuse.
    await expect(refresh(first)).rejects.toMatchObject(refusal);
    await expect(refresh(third)).rejects.toMatchObject(refusal);
  });
});

describe('refresh-token reuse without a grace period', () => {
  let h: IdpHarness;
  let config: oidc.Configuration;

  beforeAll(async () => {
    h = await startIdp('pglite', { refreshReuseGraceSeconds: 0 });
    await createUser(h.test.database.db, {
      login: 'sam@example.com',
      email: 'sam@example.com',
      password: 'Rotate-Me-8',
    });
    config = await discoverOverHttp(h.issuer);
  });
  afterAll(() => h.close());

  it('revokes the grant at the first reuse', async () => {
    const tokens = await signInForTokens(h, config, {
      username: 'sam@example.com',
      password: 'Rotate-Me-8',
      scope: SCOPE,
    });
    const next = (await oidc.refreshTokenGrant(config, tokens.refresh_token!)).refresh_token!;
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await expect(oidc.refreshTokenGrant(config, next)).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});
