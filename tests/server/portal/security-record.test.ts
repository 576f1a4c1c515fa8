import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@server/db/seed';
import { instances } from '@server/db/schema';
import { DEMO_RECOVERY_QUESTION } from '@server/idp/seed/demo-identities';
import { databaseKinds } from '../support/database';
import { startLiveApp, type LiveApp } from './live-app';

describe.each(databaseKinds)('GET Security/{email}/{clientId} (%s)', (kind) => {
  let live: LiveApp;
  const tokens: Record<string, string> = {};
  const read = (who: string | null, email: string, client: string) =>
    live.inject({
      url: `/api/v1/Security/${encodeURIComponent(email)}/${client}`,
      headers: who === null ? {} : { authorization: `Bearer ${tokens[who]}` },
    });

  beforeAll(async () => {
    live = await startLiveApp(kind);
    for (const login of [
      'ACME__maria@acme.test',
      'ACME__clientadmin@acme.test',
      'AUL__admin@gatehouse.test',
      'GLBX__sam@globex.test',
    ]) {
      tokens[login.split('__')[1]!] = (await live.signIn(login, DEMO_PASSWORD)).access_token;
    }
  });
  afterAll(() => live.close());

  it('answers a person their own record, with the recovery question from the directory', async () => {
    const response = await read('maria@acme.test', 'MARIA@acme.test', 'acme');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ recoveryQuestion: DEMO_RECOVERY_QUESTION, ssoUser: false });
  });

  it("lets Acme's client administrator and the provider administrator read an Acme person's record", async () => {
    expect((await read('clientadmin@acme.test', 'maria@acme.test', 'acme')).json()).toMatchObject({
      recoveryQuestion: DEMO_RECOVERY_QUESTION,
    });
    const [acme] = await live.database.db
      .select({ clientId: instances.clientId })
      .from(instances)
      .where(eq(instances.email, 'maria@acme.test'));
    expect((await read('admin@gatehouse.test', 'maria@acme.test', acme!.clientId)).statusCode).toBe(200);
  });

  it('refuses another person, another client’s administrator and anonymous callers', async () => {
    expect((await read('maria@acme.test', 'clientadmin@acme.test', 'acme')).statusCode).toBe(403);
    expect((await read('clientadmin@acme.test', 'sam@globex.test', 'globex')).statusCode).toBe(403);
    expect((await read('sam@globex.test', 'maria@acme.test', 'acme')).statusCode).toBe(403);
    expect((await read(null, 'maria@acme.test', 'acme')).statusCode).toBe(401);
  });

  it('does not tell a refused caller whether a person exists, and answers 404 to those allowed to know', async () => {
    const refused = await read('maria@acme.test', 'nobody@acme.test', 'acme');
    expect(refused.statusCode).toBe(403);
    expect((await read('maria@acme.test', 'maria@acme.test', 'nowhere')).statusCode).toBe(403);
    expect((await read('clientadmin@acme.test', 'nobody@acme.test', 'acme')).statusCode).toBe(404);
    expect((await read('admin@gatehouse.test', 'maria@acme.test', 'nowhere')).statusCode).toBe(404);
  });

  it('flags a single-sign-on person, who has no recovery question here', async () => {
    await live.database.db.update(instances).set({ ssoUser: true }).where(eq(instances.email, 'sam@globex.test'));
    expect((await read('sam@globex.test', 'sam@globex.test', 'globex')).json()).toEqual({
      recoveryQuestion: null,
      ssoUser: true,
    });
  });
});
