import type { FastifyRequest } from 'fastify';
import type { LogOutcome, LogSeverity, LogTarget } from '../tables';

/**
 * The events the embedded IdP records, under Okta's eventType names and display messages (Okta's Event Types
 * catalogue), so a reader of GET /api/v1/logs (the portal's dashboard) filters the same strings against either IdP.
 */
export const logEventTypes = {
  'user.session.start': 'User login to Okta',
  'user.session.end': 'User logout from Okta',
  'user.session.clear': 'Clear user session',
  'user.account.lock': 'Max sign in attempts exceeded',
  'user.account.unlock': 'Unlock user account',
  'user.mfa.factor.activate': 'Activate factor or authenticator',
  'user.authentication.auth_via_mfa': 'Authentication of user via MFA',
  'user.account.reset_password': 'Fired when the user\u2019s Okta password is reset',
  'user.account.update_password': 'User update password for Okta',
  'app.oauth2.token.grant.refresh_token': 'OAuth2 refresh token is granted',
  'user.lifecycle.create': 'Create Okta user',
  'user.lifecycle.activate': 'Activate Okta user',
  'user.lifecycle.deactivate': 'Deactivate Okta user',
  'user.lifecycle.suspend': 'Suspend Okta user',
  'user.lifecycle.unsuspend': 'Unsuspend Okta user',
  'user.lifecycle.delete.initiated': 'Delete Okta user',
  'user.account.update_profile': 'Update user profile for Okta',
  'group.user_membership.add': 'Add user to group membership',
  'group.user_membership.remove': 'Remove user from group membership',
  'group.lifecycle.create': 'Create Okta group',
  'group.profile.update': 'Update group profile',
  'group.lifecycle.delete': 'Delete Okta group',
  'user.mfa.factor.reset_all': 'Reset all factors for user',
  'user.mfa.factor.deactivate': 'Reset factor for user',
  'user.account.expire_password': 'Expire user password',
  'system.api_token.create': 'Create API token',
  'system.api_token.revoke': 'Revoke API token',
  // Gatehouse's own (Okta logs no event per call): every call made with an administrator's API token, and every
  // refusal of a known one (revoked, expired, its owner without the rights, over its rate limit).
  'system.api_token.use': 'Use API token',
  // Federation (issue 31 item 1): the registry's changes and every federated sign-in's outcome, under Okta's names.
  'system.idp.lifecycle.create': 'Create identity provider',
  'system.idp.lifecycle.update': 'Update identity provider',
  'system.idp.lifecycle.delete': 'Delete identity provider',
  'user.authentication.auth_via_IDP': 'Authenticate user via IDP',
  // Event hooks (issue 33 item 4): their registry's changes and a delivery given up on, under Okta's names.
  'event_hook.created': 'Event hook created',
  'event_hook.updated': 'Event hook updated',
  'event_hook.activated': 'Event hook activated',
  'event_hook.deactivated': 'Event hook deactivated',
  'event_hook.verified': 'Event hook verified',
  'event_hook.deleted': 'Event hook deleted',
  'event_hook.delivery': 'Event hook delivery failed',
  // A CSV user import finished (issue 33 item 4): Okta's name for an import's end; the outcome's reason carries
  // the counts only (never a name or an address from the file).
  'system.import.complete': 'Import completed',
} as const;
export type LogEventType = keyof typeof logEventTypes;

/** Who did it: a person, or the management API's token (`API_TOKEN_ACTOR`). Okta's LogEvent `actor`. */
export interface LogActor {
  id: string;
  type: string;
  alternateId: string;
  displayName: string;
}

/** Where the request came from: Okta's `client` (address, user agent) and the request id it names in debugData. */
export interface LogClient {
  ipAddress: string | null;
  userAgent: string | null;
  requestId: string | null;
}

/** An event as the code records it; the recorder adds the uuid and the time. */
export interface LogEventInput {
  eventType: LogEventType;
  severity: LogSeverity;
  outcome: { result: LogOutcome; reason: string | null };
  displayMessage: string;
  actor: LogActor;
  client: LogClient;
  targets: LogTarget[];
}

interface PersonLike {
  id: string;
  login: string;
  firstName: string;
  lastName: string;
}

const displayNameOf = (person: PersonLike) => `${person.firstName} ${person.lastName}`.trim() || person.login;

export const userActor = (person: PersonLike): LogActor => ({
  id: person.id,
  type: 'User',
  alternateId: person.login,
  displayName: displayNameOf(person),
});

/** A failed sign-in names the login typed; when it matches nobody, Okta's actor id is "unknown". */
export const attemptedActor = (login: string, userId: string | undefined): LogActor => ({
  id: userId ?? 'unknown',
  type: 'User',
  alternateId: login,
  displayName: 'unknown',
});

/**
 * Management API calls authenticate with an SSWS token. An administrator's API token names its owner as the actor, as
 * Okta does; the portal's own server-internal token has no owner, so the actor is the system principal it stands for.
 */
export const API_TOKEN_ACTOR: LogActor = {
  id: 'gatehouse-api-token',
  type: 'SystemPrincipal',
  alternateId: 'system@gatehouse',
  displayName: 'Management API token',
};

/** An administrator's API token as a System Log target (Okta's `Token` target type). */
export const apiTokenTarget = (token: { id: string; name: string }): LogTarget => ({
  id: token.id,
  type: 'Token',
  alternateId: token.name,
  displayName: token.name,
});

/** A registry entry as a System Log target (Okta's `IdentityProvider` target type). */
export const identityProviderTarget = (provider: { id: string; name: string }): LogTarget => ({
  id: provider.id,
  type: 'IdentityProvider',
  alternateId: provider.name,
  displayName: provider.name,
});

/** An event hook as a System Log target (Okta's `EventHook` target type). */
export const eventHookTarget = (hook: { id: string; name: string }): LogTarget => ({
  id: hook.id,
  type: 'EventHook',
  alternateId: hook.name,
  displayName: hook.name,
});

/** A CSV user import as a System Log target: its job id, nothing from its file. */
export const userImportTarget = (jobId: string): LogTarget => ({
  id: jobId,
  type: 'UserImport',
  alternateId: jobId,
  displayName: 'CSV user import',
});

export const userTarget = (person: PersonLike): LogTarget => ({ ...userActor(person) });
/** One identity-provider session (by its uid), ended by its owner from the Security step. */
export const sessionTarget = (sessionUid: string): LogTarget => ({
  id: sessionUid,
  type: 'Session',
  alternateId: sessionUid,
  displayName: 'Session',
});
export const groupTarget = (group: { id: string; name: string }): LogTarget => ({
  id: group.id,
  type: 'UserGroup',
  alternateId: group.name,
  displayName: group.name,
});

export const clientOf = (request: FastifyRequest): LogClient => ({
  ipAddress: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
  requestId: request.id,
});

/**
 * One event: the message comes from the catalogue; failures are WARN and everything else INFO, as Okta grades
 * sign-in failures and lockouts.
 */
export function logEvent(
  eventType: LogEventType,
  client: LogClient,
  actor: LogActor,
  {
    result = 'SUCCESS',
    reason = null,
    targets = [],
  }: { result?: LogOutcome; reason?: string | null; targets?: LogTarget[] } = {},
): LogEventInput {
  const warn = result === 'FAILURE' || result === 'DENY' || eventType === 'user.account.lock';
  return {
    eventType,
    severity: warn ? 'WARN' : 'INFO',
    outcome: { result, reason },
    displayMessage: logEventTypes[eventType],
    actor,
    client,
    targets,
  };
}
