import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntrySchema, AuditPageSchema } from '@contracts/audit-log';
import { auditLog, instances } from '@server/db/schema';
import { type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { adminCaller, auditRowsOf, openDemoWorld } from './harness';

/** Rows made for this file: their actors say so, so the filters can single them out from the seed's own rows. */
const seeded = (
  clientId: string | null,
  index: number,
  at: string,
  extra: Partial<typeof auditLog.$inferInsert> = {},
) => ({
  actor: `auditor${String(index)}@log.test`,
  action: index % 2 === 0 ? 'update' : 'delete',
  entity: index % 3 === 0 ? 'field' : 'client',
  entityId: `e${String(index)}`,
  clientId,
  before: { name: `before ${String(index)}` },
  after: { name: `after ${String(index)}` },
  at: new Date(at),
  ...extra,
});

describe.each(databaseKinds)('audit log: GET AuditLog, AuditLog/{id}, AuditLog/Export (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof adminCaller>;
  let acme: string;
  let globex: string;
  const page = async (query: string, as: 'admin' | 'acmeClientAdmin' = 'admin') => {
    const response = await call('GET', `AuditLog${query}`, { as });
    expect(response).toAnswer(200);
    return v.parse(AuditPageSchema, response.json());
  };

  beforeAll(async () => {
    ({ t, call, acme, globex } = await openDemoWorld(kind, { identities: true }));
    await t.database.db.insert(auditLog).values([
      ...Array.from({ length: 12 }, (_, i) => seeded(acme, i, `2026-03-${String(10 + i)}T12:00:00Z`)),
      seeded(globex, 100, '2026-03-15T08:00:00Z'),
      seeded(null, 101, '2026-03-16T08:00:00Z'),
      seeded(acme, 102, '2026-03-17T08:00:00Z', {
        actor: '=HYPERLINK("http://evil.test")@log.test',
        entity: 'client',
      }),
    ]);
  });
  afterAll(() => t.dispose());

  it('pages the rows newest first, with the total the filters keep and the client’s name', async () => {
    const first = await page('?actor=@log.test&size=5');
    expect(first.total).toBe(15);
    expect(first.rows.map((row) => row.at)).toEqual([
      '2026-03-21T12:00:00.000Z',
      '2026-03-20T12:00:00.000Z',
      '2026-03-19T12:00:00.000Z',
      '2026-03-18T12:00:00.000Z',
      '2026-03-17T12:00:00.000Z',
    ]);
    expect(first.rows[0]).toMatchObject({
      actor: 'auditor11@log.test',
      clientId: acme,
      clientName: 'Acme Health',
    });
    const third = await page('?actor=@log.test&size=5&page=2');
    expect(third.rows).toHaveLength(5);
    const oldest = await page('?actor=@log.test&size=5&direction=asc');
    expect(oldest.rows[0]?.actor).toBe('auditor0@log.test');
    const past = await page('?actor=@log.test&size=5&page=9');
    expect(past).toMatchObject({ rows: [], total: 15 });
  });

  it('filters by actor, entity, action, client and time range (from inclusive, to exclusive)', async () => {
    expect((await page('?actor=AUDITOR1')).rows.map((row) => row.actor)).toEqual([
      'auditor11@log.test',
      'auditor10@log.test',
      'auditor101@log.test',
      'auditor100@log.test',
      'auditor1@log.test',
    ]);
    const fields = await page('?actor=@log.test&entity=fie&size=100');
    expect(fields.rows.every((row) => row.entity === 'field')).toBe(true);
    expect(fields.total).toBe(4);
    const deletes = await page('?actor=@log.test&action=DEL&size=100');
    expect(deletes.rows.every((row) => row.action === 'delete')).toBe(true);
    expect(deletes.total).toBe(7);
    const globexOnly = await page(`?actor=@log.test&clientId=${globex}`);
    expect(globexOnly.rows.map((row) => row.actor)).toEqual(['auditor100@log.test']);
    const range = await page('?actor=@log.test&from=2026-03-12&to=2026-03-14&size=100');
    expect(range.rows.map((row) => row.actor)).toEqual(['auditor3@log.test', 'auditor2@log.test']);
    const wildcard = await page('?actor=%25_');
    expect(wildcard.total).toBe(0);
  });

  it('refuses a query it cannot read with 400', async () => {
    expect(await call('GET', 'AuditLog?size=7')).toAnswer(400);
    expect(await call('GET', 'AuditLog?from=yesterday')).toAnswer(400);
    expect(await call('GET', 'AuditLog?clientId=acme')).toAnswer(400);
  });

  it('shows a client administrator only their client’s rows, whatever the query names', async () => {
    const own = await page('?actor=@log.test&size=100', 'acmeClientAdmin');
    expect(own.total).toBe(13);
    expect(own.rows.every((row) => row.clientId === acme)).toBe(true);
    expect(await call('GET', `AuditLog?clientId=${globex}`, { as: 'acmeClientAdmin' })).toAnswer(404);
    expect((await page(`?clientId=${acme}&actor=auditor100`, 'acmeClientAdmin')).total).toBe(0);
  });

  it('answers one row with its before and after; another client’s row, to a client administrator, as missing', async () => {
    const [globexRow] = await t.database.db.select().from(auditLog).where(eq(auditLog.actor, 'auditor100@log.test'));
    const [providerRow] = await t.database.db.select().from(auditLog).where(eq(auditLog.actor, 'auditor101@log.test'));
    const [acmeRow] = await t.database.db.select().from(auditLog).where(eq(auditLog.actor, 'auditor4@log.test'));
    const read = await call('GET', `AuditLog/${globexRow!.id}`);
    expect(read).toAnswer(200);
    expect(v.parse(AuditEntrySchema, read.json())).toMatchObject({
      actor: 'auditor100@log.test',
      clientName: 'Globex Retail',
      before: { name: 'before 100' },
      after: { name: 'after 100' },
    });
    expect(await call('GET', `AuditLog/${globexRow!.id}`, { as: 'acmeClientAdmin' })).toAnswer(404);
    expect(await call('GET', `AuditLog/${providerRow!.id}`, { as: 'acmeClientAdmin' })).toAnswer(404);
    expect(await call('GET', `AuditLog/${acmeRow!.id}`, { as: 'acmeClientAdmin' })).toAnswer(200);
    expect(await call('GET', 'AuditLog/00000000-0000-4000-8000-000000000000')).toAnswer(404);
  });

  it('refuses people who are not administrators: 403 signed in, 401 anonymous', async () => {
    for (const path of ['AuditLog', 'AuditLog/Export', 'AuditLog/00000000-0000-4000-8000-000000000000']) {
      expect(await call('GET', path, { as: 'acmeUser' })).toAnswer(403);
      expect(await call('GET', path, { as: 'agent' })).toAnswer(403);
      expect(await call('GET', path, { as: 'anonymous' })).toAnswer(401);
    }
  });

  it('exports what the filters keep as a numbered CSV whose cells cannot run as formulas', async () => {
    const response = await call('GET', 'AuditLog/Export?actor=@log.test&entity=client&direction=asc');
    expect(response).toAnswer(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('"#","When","Actor","Action","Entity","Entity id","Client","Before","After"');
    expect(lines).toHaveLength(1 + 11);
    expect(lines[1]).toBe(
      '"1","2026-03-11T12:00:00.000Z","auditor1@log.test","delete","client","e1","Acme Health",' +
        '"{""name"":""before 1""}","{""name"":""after 1""}"',
    );
    expect(lines[7]).toMatch(/^"7","2026-03-17T08:00:00.000Z","'=HYPERLINK\(""http:\/\/evil.test""\)@log.test"/);
  });

  it('exports to a client administrator only their client’s rows', async () => {
    const response = await call('GET', 'AuditLog/Export?actor=@log.test', { as: 'acmeClientAdmin' });
    expect(response).toAnswer(200);
    expect(response.body).not.toContain('auditor100');
    expect(response.body).not.toContain('auditor101');
    expect(response.body.trimEnd().split('\r\n')).toHaveLength(1 + 13);
    expect(await call('GET', `AuditLog/Export?clientId=${globex}`, { as: 'acmeClientAdmin' })).toAnswer(404);
  });

  it('records an administrator’s change with the client of the changed record, readable with its before and after', async () => {
    const [sam] = await t.database.db.select().from(instances).where(eq(instances.email, 'sam@globex.test'));
    const read = await call('GET', `Instance/${sam!.id}`);
    const record = read.json<{ version: number; fields: Record<string, string> }>();
    const saved = await call('PUT', `Instance/${sam!.id}`, {
      body: { version: record.version, fields: { ...record.fields, AcceptTerms: 'true', LastName: 'Auditson' } },
    });
    expect(saved).toAnswer(200);
    const [row] = await auditRowsOf(t, 'instance', sam!.id);
    expect(row?.clientId).toBe(globex);
    const listed = await page(`?entity=instance&clientId=${globex}&action=update`);
    expect(listed.rows[0]).toMatchObject({
      id: row!.id,
      actor: 'AUL__admin@gatehouse.test',
      clientName: 'Globex Retail',
    });
    const entry = v.parse(AuditEntrySchema, (await call('GET', `AuditLog/${row!.id}`)).json());
    expect(entry.after).toMatchObject({ lastName: 'Auditson' });
    expect(entry.before).toMatchObject({ lastName: sam!.lastName });
    expect(await call('GET', `AuditLog/${row!.id}`, { as: 'acmeClientAdmin' })).toAnswer(404);
  });

  it('exports past one read batch without losing or repeating a row, rows of one instant included', async () => {
    const at = new Date('2020-01-01T00:00:00.123456Z');
    const many = Array.from({ length: 2500 }, (_, i) => ({
      actor: `bulk${String(i)}@export.test`,
      action: 'update',
      entity: 'label',
      entityId: null,
      clientId: null,
      before: null,
      after: null,
      at,
    }));
    for (let from = 0; from < many.length; from += 500)
      await t.database.db.insert(auditLog).values(many.slice(from, from + 500));
    const response = await call('GET', 'AuditLog/Export?actor=@export.test');
    const lines = response.body.trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(2500);
    expect(lines.map((line) => line.split(',')[0])).toEqual(lines.map((_, i) => `"${String(i + 1)}"`));
    expect(new Set(lines.map((line) => line.split(',')[2])).size).toBe(2500);
  });
});
