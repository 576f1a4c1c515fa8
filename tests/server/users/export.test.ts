import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@server/db/client';
import { clients, instances } from '@server/db/schema';
import { seedDemoIdentities } from '@server/idp/seed/demo-identities';
import { usersCsv } from '@server/api/users/export';
import { adminCaller, clientIdOf } from '../admin/harness';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';

/**
 * The people the batching check exports: Umbrella's `Bulk Person000000` … `Bulk Person000250`, ten of each name (so
 * equal names straddle the batch boundaries and only the id tells them apart), in batches of 1,000 (two full ones and
 * a short one). The 100,000-person export is measured in `npm run bench` (bench/user-grid.ts).
 */
const BULK_PEOPLE = 2500;
const BATCH = 1000;

/** The database, counting the reads an export makes (each batch is one `select`). */
function countingSelects(db: Db): { db: Db; selects: () => number } {
  let selects = 0;
  const counted = new Proxy(db, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (key !== 'select' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        selects += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { db: counted, selects: () => selects };
}

/** The lines of a CSV, without the last line's end. */
const linesOf = (csv: string) => csv.trimEnd().split('\r\n');

describe.each(databaseKinds)('manage users: GET ManageUsers/Export (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof adminCaller>;
  let acme: string;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await seedDemoIdentities(t.database.db);
    call = adminCaller(t);
    acme = await clientIdOf(t, 'acme');
    const umbrella = await clientIdOf(t, 'umbrella');
    await t.database.db.insert(instances).values(
      ['delta', 'Alpha', '=cmd|calc', 'charlie', 'Bravo'].map((lastName, n) => ({
        clientId: acme,
        email: `export${String(n)}@acme.test`,
        idpLogin: `ACME__export${String(n)}@acme.test`,
        firstName: 'Exported',
        lastName,
      })),
    );
    await t.database.db.execute(sql`
      insert into ${instances} (client_id, email, idp_login, first_name, last_name)
      select ${umbrella}::uuid, 'bulk' || n || '@umbrella.test', 'UMB__bulk' || n || '@umbrella.test', 'Bulk',
        'Person' || lpad((n / 10)::text, 6, '0')
      from generate_series(1, ${BULK_PEOPLE}) as n`);
  });
  afterAll(() => t.dispose());

  it('exports what the search keeps, in the grid’s order (case ignored), numbered, with cells that cannot run as formulas', async () => {
    const response = await call('GET', `ManageUsers/Export?clientId=${acme}&searchBy=name&search=exported`);
    expect(response).toAnswer(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="users.csv"');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(linesOf(response.body)).toEqual([
      '"#","First name","Last name","Email","Login","Client","Role","SSO"',
      `"1","Exported","'=cmd|calc","export2@acme.test","ACME__export2@acme.test","Acme Health","","no"`,
      `"2","Exported","Alpha","export1@acme.test","ACME__export1@acme.test","Acme Health","","no"`,
      `"3","Exported","Bravo","export4@acme.test","ACME__export4@acme.test","Acme Health","","no"`,
      `"4","Exported","charlie","export3@acme.test","ACME__export3@acme.test","Acme Health","","no"`,
      `"5","Exported","delta","export0@acme.test","ACME__export0@acme.test","Acme Health","","no"`,
    ]);
    const descending = await call('GET', `ManageUsers/Export?searchBy=email&search=export&sort=email&direction=desc`);
    expect(linesOf(descending.body).map((line) => line.split(',')[3])).toEqual([
      '"Email"',
      '"export4@acme.test"',
      '"export3@acme.test"',
      '"export2@acme.test"',
      '"export1@acme.test"',
      '"export0@acme.test"',
    ]);
  });

  it('exports to a client administrator only their own client, never a provider administrator', async () => {
    const response = await call('GET', 'ManageUsers/Export', { as: 'acmeClientAdmin' });
    expect(response).toAnswer(200);
    expect(response.body).toContain('maria@acme.test');
    expect(response.body).not.toContain('sam@globex.test');
    expect(response.body).not.toContain('admin@gatehouse.test');
    expect(response.body).not.toContain('@umbrella.test');
    const across = await call('GET', `ManageUsers/Export?clientId=${await clientIdOf(t, 'globex')}`, {
      as: 'acmeClientAdmin',
    });
    expect(across).toAnswer(404);
    expect(await call('GET', 'ManageUsers/Export', { as: 'acmeUser' })).toAnswer(403);
    expect(await call('GET', 'ManageUsers/Export', { as: 'anonymous' })).toAnswer(401);
  });

  it('streams the people one batch at a time (read as the stream is taken), each once, in order', async () => {
    const umbrella = await clientIdOf(t, 'umbrella');
    const { db, selects } = countingSelects(t.database.db);
    const request = {
      scope: { clientId: umbrella, withProviderAdmins: true },
      search: { by: 'email' as const, text: 'bulk' },
      sort: 'lastName' as const,
      direction: 'asc' as const,
    };
    let lines = 0;
    let readsAfterFirstBatch = 0;
    let previous = '';
    const seen = new Set<string>();
    for await (const line of usersCsv(db, request, BATCH)) {
      const text = String(line);
      lines += 1;
      if (lines === 1) continue;
      const [number, , lastName, email] = text.split(',');
      expect(number).toBe(`"${String(lines - 1)}"`);
      expect(lastName! >= previous).toBe(true);
      previous = lastName!;
      seen.add(email!);
      // The stream reads ahead only as far as its buffer: the second batch is not read before the first is taken.
      if (lines === 900) readsAfterFirstBatch = selects();
    }
    expect(lines).toBe(1 + BULK_PEOPLE);
    expect(seen.size).toBe(BULK_PEOPLE);
    expect(readsAfterFirstBatch).toBe(1);
    expect(selects()).toBe(Math.ceil(BULK_PEOPLE / BATCH));
  });

  it('exports in the client order across batches and clients, each person once, both ways', async () => {
    const emailsOf = async (direction: 'asc' | 'desc') => {
      const request = {
        scope: { clientId: null, withProviderAdmins: true },
        search: null,
        sort: 'client' as const,
        direction,
      };
      const emails: string[] = [];
      for await (const line of usersCsv(t.database.db, request, BATCH)) emails.push(String(line).split(',')[3]!);
      return emails.slice(1).map((email) => email.slice(1, -1));
    };
    const expected = (
      await t.database.db.execute<{ email: string }>(sql`
        select i.email from ${instances} i join ${clients} c on c.id = i.client_id where not i.sign_up_pending
        order by c.name, c.id, lower(i.last_name), lower(i.first_name), i.id`)
    ).rows.map((row) => row.email);
    expect(expected.length).toBeGreaterThan(2 * BATCH);
    expect(await emailsOf('asc')).toEqual(expected);
    expect(await emailsOf('desc')).toEqual([...expected].reverse());
  });
});
