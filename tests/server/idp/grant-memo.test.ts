import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseAdapter } from '@server/idp/oauth/adapter';
import { GRANT_MEMO_MS, GrantMemo } from '@server/idp/oauth/grant-memo';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/database';

const grant = (scope: string) => ({ accountId: 'u1', clientId: 'portal', openid: { scope }, exp: 0, iat: 0 });

describe('the grant memo', () => {
  it('answers a copy until its time is up, then forgets', () => {
    let now = 1_000;
    const memo = new GrantMemo(GRANT_MEMO_MS, () => now);
    memo.remember('g1', grant('openid'), 3600);
    const recalled = memo.recall('g1');
    expect(recalled).toEqual(grant('openid'));
    (recalled as { openid: { scope: string } }).openid.scope = 'changed by the caller';
    expect(memo.recall('g1')).toEqual(grant('openid'));
    now += GRANT_MEMO_MS;
    expect(memo.recall('g1')).toBeUndefined();
  });

  it('keeps a grant no longer than the grant itself lives', () => {
    let now = 1_000;
    const memo = new GrantMemo(GRANT_MEMO_MS, () => now);
    memo.remember('g1', grant('openid'), 1);
    now += 1_000;
    expect(memo.recall('g1')).toBeUndefined();
  });
});

describe.each(databaseKinds)('the adapter with the grant memo (%s)', (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase(kind, 'identity');
  });
  afterAll(() => test.dispose());

  const rows = async (id: string) =>
    (
      await test.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from idp_oidc_models where model = 'Grant' and id = ${id}`,
      )
    ).rows[0]?.n;

  it('writes grants through to the database and reads them back from memory', async () => {
    // A clock that stands still: the memo's time cannot run out while the test waits for the database.
    const grants = new DatabaseAdapter(test.database.db, 'Grant', { grantMemo: new GrantMemo(GRANT_MEMO_MS, () => 0) });
    await grants.upsert('memo-1', { ...grant('openid profile'), grantId: 'memo-1' }, 3600);
    expect(await rows('memo-1')).toBe(1);
    // Gone from the table behind the adapter's back (another process's revocation): the memo still answers, which
    // is why it is short, and why refresh tokens and codes (deleted with their grant) are never remembered.
    await test.database.db.execute(sql`delete from idp_oidc_models where model = 'Grant' and id = 'memo-1'`);
    expect(await grants.find('memo-1')).toMatchObject({ openid: { scope: 'openid profile' } });
  });

  it('forgets a grant it destroys or revokes', async () => {
    const memo = new GrantMemo(GRANT_MEMO_MS, () => 0);
    const grants = new DatabaseAdapter(test.database.db, 'Grant', { grantMemo: memo });
    await grants.upsert('memo-2', { ...grant('openid'), grantId: 'memo-2' }, 3600);
    await grants.destroy('memo-2');
    expect(await grants.find('memo-2')).toBeUndefined();
    await grants.upsert('memo-3', { ...grant('openid'), grantId: 'memo-3' }, 3600);
    await new DatabaseAdapter(test.database.db, 'RefreshToken', { grantMemo: memo }).revokeByGrantId('memo-3');
    expect(await grants.find('memo-3')).toBeUndefined();
  });

  it('does not remember other models', async () => {
    const tokens = new DatabaseAdapter(test.database.db, 'RefreshToken');
    await tokens.upsert('memo-rt', { grantId: 'memo-4', accountId: 'u1', clientId: 'portal' }, 3600);
    await test.database.db.execute(sql`delete from idp_oidc_models where id = 'memo-rt'`);
    expect(await tokens.find('memo-rt')).toBeUndefined();
  });
});
