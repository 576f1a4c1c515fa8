/**
 * The login username rule (spec public-and-profile §5 "Login username"), shared by the SPA (before the widget
 * submits) and the server (directory, site configuration). People type their e-mail or 5-digit agent id; the
 * identity provider knows them as `PREFIX__email`.
 */
export const AGENT_ID_PATTERN = /^\d{5}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PREFIX_SEPARATOR = '__';

export interface UsernameRule {
  /** The client's Okta prefix (ACME, AULUMB…). */
  prefix: string;
  /** Appended to a 5-digit agent id to make an e-mail-shaped login. */
  agentUserDomain: string;
  /** A trailing domain some environments add to usernames; stripped from what the IdP returns. */
  testDomainSuffix: string | null;
}

/** The username the identity provider expects for what the person typed. */
export function toIdpUsername(typed: string, rule: UsernameRule): string {
  const value = typed.trim();
  const isAgent = AGENT_ID_PATTERN.test(value);
  if (!isAgent && !EMAIL_PATTERN.test(value)) return value;
  const withDomain = isAgent ? `${value}${rule.agentUserDomain}` : value;
  const prefixed = `${rule.prefix}${PREFIX_SEPARATOR}`;
  return withDomain.toUpperCase().startsWith(prefixed.toUpperCase()) ? withDomain : `${prefixed}${withDomain}`;
}

/** The username as people know it, from what the identity provider returns. */
export function fromIdpUsername(username: string, rule: Pick<UsernameRule, 'testDomainSuffix'>): string {
  const suffix = rule.testDomainSuffix;
  return suffix && username.toLowerCase().endsWith(suffix.toLowerCase()) ? username.slice(0, -suffix.length) : username;
}

/** A login without the client's `PREFIX__` (`AUL__ops@example.com` → `ops@example.com`); one without it unchanged. */
export function withoutClientPrefix(login: string): string {
  const separator = login.indexOf(PREFIX_SEPARATOR);
  return separator === -1 ? login : login.slice(separator + PREFIX_SEPARATOR.length);
}

/**
 * A login as its person types it, for an administrator's screens: without the client's `PREFIX__`, without the test
 * domain suffix, and for an agent without the agents' domain (`AULUMB__48213@agents.example.com` → `48213`).
 */
export function loginAsTyped(login: string, rule: Pick<UsernameRule, 'agentUserDomain' | 'testDomainSuffix'>): string {
  const bare = fromIdpUsername(withoutClientPrefix(login), rule);
  const domain = rule.agentUserDomain;
  if (domain !== '' && bare.toLowerCase().endsWith(domain.toLowerCase())) {
    const agentId = bare.slice(0, -domain.length);
    if (AGENT_ID_PATTERN.test(agentId)) return agentId;
  }
  return bare;
}
