import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { fields, instanceFieldValues, instances } from '../../db/schema';
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

/** The person a (provider, subject) link names, if there is one. */
async function linkedPerson(tx: Tx, providerId: string, subject: string) {
  const [known] = await tx
    .select({ userId: idpFederationLinks.userId, login: idpUsers.login })
    .from(idpFederationLinks)
    .innerJoin(idpUsers, eq(idpUsers.id, idpFederationLinks.userId))
    .where(and(eq(idpFederationLinks.providerId, providerId), eq(idpFederationLinks.subject, subject)));
  return known;
}

async function personByLogin(tx: Tx, login: string) {
  const [person] = await tx
    .select({ id: idpUsers.id, login: idpUsers.login })
    .from(idpUsers)
    .where(sql`lower(${idpUsers.login}) = lower(${login})`);
  return person;
}

/**
 * Who the upstream subject is here, in one transaction: the (provider, subject) link if there is one; else the
 * person of the provider's client with the login `{prefix}__{email}`, linked only when the upstream says the e-mail is
 * verified; else a new person of that client, provisioned just in time (identity user without a password, portal
 * profile with `ssoUser`), and linked. Only the served client's logins are ever looked at, so nothing links across
 * clients.
 *
 * Two first sign-ins of the same person at once (two tabs, a double click) both find no link. The unique login and
 * the link's primary key decide between them without an error: each insert is `on conflict do nothing`, which on
 * PostgreSQL waits for the other transaction and then inserts nothing; the loser reads, in a new statement of the
 * same transaction, what the winner committed (its person, its link) and answers the same person as `known`.
 */
export async function resolvePerson(db: Db, provider: UpstreamCommon, who: UpstreamIdentity): Promise<Resolution> {
  return db.transaction(async (tx) => {
    const known = await linkedPerson(tx, provider.id, who.subject);
    if (known !== undefined) return { ok: true, ...known, how: 'known' } as const;
    const client = await servedClient(tx, provider.id);
    if (client === undefined) return { ok: false, reason: 'the identity provider serves no client' };
    if (who.email === undefined) return { ok: false, reason: 'the upstream gave no e-mail address' };
    const login = `${client.oktaPrefix}__${who.email}`;
    let existing = await personByLogin(tx, login);
    let userId: string;
    let how: 'linked' | 'provisioned';
    if (existing === undefined) {
      const mapped = mappedFields(provider, who.claims);
      const [created] = await tx
        .insert(idpUsers)
        .values({
          id: newUserId(),
          login,
          email: who.email,
          firstName: mapped.firstName ?? '',
          lastName: mapped.lastName ?? '',
          status: 'ACTIVE',
        })
        .onConflictDoNothing()
        .returning({ id: idpUsers.id });
      if (created !== undefined) {
        const [instance] = await tx
          .insert(instances)
          .values({
            clientId: client.id,
            email: who.email,
            idpLogin: login,
            idpUserId: created.id,
            firstName: mapped.firstName ?? '',
            lastName: mapped.lastName ?? '',
            culture: client.defaultCulture,
            ssoUser: true,
          })
          .returning({ id: instances.id });
        // The profile form shows the FirstName and LastName meta-tag fields' values (as the seed and SCIM write
        // them), not the instance's name columns: the mapped names go there too.
        const named = { FirstName: mapped.firstName, LastName: mapped.lastName };
        const tagged = await tx
          .select({ id: fields.id, metaTag: fields.metaTag })
          .from(fields)
          .where(inArray(fields.metaTag, ['FirstName', 'LastName']));
        const values = tagged.flatMap((field) => {
          const value =
            field.metaTag === 'FirstName' || field.metaTag === 'LastName' ? named[field.metaTag] : undefined;
          return instance === undefined || value === undefined || value === ''
            ? []
            : [{ instanceId: instance.id, fieldId: field.id, value }];
        });
        if (values.length > 0) await tx.insert(instanceFieldValues).values(values);
        userId = created.id;
        how = 'provisioned';
      } else {
        // Another sign-in made this login meanwhile: if it was this very subject's, its link is there now.
        const raced = await linkedPerson(tx, provider.id, who.subject);
        if (raced !== undefined) return { ok: true, ...raced, how: 'known' } as const;
        existing = await personByLogin(tx, login);
        if (existing === undefined) throw new Error('a login that conflicts was not found');
        userId = existing.id;
        how = 'linked';
      }
    } else {
      userId = existing.id;
      how = 'linked';
    }
    if (how === 'linked' && !who.emailVerified)
      return { ok: false, reason: 'an unverified e-mail is never linked to a person' };
    const [link] = await tx
      .insert(idpFederationLinks)
      .values({ providerId: provider.id, subject: who.subject, userId })
      .onConflictDoNothing()
      .returning({ userId: idpFederationLinks.userId });
    if (link === undefined) {
      // The same subject was linked by a sign-in that committed first: that person is the one.
      const raced = await linkedPerson(tx, provider.id, who.subject);
      if (raced === undefined) throw new Error('a link that conflicts was not found');
      return { ok: true, ...raced, how: 'known' } as const;
    }
    return { ok: true, userId, login: existing?.login ?? login, how } as const;
  });
}

/**
 * Whether the person signs in only through an upstream provider: the portal profile's `SSOUser` (spec
 * public-and-profile §3), set on everyone provisioned here. Their password is not Gatehouse's to reset (§5).
 */
export async function isSingleSignOnPerson(db: Db, userId: string): Promise<boolean> {
  const [profile] = await db
    .select({ ssoUser: instances.ssoUser })
    .from(instances)
    .where(eq(instances.idpUserId, userId))
    .limit(1);
  return profile?.ssoUser === true;
}
