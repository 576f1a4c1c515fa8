import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instances } from '../../db/schema';
import { newUserId } from '../ids';
import { idpFederationLinks, idpUsers } from '../tables';
import type { UpstreamCommon } from './registry';
import { servedClient } from './registry';

/**
 * What the upstream said of the person, from a verified ID token (its claims) or a verified SAML assertion (its
 * attributes, each the first value when there are several).
 */
export interface UpstreamIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  claims: Record<string, unknown>;
}

export type Resolution =
  { ok: true; userId: string; login: string; how: 'linked' | 'provisioned' | 'known' } | { ok: false; reason: string };

/** The profile fields the mapping fills, from the claims it names (strings only, trimmed, at most 100 characters). */
function mappedFields(provider: UpstreamCommon, claims: Record<string, unknown>) {
  const out: { firstName?: string; lastName?: string } = {};
  for (const [claim, field] of Object.entries(provider.claimMapping)) {
    const value = claims[claim];
    if (typeof value !== 'string') continue;
    const text = value.trim().slice(0, 100);
    if (field === 'FirstName') out.firstName = text;
    if (field === 'LastName') out.lastName = text;
  }
  return out;
}

/**
 * Who the upstream subject is here, in one transaction: the (provider, subject) link if there is one; else the
 * person of the provider's client with the login `{prefix}__{email}`, linked only when the upstream says the e-mail is
 * verified; else a new person of that client, provisioned just in time (identity user without a password, portal
 * profile with `ssoUser`), and linked. Only the served client's logins are ever looked at, so nothing links across
 * clients. Two first sign-ins at once: the link's primary key lets one win; the other reads its link.
 */
export async function resolvePerson(db: Db, provider: UpstreamCommon, who: UpstreamIdentity): Promise<Resolution> {
  return db.transaction(async (tx) => {
    const known = await tx
      .select({ userId: idpFederationLinks.userId, login: idpUsers.login })
      .from(idpFederationLinks)
      .innerJoin(idpUsers, eq(idpUsers.id, idpFederationLinks.userId))
      .where(and(eq(idpFederationLinks.providerId, provider.id), eq(idpFederationLinks.subject, who.subject)));
    if (known[0] !== undefined) return { ok: true, ...known[0], how: 'known' } as const;
    const client = await servedClient(tx, provider.id);
    if (client === undefined) return { ok: false, reason: 'the identity provider serves no client' };
    if (who.email === undefined) return { ok: false, reason: 'the upstream gave no e-mail address' };
    const login = `${client.oktaPrefix}__${who.email}`;
    const [existing] = await tx
      .select({ id: idpUsers.id, login: idpUsers.login })
      .from(idpUsers)
      .where(sql`lower(${idpUsers.login}) = lower(${login})`);
    let userId: string;
    let how: 'linked' | 'provisioned';
    if (existing !== undefined) {
      if (!who.emailVerified) return { ok: false, reason: 'an unverified e-mail is never linked to a person' };
      userId = existing.id;
      how = 'linked';
    } else {
      const fields = mappedFields(provider, who.claims);
      userId = newUserId();
      how = 'provisioned';
      await tx.insert(idpUsers).values({
        id: userId,
        login,
        email: who.email,
        firstName: fields.firstName ?? '',
        lastName: fields.lastName ?? '',
        status: 'ACTIVE',
      });
      await tx.insert(instances).values({
        clientId: client.id,
        email: who.email,
        idpLogin: login,
        idpUserId: userId,
        firstName: fields.firstName ?? '',
        lastName: fields.lastName ?? '',
        culture: client.defaultCulture,
        ssoUser: true,
      });
    }
    await tx.insert(idpFederationLinks).values({ providerId: provider.id, subject: who.subject, userId });
    return { ok: true, userId, login: existing?.login ?? login, how } as const;
  });
}
