import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InstanceRecordSchema } from '@contracts/instance';
import { demoPeople, idpLoginOf } from '@server/db/seed/world/people';
import { buildTestApp, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { bearer } from '../support/tokens';

/**
 * Every demo person can save their own profile as seeded (issue 29 §4): Edit Profile opened and saved without a change
 * is accepted, so no field their form requires was left empty by the seed (one they could not fill, such as a field
 * locked for their role, would stop them for good). docs/demo-world.md "People".
 */
describe.each(databaseKinds)('the demo people’s own profiles as seeded (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.dispose());

  it.each(demoPeople.map((person) => [person.signInAs, person] as const))(
    '%s saves theirs unchanged',
    async (_, person) => {
      const headers = bearer(await t.tokens.sign({ sub: idpLoginOf(person.client, person.email) }));
      const read = await t.app.inject({ method: 'GET', url: '/api/v1/Instance', headers });
      expect(read.statusCode).toBe(200);
      const mine = v.parse(InstanceRecordSchema, read.json());
      const saved = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/Instance/${mine.id}`,
        headers,
        payload: { version: mine.version, fields: mine.fields },
      });
      // A refusal names each field left empty: none may be.
      const answer = saved.json<{ details?: { field: string }[]; version?: number }>();
      expect((answer.details ?? []).map((detail) => detail.field)).toEqual([]);
      expect(saved.statusCode).toBe(200);
      expect(answer.version).toBe(mine.version + 1);
    },
  );
});
