import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import * as v from 'valibot';
import { expect } from 'vitest';
import { ProblemSchema, type Problem } from '@contracts/errors';
import { auditLog, clients } from '@server/db/schema';
import { seedDemoIdentities } from '@server/idp/seed/demo-identities';
import { buildTestApp, type TestApp } from '../support/app';
import type { DatabaseKind } from '../support/database';
import { bearer } from '../support/tokens';

/** Demo-world logins (docs/demo-world.md "People"), as the identity provider knows them. */
export const logins = {
  admin: 'AUL__admin@gatehouse.test',
  acmeClientAdmin: 'ACME__clientadmin@acme.test',
  acmeUser: 'ACME__maria@acme.test',
  globexUser: 'GLBX__sam@globex.test',
  agent: 'AULUMB__48213@agents.gatehouse.test',
} as const;
export type Person = keyof typeof logins;

export const api = '/api/v1';

/** Calls the app as one of the demo people (or anonymously), the way the SPA does. */
export function adminCaller(t: TestApp) {
  const tokens = new Map<Person, string>();
  async function headersOf(as: Person | 'anonymous'): Promise<Record<string, string>> {
    if (as === 'anonymous') return {};
    let token = tokens.get(as);
    if (token === undefined) {
      token = await t.tokens.sign({ sub: logins[as] });
      tokens.set(as, token);
    }
    return bearer(token);
  }
  return async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    { as = 'admin', body }: { as?: Person | 'anonymous'; body?: unknown } = {},
  ) => {
    const options: InjectOptions = { method, url: `${api}/${path}`, headers: await headersOf(as) };
    if (body !== undefined) options.payload = body as NonNullable<InjectOptions['payload']>;
    return t.app.inject(options);
  };
}

/** The problem of a failed answer, checked against the shared shape. */
export const problemOf = (response: { json(): unknown }): Problem => v.parse(ProblemSchema, response.json());
export const fieldsOf = (problem: Problem) => (problem.details ?? []).map((detail) => detail.field).sort();

export async function clientIdOf(t: TestApp, portalAlias: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.portalAlias, portalAlias));
  if (row === undefined) throw new Error(`no demo client ${portalAlias}`);
  return row.id;
}

/**
 * The real app on the demo world, with an administrators' caller and the ids of the two clients the scoping tests
 * compare (Acme and Globex); `identities` also seeds the demo people in the identity provider, for suites whose
 * rows name them.
 */
export async function openDemoWorld(
  kind: DatabaseKind,
  { identities = false, env = {} }: { identities?: boolean; env?: NodeJS.ProcessEnv } = {},
) {
  const t = await buildTestApp(kind, { env });
  if (identities) await seedDemoIdentities(t.database.db);
  return { t, call: adminCaller(t), acme: await clientIdOf(t, 'acme'), globex: await clientIdOf(t, 'globex') };
}

export async function auditRowsOf(t: TestApp, entity: string, entityId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)));
}

export async function auditCount(t: TestApp): Promise<number> {
  return (await t.database.db.select({ id: auditLog.id }).from(auditLog)).length;
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- must match vitest's own declaration
  interface Matchers<T = any> {
    /** The answer has this status; a failure shows the body (the problem says why). */
    toAnswer(status: number): T;
  }
}
expect.extend({
  toAnswer(received: { statusCode: number; body: string }, status: number) {
    return {
      pass: received.statusCode === status,
      message: () => `expected ${String(status)}, got ${String(received.statusCode)}: ${received.body}`,
    };
  },
});
