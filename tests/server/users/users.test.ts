import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserDetailsSchema, UserPageSchema, type UserPage } from '@contracts/users';
import { clients, instanceApplicationRoles, instances } from '@server/db/schema';
import { DEMO_PASSWORD } from '@server/db/seed';
import { DELETE_CURRENT_LOGIN_MESSAGE } from '@server/api/users/service';
import { adminCaller, auditRowsOf, openDemoWorld, type Person, problemOf } from '../admin/harness';
import { type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';

/** People added to Acme for paging: `Zed Paging00` … `Zed Paging23`, no identity-provider user. */
const PAGING_PEOPLE = 24;

describe.each(databaseKinds)('manage users: the grid and the delete (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof adminCaller>;
  let acme: string;
  let globex: string;
  const page = async (as: Person, query = ''): Promise<UserPage> => {
    const response = await call('GET', `ManageUsers${query}`, { as });
    expect(response).toAnswer(200);
    return v.parse(UserPageSchema, response.json());
  };
  const idOf = async (email: string) =>
    (await t.database.db.select({ id: instances.id }).from(instances).where(eq(instances.email, email)))[0]?.id;
  const everyone = async () =>
    (await t.database.db.select({ id: instances.id }).from(instances).where(eq(instances.signUpPending, false))).length;

  /** Every page of a query of size 5, read by its number: the ids on each (what the relative reads must equal). */
  const idsByPageNumber = async (query: string) =>
    Promise.all(
      Array.from({ length: Math.ceil((await everyone()) / 5) }, (_, n) =>
        page('admin', `${query}&page=${String(n)}`).then((p) => p.rows.map((row) => row.id)),
      ),
    );

  beforeAll(async () => {
    ({ t, call, acme, globex } = await openDemoWorld(kind, { identities: true }));
    await t.database.db.insert(instances).values(
      Array.from({ length: PAGING_PEOPLE }, (_, n) => {
        const nn = String(n).padStart(2, '0');
        return {
          clientId: acme,
          email: `paging${nn}@acme.test`,
          idpLogin: `ACME__paging${nn}@acme.test`,
          firstName: 'Zed',
          lastName: `Paging${nn}`,
        };
      }),
    );
  });
  afterAll(() => t.dispose());

  it('gives the provider administrator every client, ten a page by default, sorted by last name', async () => {
    const first = await page('admin');
    expect(first.size).toBe(10);
    expect(first.rows).toHaveLength(10);
    expect(first.total).toBe(await everyone());
    const names = first.rows.map((row) => row.lastName.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(new Set(first.rows.map((row) => row.clientName)).size).toBeGreaterThan(1);
  });

  it('pages without overlap or gaps, in the order asked for', async () => {
    const query = `?clientId=${acme}&searchBy=name&search=zed&size=5`;
    const pages = await Promise.all([0, 1, 2, 3, 4].map((n) => page('admin', `${query}&page=${String(n)}`)));
    expect(pages.map((p) => p.total)).toEqual([24, 24, 24, 24, 24]);
    const ids = pages.flatMap((p) => p.rows.map((row) => row.lastName));
    expect(ids).toEqual(Array.from({ length: PAGING_PEOPLE }, (_, n) => `Paging${String(n).padStart(2, '0')}`));
    const descending = await page('admin', `${query}&direction=desc`);
    expect(descending.rows.map((row) => row.lastName)).toEqual([
      'Paging23',
      'Paging22',
      'Paging21',
      'Paging20',
      'Paging19',
    ]);
    const byEmail = await page('admin', `${query}&sort=email&direction=desc&page=0`);
    expect(byEmail.rows[0]?.email).toBe('paging23@acme.test');
  });

  it('reads a page in the second half from the end: the last pages join the first ones without a gap', async () => {
    const all = await page('admin', `?clientId=${acme}&size=5`);
    const pages = Math.ceil(all.total / 5);
    const read = await Promise.all(
      Array.from({ length: pages }, (_, n) => page('admin', `?clientId=${acme}&size=5&page=${String(n)}`)),
    );
    const ids = read.flatMap((p) => p.rows.map((row) => row.id));
    expect(ids).toHaveLength(all.total);
    expect(new Set(ids).size).toBe(all.total);
    const reversed = await Promise.all(
      Array.from({ length: pages }, (_, n) =>
        page('admin', `?clientId=${acme}&size=5&direction=desc&page=${String(n)}`),
      ),
    );
    expect(reversed.flatMap((p) => p.rows.map((row) => row.id))).toEqual([...ids].reverse());
    expect((await page('admin', `?clientId=${acme}&size=5&page=${String(pages)}`)).rows).toEqual([]);
  });

  /** Every page of a query laid end to end, `size` 5. */
  const allPages = async (as: Person, query: string) => {
    const { total } = await page(as, `${query}&size=5`);
    const read = await Promise.all(
      Array.from({ length: Math.ceil(total / 5) + 1 }, (_, n) => page(as, `${query}&size=5&page=${String(n)}`)),
    );
    return read.flatMap((p) => p.rows);
  };
  /** The client order as one plain statement: client name, client id, last and first name without case, id. */
  const clientOrder = async (where: SQL) =>
    (
      await t.database.db.execute<{ id: string }>(sql`
        select i.id from ${instances} i join ${clients} c on c.id = i.client_id
        where not i.sign_up_pending and ${where}
        order by c.name, c.id, lower(i.last_name), lower(i.first_name), i.id`)
    ).rows.map((row) => row.id);

  it('pages in the client order without overlap or gaps; a namesake client never interleaves', async () => {
    const db = t.database.db;
    const [acmeClient] = await db.select({ name: clients.name }).from(clients).where(eq(clients.id, acme));
    // A second client of Acme's name whose people bear Acme's paging names: only the client's id tells them apart.
    const [namesake] = await db
      .insert(clients)
      .values({ name: acmeClient!.name, oktaPrefix: 'ACMETWO', portalAlias: 'acme-two' })
      .returning({ id: clients.id });
    await db.insert(instances).values(
      Array.from({ length: 6 }, (_, n) => ({
        clientId: namesake!.id,
        email: `paging0${String(n)}@acme-two.test`,
        idpLogin: `ACMETWO__paging0${String(n)}@acme-two.test`,
        firstName: 'Zed',
        lastName: `Paging0${String(n)}`,
      })),
    );
    try {
      const every = await allPages('admin', '?sort=client');
      expect(every.map((row) => row.id)).toEqual(await clientOrder(sql`true`));
      expect(every).toHaveLength(await everyone());
      const runs = every.map((row) => row.clientId).filter((id, n, ids) => id !== ids[n - 1]);
      expect(new Set(runs).size).toBe(runs.length);
      expect(runs).toContain(namesake!.id);
      const descending = await allPages('admin', '?sort=client&direction=desc');
      expect(descending.map((row) => row.id)).toEqual(every.map((row) => row.id).reverse());

      const searched = await allPages('admin', '?sort=client&searchBy=name&search=zed%20paging');
      expect(searched.map((row) => row.id)).toEqual(await clientOrder(sql`i.last_name like 'Paging%'`));
      expect(searched).toHaveLength(PAGING_PEOPLE + 6);

      const own = await allPages('acmeClientAdmin', '?sort=client');
      expect(own.map((row) => row.id)).toEqual(await clientOrder(sql`i.client_id = ${acme} and not i.is_aul_admin`));
      expect(own.map((row) => row.id)).toEqual((await allPages('acmeClientAdmin', '?')).map((row) => row.id));
    } finally {
      await db.delete(instances).where(eq(instances.clientId, namesake!.id));
      await db.delete(clients).where(eq(clients.id, namesake!.id));
    }
  });

  it('reads Next and Previous from the row on screen: the pages by number, in every order, both ways', async () => {
    for (const order of ['', '&sort=client', '&sort=email&direction=desc', '&sort=client&direction=desc']) {
      const query = `?size=5${order}`;
      const byNumber = await idsByPageNumber(query);
      const forward = [byNumber[0]!];
      for (let n = 1; n < byNumber.length; n += 1) {
        const after = forward[n - 1]!.at(-1)!;
        forward.push((await page('admin', `${query}&page=${String(n)}&after=${after}`)).rows.map((row) => row.id));
      }
      expect(forward).toEqual(byNumber);
      const backward = [byNumber.at(-1)!];
      for (let n = byNumber.length - 2; n >= 0; n -= 1) {
        const before = backward[0]![0]!;
        backward.unshift(
          (await page('admin', `${query}&page=${String(n)}&before=${before}`)).rows.map((row) => row.id),
        );
      }
      expect(backward).toEqual(byNumber);
    }
  });

  it('jumps a few pages from the row on screen (skip): the pages by number, in every order, both ways', async () => {
    for (const order of ['', '&sort=client', '&sort=email&direction=desc', '&sort=client&direction=desc']) {
      const query = `?size=5${order}`;
      const byNumber = await idsByPageNumber(query);
      const last = byNumber.length - 1;
      // From page 1: 3 pages on (2 skipped) and to the last page; back from the last page to page 1.
      for (const to of [4, last]) {
        const skip = to - 2;
        const jumped = await page(
          'admin',
          `${query}&page=${String(to)}&after=${byNumber[1]!.at(-1)!}&skip=${String(skip)}`,
        );
        expect(jumped.rows.map((row) => row.id)).toEqual(byNumber[to]);
      }
      const back = await page('admin', `${query}&page=1&before=${byNumber[last]![0]!}&skip=${String(last - 2)}`);
      expect(back.rows.map((row) => row.id)).toEqual(byNumber[1]);
    }
  });

  it('keeps a jump within its client and its bound; a jump needs a row on screen', async () => {
    // Sam is Globex's: from Acme's client administrator the row names nobody, and the page is Acme's page 4 by number.
    const sam = await idOf('sam@globex.test');
    const own = await page('acmeClientAdmin', '?size=5&page=3');
    const jumped = await page('acmeClientAdmin', `?size=5&page=3&after=${sam!}&skip=2`);
    expect(jumped.rows).toEqual(own.rows);
    expect(jumped.rows.every((row) => row.clientId === acme)).toBe(true);
    // An Acme row with the client filter on Globex: nobody the read keeps, so Globex's page by its number.
    const acmeRow = own.rows[0]!.id;
    const globexPage = await page('admin', `?size=5&page=0&clientId=${globex}`);
    const filtered = await page('admin', `?size=5&page=0&clientId=${globex}&after=${acmeRow}&skip=1`);
    expect(filtered.rows).toEqual(globexPage.rows);
    expect(await call('GET', `ManageUsers?page=11&after=${acmeRow}&skip=10`)).toAnswer(400);
    expect(await call('GET', `ManageUsers?page=3&skip=2`)).toAnswer(400);
    expect(await call('GET', `ManageUsers?page=3&before=${acmeRow}&skip=-1`)).toAnswer(400);
  });

  it('reads a page by its number when the row Next names is gone or out of reach; refuses both ways at once', async () => {
    const second = await page('admin', '?size=5&page=1');
    const gone = '00000000-0000-4000-8000-000000000000';
    expect((await page('admin', `?size=5&page=1&after=${gone}`)).rows).toEqual(second.rows);
    // Sam is Globex's: from Acme's client administrator the row names nobody, and the page is Acme's page 2.
    const sam = await idOf('sam@globex.test');
    const own = await page('acmeClientAdmin', '?size=5&page=1');
    expect((await page('acmeClientAdmin', `?size=5&page=1&after=${sam!}`)).rows).toEqual(own.rows);
    expect(own.rows.every((row) => row.clientId === acme)).toBe(true);
    const both = await call('GET', `ManageUsers?page=1&after=${gone}&before=${gone}`);
    expect(both).toAnswer(400);
  });

  it('keeps the totals it names without counting in step with every insert, move and delete', async () => {
    const db = t.database.db;
    const exact = async () =>
      (await db.select({ id: instances.id }).from(instances).where(eq(instances.clientId, globex))).length;
    expect((await page('admin', `?clientId=${globex}`)).total).toBe(await exact());
    const [moved] = await db
      .insert(instances)
      .values({ clientId: acme, email: 'mover@acme.test', idpLogin: 'ACME__mover@acme.test' })
      .returning({ id: instances.id });
    await db.update(instances).set({ clientId: globex }).where(eq(instances.id, moved!.id));
    expect((await page('admin', `?clientId=${globex}`)).total).toBe(await exact());
    await db.update(instances).set({ signUpPending: true }).where(eq(instances.id, moved!.id));
    expect((await page('admin', `?clientId=${globex}`)).total).toBe((await exact()) - 1);
    await db.delete(instances).where(eq(instances.id, moved!.id));
    expect((await page('admin', `?clientId=${globex}`)).total).toBe(await exact());
    expect((await page('admin')).total).toBe(await everyone());
  });

  it('refuses a page size or a sort the grid does not offer', async () => {
    expect(await call('GET', 'ManageUsers?size=7')).toAnswer(400);
    expect(await call('GET', 'ManageUsers?size=1000')).toAnswer(400);
    expect(await call('GET', 'ManageUsers?sort=password')).toAnswer(400);
    expect(await call('GET', 'ManageUsers?page=-1')).toAnswer(400);
    expect(await call('GET', `ManageUsers?searchBy=name&search=${'x'.repeat(101)}`)).toAnswer(400);
  });

  it('searches by name, e-mail and login without case; a typed % or _ is a letter, not a wildcard', async () => {
    expect((await page('admin', '?searchBy=email&search=MARIA@')).rows.map((r) => r.email)).toEqual([
      'maria@acme.test',
    ]);
    expect((await page('admin', '?searchBy=login&search=glbx__')).rows.map((r) => r.email)).toEqual([
      'sam@globex.test',
    ]);
    expect((await page('admin', '?searchBy=name&search=zed%20paging07')).rows.map((r) => r.lastName)).toEqual([
      'Paging07',
    ]);
    expect((await page('admin', '?searchBy=email&search=%25')).total).toBe(0);
    expect((await page('admin', '?searchBy=email&search=paging0_')).total).toBe(0);
  });

  it('narrows the provider administrator to the client the filter names', async () => {
    const globexPage = await page('admin', `?clientId=${globex}`);
    expect(globexPage.total).toBeGreaterThan(0);
    expect(globexPage.rows.every((row) => row.clientId === globex)).toBe(true);
  });

  it('keeps a client administrator to their own client, whatever the query names (IDOR refused as missing)', async () => {
    const own = await page('acmeClientAdmin', '?size=10');
    expect(own.rows.every((row) => row.clientId === acme)).toBe(true);
    expect(own.rows.some((row) => row.isAulAdmin)).toBe(false);
    expect(own.total).toBe(
      (await t.database.db.select({ id: instances.id }).from(instances).where(eq(instances.clientId, acme))).length,
    );
    expect(await call('GET', `ManageUsers?clientId=${acme}`, { as: 'acmeClientAdmin' })).toAnswer(200);
    const across = await call('GET', `ManageUsers?clientId=${globex}`, { as: 'acmeClientAdmin' });
    expect(across).toAnswer(404);
    expect(across.body).not.toContain('sam@globex.test');
    const searched = await page('acmeClientAdmin', '?searchBy=email&search=globex');
    expect(searched.total).toBe(0);
  });

  it('shows under an expanded row the person’s applications and roles, within the caller’s reach only', async () => {
    const maria = await idOf('maria@acme.test');
    const details = await call('GET', `ManageUsers/${maria!}/Details`);
    expect(details).toAnswer(200);
    const { applications } = v.parse(UserDetailsSchema, details.json());
    const stored = await t.database.db
      .select({ roleValue: instanceApplicationRoles.roleValue })
      .from(instanceApplicationRoles)
      .where(eq(instanceApplicationRoles.instanceId, maria!));
    expect(applications.length).toBeGreaterThan(0);
    expect(applications.map((a) => a.roleValue).sort()).toEqual(stored.map((r) => r.roleValue).sort());
    const names = applications.map((a) => a.application);
    expect(names).toEqual([...names].sort());
    expect(await call('GET', `ManageUsers/${maria!}/Details`, { as: 'acmeClientAdmin' })).toAnswer(200);
    for (const email of ['sam@globex.test', 'admin@gatehouse.test']) {
      const other = await call('GET', `ManageUsers/${(await idOf(email))!}/Details`, { as: 'acmeClientAdmin' });
      expect(other).toAnswer(404);
    }
    expect(await call('GET', 'ManageUsers/00000000-0000-4000-8000-000000000000/Details')).toAnswer(404);
    expect(await call('GET', `ManageUsers/${maria!}/Details`, { as: 'acmeUser' })).toAnswer(403);
    expect(await call('GET', `ManageUsers/${maria!}/Details`, { as: 'anonymous' })).toAnswer(401);
  });

  it('refuses the grid to people who are not administrators', async () => {
    expect(await call('GET', 'ManageUsers', { as: 'acmeUser' })).toAnswer(403);
    expect(await call('GET', 'ManageUsers', { as: 'agent' })).toAnswer(403);
    expect(await call('GET', 'ManageUsers', { as: 'anonymous' })).toAnswer(401);
  });

  it('audits an administrator’s edit of a person (PUT Instance/{id}) in the same transaction', async () => {
    const sam = await idOf('sam@globex.test');
    const read = await call('GET', `Instance/${sam!}`);
    expect(read).toAnswer(200);
    const record = read.json<{ version: number; fields: Record<string, string> }>();
    const saved = await call('PUT', `Instance/${sam!}`, {
      body: { version: record.version, fields: { ...record.fields, AcceptTerms: 'true', LastName: 'Samuels' } },
    });
    expect(saved).toAnswer(200);
    const rows = await auditRowsOf(t, 'instance', sam!);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'update', actor: 'AUL__admin@gatehouse.test' });
    expect(rows[0]?.after).toMatchObject({ mode: 'Admin', lastName: 'Samuels', version: record.version + 1 });
  });

  it('never deletes the caller’s own profile (409, the current-login refusal)', async () => {
    for (const [as, email] of [
      ['admin', 'admin@gatehouse.test'],
      ['acmeClientAdmin', 'clientadmin@acme.test'],
    ] as const) {
      const own = await idOf(email);
      const refused = await call('DELETE', `Instance/${own!}`, { as });
      expect(refused).toAnswer(409);
      expect(problemOf(refused).message).toBe(DELETE_CURRENT_LOGIN_MESSAGE);
      expect(await idOf(email)).toBe(own);
    }
  });

  it('refuses a client administrator another client’s person or the provider administrator, as missing', async () => {
    const sam = await idOf('sam@globex.test');
    const admin = await idOf('admin@gatehouse.test');
    for (const id of [sam!, admin!, '00000000-0000-4000-8000-000000000000']) {
      expect(await call('DELETE', `Instance/${id}`, { as: 'acmeClientAdmin' })).toAnswer(404);
    }
    expect(await idOf('sam@globex.test')).toBe(sam);
    expect(await call('DELETE', `Instance/${sam!}`, { as: 'acmeUser' })).toAnswer(403);
    expect(await idOf('sam@globex.test')).toBe(sam);
  });

  it('deletes a person in one unit: profile, roles, identity-provider user, and an audit row', async () => {
    const maria = await idOf('maria@acme.test');
    const before = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authn',
      payload: { username: 'ACME__maria@acme.test', password: DEMO_PASSWORD },
    });
    expect(before.statusCode).toBe(200);
    expect(await call('DELETE', `Instance/${maria!}`, { as: 'acmeClientAdmin' })).toAnswer(204);
    expect(await idOf('maria@acme.test')).toBeUndefined();
    const roles = await t.database.db
      .select()
      .from(instanceApplicationRoles)
      .where(inArray(instanceApplicationRoles.instanceId, [maria!]));
    expect(roles).toEqual([]);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authn',
      payload: { username: 'ACME__maria@acme.test', password: DEMO_PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
    const [audit] = await auditRowsOf(t, 'instance', maria!);
    expect(audit).toMatchObject({ action: 'delete', actor: 'ACME__clientadmin@acme.test', after: null });
    expect(audit?.before).toMatchObject({ email: 'maria@acme.test' });
    expect(await call('DELETE', `Instance/${maria!}`, { as: 'admin' })).toAnswer(404);
  });

  it('deletes a profile whose identity-provider user is already gone', async () => {
    const paging = await idOf('paging00@acme.test');
    expect(await call('DELETE', `Instance/${paging!}`, { as: 'admin' })).toAnswer(204);
    expect(await idOf('paging00@acme.test')).toBeUndefined();
  });
});
