import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { MyData } from '@contracts/my-account';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { InstanceRow } from '../../db/rows';
import { apiTokens, clients, fields, instanceFieldValues, invitations, otpTokens } from '../../db/schema';
import type { DirectoryPort } from '../../directory/port';
import { idpOidcModels } from '../../idp/tables';
import { rolesOf } from '../instance/service';

/** The System Log events that make up a person's own sign-in history. */
const signInEvents = ['user.session.start', 'user.session.end', 'user.authentication.sso', 'user.account.lock'];
/** How far back the history reads (the embedded IdP keeps 90 days by default; Okta as long as the org does). */
const HISTORY_DAYS = 365;

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/**
 * GET MyAccount/Data: everything Gatehouse holds about the signed-in person, read for their own profile only (the
 * caller's token names it; nothing in the request can name another). Secrets are never read: the factor list comes
 * through the directory port's projection, and tokens are listed by their dates, never their values or hashes.
 */
export async function exportMyData(
  { db, directory, config }: { db: Db; directory: DirectoryPort; config: Config },
  person: InstanceRow,
): Promise<MyData> {
  const [client] = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(eq(clients.id, person.clientId));
  const values = await db
    .select({ fieldName: fields.dictionaryName, value: instanceFieldValues.value })
    .from(instanceFieldValues)
    .innerJoin(fields, eq(fields.id, instanceFieldValues.fieldId))
    .where(eq(instanceFieldValues.instanceId, person.id))
    .orderBy(asc(fields.dictionaryName));
  const idpUser = await directory.getUser(person.idpUserId ?? person.idpLogin);
  const factors = idpUser === null ? [] : await directory.listFactors(idpUser.id);
  const history =
    idpUser === null
      ? []
      : await directory.listLogEvents({
          since: new Date(Date.now() - HISTORY_DAYS * 24 * 3600_000),
          filter: `actor.id eq "${idpUser.id}"`,
          sortOrder: 'DESCENDING',
          maxEvents: 1000,
        });
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      id: person.id,
      email: person.email,
      login: person.idpLogin,
      firstName: person.firstName,
      lastName: person.lastName,
      culture: person.culture,
      countryCode: person.countryCode,
      telephone: person.telephone,
      client: client ?? { id: person.clientId, name: '' },
      createdAt: person.createdAt.toISOString(),
      updatedAt: person.updatedAt.toISOString(),
      fields: values,
    },
    applications: (await rolesOf(db, person.id)).map(({ application, roleValue }) => ({ application, roleValue })),
    factors: factors.map(({ factorType, provider, status, created }) => ({ factorType, provider, status, created })),
    sessions: [
      ...(idpUser === null || config.okta !== null ? [] : await idpSessionsOf(db, idpUser.id)),
      ...(await portalTokensOf(db, person.id)),
    ],
    invitations: (
      await db
        .select()
        .from(invitations)
        .where(
          and(eq(invitations.clientId, person.clientId), sql`lower(${invitations.email}) = lower(${person.email})`),
        )
        .orderBy(asc(invitations.createdAt))
    ).map((row) => ({
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      acceptedAt: iso(row.acceptedAt),
      revokedAt: iso(row.revokedAt),
    })),
    termsAccepted: [],
    signInHistory: history
      .filter((event) => signInEvents.includes(event.eventType))
      .map((event) => ({
        published: event.published.toISOString(),
        eventType: event.eventType,
        outcome: event.outcome?.result ?? null,
        reason: event.outcome?.reason ?? null,
        ipAddress: event.client.ipAddress,
        userAgent: event.client.userAgent,
      })),
  };
}

/**
 * The embedded IdP's sessions and grants of the person (oidc-provider's rows, by their `accountId`). The management
 * API has no listing of them (Okta has none either), so this one read goes to the IdP's tables, which share the
 * portal's database only when the IdP is embedded; with a real Okta org the section lists the portal's tokens only.
 */
async function idpSessionsOf(db: Db, idpUserId: string): Promise<MyData['sessions']> {
  const rows = await db
    .select({ model: idpOidcModels.model, payload: idpOidcModels.payload, expiresAt: idpOidcModels.expiresAt })
    .from(idpOidcModels)
    .where(
      and(
        inArray(idpOidcModels.model, ['Session', 'Grant', 'RefreshToken']),
        sql`${idpOidcModels.payload}->>'accountId' = ${idpUserId}`,
      ),
    );
  return rows.map(({ model, payload, expiresAt }) => ({
    kind: model === 'Session' ? 'browser session' : model === 'Grant' ? 'application grant' : 'refresh token',
    createdAt: typeof payload.iat === 'number' ? new Date(payload.iat * 1000).toISOString() : null,
    expiresAt: iso(expiresAt),
  }));
}

/** The portal's own tokens of the person: API tokens they own and one-time application-link tokens. */
async function portalTokensOf(db: Db, instanceId: string): Promise<MyData['sessions']> {
  const api = await db
    .select({ createdAt: apiTokens.createdAt, expiresAt: apiTokens.expiresAt })
    .from(apiTokens)
    .where(eq(apiTokens.ownerId, instanceId));
  const links = await db
    .select({ createdAt: otpTokens.createdAt, expiresAt: otpTokens.expiresAt })
    .from(otpTokens)
    .where(eq(otpTokens.instanceId, instanceId));
  return [
    ...api.map((row) => ({ kind: 'API token', createdAt: iso(row.createdAt), expiresAt: iso(row.expiresAt) })),
    ...links.map((row) => ({
      kind: 'application link token',
      createdAt: iso(row.createdAt),
      expiresAt: iso(row.expiresAt),
    })),
  ];
}
