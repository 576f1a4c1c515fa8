import { and, asc, desc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { ApiToken, ApiTokenOwner, ApiTokenStatus } from '@contracts/admin/api-tokens';
import type { Db, Tx } from '../../db/client';
import { apiTokens, clients, instances } from '../../db/schema';
import { notFound } from '../../http/problem';

/** The API-token area's reads: the tokens (never their digests) and who may own one. */

const statusOf = (row: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): ApiTokenStatus =>
  row.revokedAt !== null ? 'revoked' : row.expiresAt !== null && row.expiresAt <= now ? 'expired' : 'active';

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

function selectTokens(db: Db | Tx, where?: SQL) {
  return db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      ownerId: apiTokens.ownerId,
      ownerLogin: instances.idpLogin,
      ownerClientId: instances.clientId,
      createdBy: apiTokens.createdBy,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      rateLimitPerMinute: apiTokens.rateLimitPerMinute,
    })
    .from(apiTokens)
    .innerJoin(instances, eq(instances.id, apiTokens.ownerId))
    .where(where)
    .orderBy(desc(apiTokens.createdAt), asc(apiTokens.id));
}

type TokenRow = Awaited<ReturnType<typeof selectTokens>>[number];

export const tokenOf = (row: TokenRow, now = new Date()): ApiToken => ({
  id: row.id,
  name: row.name,
  ownerId: row.ownerId,
  ownerLogin: row.ownerLogin,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: iso(row.lastUsedAt),
  expiresAt: iso(row.expiresAt),
  revokedAt: iso(row.revokedAt),
  rateLimitPerMinute: row.rateLimitPerMinute,
  status: statusOf(row, now),
});

/** GET ApiToken: every token, the newest first, revoked and expired ones included (they say so). */
export async function listApiTokens(db: Db): Promise<ApiToken[]> {
  const now = new Date();
  return (await selectTokens(db)).map((row) => tokenOf(row, now));
}

/** One token with the client its owner belongs to (the audit row's client). */
export async function getApiToken(db: Db | Tx, id: string): Promise<{ token: ApiToken; clientId: string }> {
  const [row] = await selectTokens(db, eq(apiTokens.id, id));
  if (row === undefined) throw notFound('No API token has this id.');
  return { token: tokenOf(row), clientId: row.ownerClientId };
}

/**
 * GET ApiTokenOwner: the people who may own a token, by login: provider administrators, and client administrators
 * whose restriction names their own client (the rule of server/auth/api-tokens.ts `ownerRights`).
 */
export async function listOwners(db: Db, providerPrefix: string): Promise<ApiTokenOwner[]> {
  const ownClient = sql`upper(${instances.clientRestrictionFilter}) = upper(${`${providerPrefix}__`} || ${clients.oktaPrefix})`;
  const rows = await db
    .select({
      id: instances.id,
      login: instances.idpLogin,
      firstName: instances.firstName,
      lastName: instances.lastName,
      isAulAdmin: instances.isAulAdmin,
      clientName: clients.name,
    })
    .from(instances)
    .innerJoin(clients, eq(clients.id, instances.clientId))
    .where(or(eq(instances.isAulAdmin, true), and(isNotNull(instances.clientRestrictionFilter), ownClient)))
    .orderBy(asc(sql`lower(${instances.idpLogin})`));
  return rows.map((row) => ({
    id: row.id,
    login: row.login,
    name: `${row.firstName} ${row.lastName}`.trim(),
    role: row.isAulAdmin ? 'admin' : 'clientadmin',
    clientName: row.isAulAdmin ? null : row.clientName,
  }));
}
