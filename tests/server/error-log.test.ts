import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema, REQUEST_ID_HEADER } from '@contracts/errors';
import type { NewError } from '@contracts/error-log';
import { errorLog, instances } from '@server/db/schema';
import { buildTestApp, type TestApp } from './support/app';
import { databaseKinds } from './support/database';
import { bearer } from './support/tokens';

const report: NewError = {
  Code: 'HttpError',
  Message: 'There was an HTTP error.',
  Level: 'ERROR',
  LocationURL: 'http://localhost:3000/Login/acme',
  Environment: 'LOCAL',
};

describe.each(databaseKinds)('error log (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.dispose());

  const post = (payload: unknown, headers: Record<string, string> = {}, path = 'NewError') =>
    t.app.inject({ method: 'POST', url: `/api/v1/Instance/${path}`, headers, payload: payload as object });

  it('stores an anonymous report with its request id and the spec defaults, and answers 204', async () => {
    const response = await post(report, { [REQUEST_ID_HEADER]: 'spa-report-1' });
    expect(response.statusCode).toBe(204);
    const [row] = await t.database.db.select().from(errorLog).where(eq(errorLog.requestId, 'spa-report-1'));
    expect(row).toMatchObject({
      code: 'HttpError',
      level: 'ERROR',
      audience: 'ALL',
      environment: 'LOCAL',
      userId: null,
    });
  });

  it('records who reported when a valid token came', async () => {
    const token = await t.tokens.sign({ sub: 'ACME__maria@acme.test' });
    await post(report, { ...bearer(token), [REQUEST_ID_HEADER]: 'spa-report-2' });
    const [maria] = await t.database.db.select().from(instances).where(eq(instances.email, 'maria@acme.test'));
    const [row] = await t.database.db.select().from(errorLog).where(eq(errorLog.requestId, 'spa-report-2'));
    expect(row?.userId).toBe(maria?.idpUserId ?? maria?.id);
  });

  it('accepts the older OldError path as an alias', async () => {
    expect((await post(report, { [REQUEST_ID_HEADER]: 'spa-report-3' }, 'OldError')).statusCode).toBe(204);
    expect(await t.database.db.select().from(errorLog).where(eq(errorLog.requestId, 'spa-report-3'))).toHaveLength(1);
  });

  it('refuses a report without its required fields with 400 naming them, and stores nothing', async () => {
    const before = (await t.database.db.select().from(errorLog)).length;
    const response = await post({ ...report, Level: 'PANIC', Code: undefined });
    expect(response.statusCode).toBe(400);
    const fields = v.parse(ProblemSchema, response.json()).details?.map((detail) => detail.field);
    expect(fields?.sort()).toEqual(['body.Code', 'body.Level']);
    expect((await t.database.db.select().from(errorLog)).length).toBe(before);
  });

  it('limits how often one address may report', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++)
      statuses.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/v1/Instance/NewError',
            remoteAddress: '10.9.9.9',
            payload: report,
          })
        ).statusCode,
      );
    expect(statuses).toEqual([...Array.from({ length: 30 }, () => 204), ...Array.from({ length: 5 }, () => 429)]);
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Instance/NewError',
      remoteAddress: '10.9.9.9',
      payload: report,
    });
    expect(limited.statusCode).toBe(429);
    expect(v.parse(ProblemSchema, limited.json()).code).toBe('rate_limited');
  });
});
