import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { normaliseCulture } from '@contracts/culture';
import type { SiteProfile } from '@contracts/resources';
import { AGENT_ID_PATTERN, fromIdpUsername, type UsernameRule } from '@contracts/username';
import type { Db } from '../../db/client';
import { applications, clientApplications, clients, portalSettings } from '../../db/schema';
import { readSettings } from './settings';

/** The configured parts of the login username rule (the prefix is what this lookup is looking for). */
export type SiteUsernameRule = Pick<UsernameRule, 'agentUserDomain' | 'testDomainSuffix'>;

/** The client setting that lists a client's e-mail domains, comma-separated (`acme.com, acme.co.uk`). */
export const EMAIL_DOMAINS_SETTING = 'EmailDomains';

/**
 * The client a login belongs to, from what the login itself says and never from who has an account (no enumeration,
 * docs/api.md "siteConfiguration"): the `PREFIX__` it carries (`ACME__maria@acme.test`), else the one client whose
 * `EmailDomains` setting lists the e-mail's domain. Null when neither says. The username rule applies first (spec §5):
 * the test-domain suffix is stripped, and a 5-digit agent id gets the agent user domain.
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
  const domain = login.slice(login.lastIndexOf('@') + 1).toLowerCase();
  if (!login.includes('@') || domain === '') return null;
  const listing = await db
    .select({ clientId: portalSettings.clientId, value: portalSettings.value })
    .from(portalSettings)
    .where(and(eq(portalSettings.key, EMAIL_DOMAINS_SETTING), isNotNull(portalSettings.clientId)));
  const owners = listing.filter((row) =>
    row.value.split(',').some((listed) => listed.trim().toLowerCase().replace(/^@/, '') === domain),
  );
  // A domain two clients both list says nothing about which one.
  return owners.length === 1 ? (owners[0]?.clientId ?? null) : null;
}

/** Settings are text (the spec compares them with "true"/"false"); absent means the spec's default. */
const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined ? fallback : value.trim().toLowerCase() === 'true';
const count = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
};

/**
 * The site profile for a login (GET resource/siteConfiguration?login[&clientId]). Nothing in it depends on whether
 * the login has an account: a known and an unknown login of the same prefix or domain get the same answer; a login
 * that names no client gets the page's client (`clientId`, the portal alias the login page shows), else the
 * provider's profile.
 * Null only when not even the provider's client exists (an unseeded database).
 */
export async function readSiteProfile(
  db: Db,
  /** What the person typed; undefined when nothing was (the SSO screen): the page's client, else the provider's. */
  login: string | undefined,
  providerPrefix: string,
  usernameRule: SiteUsernameRule,
  /** The client of the page the login was typed on (resolved from its alias or id), if any. */
  pageClientId: string | null = null,
): Promise<SiteProfile | null> {
  const knownClientId =
    (login === undefined ? null : await clientOfLogin(db, login.trim(), usernameRule)) ?? pageClientId;
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
        excludedRoles: clientApplications.excludedRoles,
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
    applications: apps.map(({ id, name, alias, applicationLink, defaultRedirect }) => ({
      id,
      name,
      alias: alias ?? '',
      applicationLink,
      defaultRedirect,
    })),
    // Rules.ExcludeRoles (spec §3): one entry per application and role the client's site rules leave out.
    rules: {
      excludeRoles: apps.flatMap((app) => app.excludedRoles.map((role) => ({ applicationId: app.id, role }))),
    },
  };
}
