import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_ID_HEADER } from '@contracts/errors';
import { ErrorEntrySchema, ErrorPageSchema, type NewError } from '@contracts/error-log';
import { errorLog } from '@server/db/schema';
import { type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { bearer } from '../support/tokens';
import { adminCaller, logins, openDemoWorld } from './harness';

/** An error row made for this file: its code says so, so the filters can single them out. */
const seeded = (
  clientId: string | null,
  index: number,
  at: string,
  extra: Partial<typeof errorLog.$inferInsert> = {},
) => ({
  code: `LogTest${String(index)}`,
  message: `message ${String(index)}`,
  details: `stack of ${String(index)}`,
  level: index % 4 === 0 ? ('AUDIT' as const) : ('ERROR' as const),
  locationUrl: `http://localhost:3000/page${String(index % 2)}`,
  deviceInfo: 'Firefox 133',
  environment: 'LOCAL' as const,
  clientId,
  createdAt: new Date(at),
  ...extra,
});

describe.each(databaseKinds)('error log, read: GET ErrorLog, ErrorLog/{id}, ErrorLog/Export (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof adminCaller>;
  let acme: string;
  let globex: string;
  const page = async (query: string, as: 'admin' | 'acmeClientAdmin' = 'admin') => {
    const response = await call('GET', `ErrorLog${query}`, { as });
    expect(response).toAnswer(200);
    return v.parse(ErrorPageSchema, response.json());
  };

  beforeAll(async () => {
    ({ t, call, acme, globex } = await openDemoWorld(kind));
    await t.database.db
      .insert(errorLog)
      .values([
        ...Array.from({ length: 8 }, (_, i) => seeded(acme, i, `2026-04-${String(10 + i)}T12:00:00Z`)),
        seeded(globex, 20, '2026-04-12T08:00:00Z'),
        seeded(null, 21, '2026-04-13T08:00:00Z', { message: '@SUM(A1:A9)' }),
      ]);
  });
  afterAll(() => t.dispose());

  it('keeps the client of the person who reported an error, and none for an anonymous report', async () => {
    const report: NewError = {
      Code: 'Reported',
      Message: 'm',
      Level: 'ERROR',
      LocationURL: '/x',
      Environment: 'LOCAL',
    };
    const token = await t.tokens.sign({ sub: logins.acmeUser });
    const post = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/v1/Instance/NewError', headers, payload: report });
    expect((await post({ ...bearer(token), [REQUEST_ID_HEADER]: 'log-read-1' })).statusCode).toBe(204);
    expect((await post({ [REQUEST_ID_HEADER]: 'log-read-2' })).statusCode).toBe(204);
    const clientOf = async (requestId: string) =>
      (await t.database.db.select().from(errorLog).where(eq(errorLog.requestId, requestId)))[0]?.clientId;
    expect(await clientOf('log-read-1')).toBe(acme);
    expect(await clientOf('log-read-2')).toBeNull();
  });

  it('pages the errors newest first, with the total the filters keep', async () => {
    const first = await page('?code=logtest&size=5');
    expect(first.total).toBe(10);
    expect(first.rows.map((row) => row.code)).toEqual(['LogTest7', 'LogTest6', 'LogTest5', 'LogTest4', 'LogTest3']);
    expect(first.rows[0]).toMatchObject({ clientName: 'Acme Health', deviceInfo: 'Firefox 133', level: 'ERROR' });
    const second = await page('?code=logtest&size=5&page=1');
    expect(second.rows.map((row) => row.code)).toEqual(['LogTest21', 'LogTest2', 'LogTest20', 'LogTest1', 'LogTest0']);
  });

  it('filters by level, code, page, client and time range', async () => {
    expect((await page('?code=logtest&level=AUDIT')).rows.map((row) => row.code)).toEqual([
      'LogTest4',
      'LogTest20',
      'LogTest0',
    ]);
    expect((await page('?code=logtest&location=PAGE1&size=100')).total).toBe(5);
    expect((await page(`?code=logtest&clientId=${globex}`)).rows.map((row) => row.code)).toEqual(['LogTest20']);
    const range = await page('?code=logtest&from=2026-04-12T00:00:00Z&to=2026-04-13');
    expect(range.rows.map((row) => row.code)).toEqual(['LogTest2', 'LogTest20']);
    expect(await call('GET', 'ErrorLog?level=PANIC')).toAnswer(400);
  });

  it('shows a client administrator only their client’s errors, and another’s as missing', async () => {
    const own = await page('?code=logtest&size=100', 'acmeClientAdmin');
    expect(own.total).toBe(8);
    expect(own.rows.every((row) => row.clientId === acme)).toBe(true);
    expect(await call('GET', `ErrorLog?clientId=${globex}`, { as: 'acmeClientAdmin' })).toAnswer(404);
    const [globexRow] = await t.database.db.select().from(errorLog).where(eq(errorLog.code, 'LogTest20'));
    const [anonymousRow] = await t.database.db.select().from(errorLog).where(eq(errorLog.code, 'LogTest21'));
    expect(await call('GET', `ErrorLog/${globexRow!.id}`, { as: 'acmeClientAdmin' })).toAnswer(404);
    expect(await call('GET', `ErrorLog/${anonymousRow!.id}`, { as: 'acmeClientAdmin' })).toAnswer(404);
  });

  it('answers one error with every detail', async () => {
    const [row] = await t.database.db.select().from(errorLog).where(eq(errorLog.code, 'LogTest3'));
    const read = await call('GET', `ErrorLog/${row!.id}`, { as: 'acmeClientAdmin' });
    expect(read).toAnswer(200);
    expect(v.parse(ErrorEntrySchema, read.json())).toMatchObject({
      code: 'LogTest3',
      details: 'stack of 3',
      environment: 'LOCAL',
      locationUrl: 'http://localhost:3000/page1',
      at: '2026-04-13T12:00:00.000Z',
    });
    expect(await call('GET', 'ErrorLog/00000000-0000-4000-8000-000000000000')).toAnswer(404);
  });

  it('refuses people who are not administrators: 403 signed in, 401 anonymous', async () => {
    for (const path of ['ErrorLog', 'ErrorLog/Export', 'ErrorLog/00000000-0000-4000-8000-000000000000']) {
      expect(await call('GET', path, { as: 'acmeUser' })).toAnswer(403);
      expect(await call('GET', path, { as: 'anonymous' })).toAnswer(401);
    }
  });

  it('exports what the filters keep as a numbered CSV whose cells cannot run as formulas', async () => {
    const response = await call('GET', 'ErrorLog/Export?code=logtest');
    expect(response).toAnswer(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="error-log.csv"');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"#","When","Level","Code","Message","Page","Device","Client","Environment","Request id","Details"',
    );
    expect(lines).toHaveLength(1 + 10);
    expect(lines[1]).toMatch(/^"1","2026-04-17T12:00:00.000Z","ERROR","LogTest7","message 7",/);
    expect(lines[6]).toContain(`"LogTest21","'@SUM(A1:A9)"`);
    const own = await call('GET', 'ErrorLog/Export?code=logtest', { as: 'acmeClientAdmin' });
    expect(own.body.trimEnd().split('\r\n')).toHaveLength(1 + 8);
  });
});
