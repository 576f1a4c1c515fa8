import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { instances } from '@server/db/schema';
import { logins, openDemoWorld, type Person } from '../admin/harness';
import type { DatabaseKind } from '../support/database';

/** What the SCIM suites share (tests/server/scim): the demo world with SCIM tokens, a SCIM caller and its checks. */

export const CORE = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const CORE_GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const PROFILE = 'urn:gatehouse:params:scim:schemas:extension:profile:2.0:User';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** Acme's form: every mandatory field with a value its rules accept. */
export const acmeProfile = (n: number) => ({
  PhoneNumber: '(617) 555-0100',
  SocialSecurityNumber: String(100_000_000 + n),
  AddressLine1: `${String(n)} Main Street`,
  City: 'Boston',
  State: 'MA',
  ZipCode: '02110',
  EmployeeNumber: `HR${String(n).padStart(6, '0')}`,
  AcceptTerms: 'true',
});

/** A new Acme person's User body. */
export const person = (n: number, more: Record<string, unknown> = {}) => ({
  schemas: [CORE, PROFILE],
  userName: `feed${String(n)}@acme.test`,
  externalId: `hr-${String(n)}`,
  name: { givenName: `Given${String(n)}`, familyName: `Family${String(n)}` },
  emails: [{ value: `feed${String(n)}@acme.test`, type: 'work', primary: true }],
  [PROFILE]: acmeProfile(n),
  ...more,
});

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  json(): unknown;
}

/** A refusal in SCIM's error shape, with its status and scimType. */
export function refusal(answer: Answer, status: number, scimType?: string) {
  expect(answer).toAnswer(status);
  expect(String(answer.headers['content-type'])).toContain('application/scim+json');
  const body = answer.json() as { schemas: string[]; status: string; scimType?: string };
  expect(body.schemas).toEqual([ERROR]);
  expect(body.status).toBe(String(status));
  expect(body.scimType).toBe(scimType);
}

/**
 * The real app on the demo world (identities seeded), with API tokens of Acme's client administrator (`acmeToken`,
 * the SCIM caller's default) and of the provider administrator, and `scim`, which calls `/scim/v2{path}` and fails
 * the test on any 5xx, whatever was asked.
 */
export async function openScimWorld(kind: DatabaseKind) {
  const { t, call } = await openDemoWorld(kind, { identities: true });
  const tokenOf = async (owner: Person, name: string) => {
    const [row] = await t.database.db
      .select({ id: instances.id })
      .from(instances)
      .where(eq(instances.idpLogin, logins[owner]));
    const made = await call('POST', 'ApiToken', { body: { name, ownerId: row?.id, rateLimitPerMinute: 10_000 } });
    expect(made).toAnswer(201);
    return made.json<{ value: string }>().value;
  };
  const acmeToken = await tokenOf('acmeClientAdmin', 'Acme HR feed');
  const adminToken = await tokenOf('admin', 'Provider SCIM');
  const scim = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    { token = acmeToken, headers = {} }: { token?: string | null; headers?: Record<string, string> } = {},
  ): Promise<Answer> => {
    const answer = await t.app.inject({
      method,
      url: `/scim/v2${path}`,
      headers: {
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    // Whatever was asked, never a server error.
    expect(answer.statusCode < 500 ? 'not a server error' : answer.body).toBe('not a server error');
    return answer;
  };
  return { t, call, tokenOf, acmeToken, adminToken, scim };
}
