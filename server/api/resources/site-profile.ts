import { and, asc, eq, sql } from 'drizzle-orm';
import { normaliseCulture } from '@contracts/culture';
import type { SiteProfile } from '@contracts/resources';
import { AGENT_ID_PATTERN, fromIdpUsername, type UsernameRule } from '@contracts/username';
import type { Db } from '../../db/client';
import { applications, clientApplications, clients, instances } from '../../db/schema';
import { readSettings } from './settings';

/** The configured parts of the login username rule (the prefix is what this lookup is looking for). */
export type SiteUsernameRule = Pick<UsernameRule, 'agentUserDomain' | 'testDomainSuffix'>;

/**
 * The client a login belongs to: the `PREFIX__` it carries (`ACME__maria@acme.test`), else the one client that has a
 * profile with that e-mail. Null when neither says (unknown, or an e-mail several clients share). The username rule
 * applies first (spec §5): the test-domain suffix is stripped, and a 5-digit agent id gets the agent user domain.
 */
async function clientOfLogin(db: Db, typed: string, rule: SiteUsernameRule): Promise<string | null> {
  const known = fromIdpUsername(typed, rule);
  const login = AGENT_ID_PATTERN.test(known) ? `${known}${rule.agentUserDomain}` : known;
  const separator = login.indexOf('__');
  if (separator > 0) {
    const prefix = login.slice(0, separator).toUpperCase();
    const [byPrefix] = await db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(sql`upper(${clients.oktaPrefix})`, prefix))
      .limit(1);
    if (byPrefix !== undefined) return byPrefix.id;
  }
  const owners = await db
    .selectDistinct({ clientId: instances.clientId })
    .from(instances)
    .where(eq(sql`lower(${instances.email})`, login.toLowerCase()))
    .limit(2);
  return owners.length === 1 && owners[0] !== undefined ? owners[0].clientId : null;
}

/** Settings are text (the spec compares them with "true"/"false"); absent means the spec's default. */
const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined ? fallback : value.trim().toLowerCase() === 'true';
const count = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
};

/**
 * The site profile for a login (GET resource/siteConfiguration?login). An unknown login answers the provider's
 * profile with the same status and shape, so the call cannot be used to find out who has an account.
 * Null only when not even the provider's client exists (an unseeded database).
 */
export async function readSiteProfile(
  db: Db,
  login: string,
  providerPrefix: string,
  usernameRule: SiteUsernameRule,
): Promise<SiteProfile | null> {
  const knownClientId = await clientOfLogin(db, login.trim(), usernameRule);
  const [client] = await db
    .select()
    .from(clients)
    .where(knownClientId === null ? eq(clients.oktaPrefix, providerPrefix) : eq(clients.id, knownClientId))
    .limit(1);
  if (client === undefined) return null;

  const [apps, settings] = await Promise.all([
    db
      .select({
        id: applications.id,
        name: applications.name,
        alias: applications.alias,
        applicationLink: applications.link,
        defaultRedirect: clientApplications.defaultRedirect,
      })
      .from(clientApplications)
      .innerJoin(applications, eq(applications.id, clientApplications.applicationId))
      .where(and(eq(clientApplications.clientId, client.id), eq(clientApplications.active, true)))
      .orderBy(asc(clientApplications.displayOrder), asc(applications.name)),
    readSettings(db, client.id),
  ]);
  // The main application: the one people are sent straight to, or the only one there is.
  const main = apps.find((app) => app.defaultRedirect) ?? (apps.length === 1 ? apps[0] : undefined);

  return {
    clientId: client.id,
    clientName: client.name,
    applicationName: main?.name ?? null,
    culture: normaliseCulture(client.defaultCulture),
    oktaPrefix: client.oktaPrefix,
    portalAlias: client.portalAlias,
    allowEmailAndUserName: flag(settings.AllowEmailAndUserName, false),
    allowPasswordResetWithOTP: flag(settings.AllowPasswordResetWithOTP, true),
    securityAnswerAttempts: count(settings.SecurityAnswerAttempts, 3),
    showLoginAttemptCounter: flag(settings.ShowLoginAttemptCounter, true),
    redirectUrl: settings.RedirectUrl ?? null,
    ssoId: client.ssoId,
    applications: apps.map((app) => ({ ...app, alias: app.alias ?? '' })),
    // The schema has no per-client role exclusions yet; the admin side that edits them arrives with its issue.
    rules: { excludeRoles: [] },
  };
}
