import type { EventHook, EventHookCreated, EventHookDelivery } from '@contracts/admin/event-hooks';

/**
 * The directory port (ARCHITECTURE "Directory port"): every identity change the portal makes — people, passwords,
 * recovery questions, lifecycle, groups — goes through this interface, and so do its reads of the System Log. Its one adapter speaks Okta's management API
 * (`okta-directory.ts`), so the embedded IdP and a real Okta org are driven by the same code.
 */

/** A person in the identity provider, as far as the portal needs to know them. Secrets never come back. */
export interface DirectoryUser {
  /** `00u…` */
  id: string;
  /** Okta's status: ACTIVE, STAGED, PROVISIONED, RECOVERY, PASSWORD_EXPIRED, LOCKED_OUT, SUSPENDED, DEPROVISIONED. */
  status: string;
  login: string;
  email: string;
  firstName: string;
  lastName: string;
  locale: string | null;
  /** The question only; the answer is never readable. */
  recoveryQuestion: string | null;
}

export interface DirectoryProfile {
  login: string;
  email: string;
  firstName: string;
  lastName: string;
  locale: string;
}

export interface RecoveryQuestion {
  question: string;
  answer: string;
}

export interface NewDirectoryUser extends Pick<DirectoryProfile, 'login' | 'email' | 'firstName' | 'lastName'> {
  locale?: string;
  /** Without one the user is created PROVISIONED (activation link) instead of ACTIVE. */
  password?: string;
  recoveryQuestion?: RecoveryQuestion;
  groupIds?: string[];
  /**
   * Okta's `activate`. false: created STAGED, nobody mailed, to be activated later with `activate(id, { sendEmail })`:
   * an administrator's new person gets the identity provider's own activation mail (`sendEmail: true`); the user
   * import takes the link (`sendEmail: false`) and mails it itself, in the person's culture. Default true.
   */
  activate?: boolean;
}

export interface DirectoryFactor {
  id: string;
  factorType: string;
  provider: string;
  status: string;
  created: string | null;
}

export interface DirectoryGroup {
  /** `00g…` */
  id: string;
  name: string;
  description: string;
}

/** What to read from the System Log (Okta's GET /api/v1/logs); every field optional, as Okta's query is. */
export interface LogEventsQuery {
  /** Default: seven days ago (Okta's default). */
  since?: Date;
  /** Exclusive. */
  until?: Date;
  /** Okta's filter expression, e.g. `eventType eq "user.session.start" and outcome.result eq "FAILURE"`. */
  filter?: string;
  /** Keywords, all of which must appear in the message, the actor or a target. */
  q?: string;
  sortOrder?: 'ASCENDING' | 'DESCENDING';
  /** Events per request (Okta's `limit`, at most 1000). Default 1000: fewer round trips. */
  pageSize?: number;
  /** Pages are followed until this many events are read. Default 10 000. */
  maxEvents?: number;
}

/** One System Log event (Okta's LogEvent), as far as the portal reads it. */
export interface DirectoryLogEvent {
  uuid: string;
  published: Date;
  eventType: string;
  severity: string;
  displayMessage: string | null;
  actor: { id: string; type: string; alternateId: string | null; displayName: string | null };
  client: { ipAddress: string | null; userAgent: string | null };
  outcome: { result: string; reason: string | null } | null;
  targets: { id: string; type: string; alternateId: string | null; displayName: string | null }[];
  /** Okta's transaction id: the request that caused the event. */
  transactionId: string | null;
}

/** A new event hook as the portal registers it (docs/event-hooks.md); the header value is sealed by the IdP. */
export interface NewEventHook {
  name: string;
  uri: string;
  eventTypes: string[];
  auth: { header: string; value: string } | null;
}

export interface DirectoryPort {
  /**
   * The same calls, made for a person signed in to the portal (their identity-provider login): the embedded IdP's
   * System Log names them as the actor instead of the portal's token. A real Okta org ignores it: its log names the
   * org token's owner.
   */
  actingFor(login: string): DirectoryPort;
  createUser(user: NewDirectoryUser): Promise<DirectoryUser>;
  /** By id or login; null when there is no such user. */
  getUser(idOrLogin: string): Promise<DirectoryUser | null>;
  /** Changes only the attributes given. */
  updateProfile(userId: string, profile: Partial<DirectoryProfile>): Promise<DirectoryUser>;
  /** An administrator's reset: no old password needed. */
  setPassword(userId: string, password: string): Promise<void>;
  /** The person's own change: the old password must be right. */
  changePassword(userId: string, change: { oldPassword: string; newPassword: string }): Promise<void>;
  /** The person's own change: their password must be right. */
  changeRecoveryQuestion(userId: string, change: { password: string } & RecoveryQuestion): Promise<void>;
  /** An agent's or administrator's set on the person's behalf: no password needed (Okta's user update). */
  setRecoveryQuestion(userId: string, question: RecoveryQuestion): Promise<void>;
  /** STAGED or DEPROVISIONED → ACTIVE (with a password) or PROVISIONED; the link comes back when not mailed. */
  activate(userId: string, options: { sendEmail: boolean }): Promise<{ activationUrl: string | null }>;
  /** PROVISIONED → PROVISIONED with a new activation link (the old one stops working); back when not mailed. */
  reactivate(userId: string, options: { sendEmail: boolean }): Promise<{ activationUrl: string | null }>;
  deactivate(userId: string): Promise<void>;
  /** Removes the user for good (Okta's two-step delete: deactivate, then delete). Undoes a sign-up that failed. */
  deleteUser(userId: string): Promise<void>;
  unlock(userId: string): Promise<void>;
  /**
   * Whether the password is the person's (Okta's primary authentication, /api/v1/authn): a wrong one counts towards
   * the lockout like a failed sign-in. Closing an account asks for it again (issue 34 item 3).
   */
  verifyPassword(login: string, password: string): Promise<boolean>;
  /** The person's enrolled factors: type, provider, status and date only (never a secret). */
  listFactors(userId: string): Promise<DirectoryFactor[]>;
  /** Ends every session of the person and revokes their OAuth tokens, refresh tokens included (after a reset). */
  clearSessions(userId: string): Promise<void>;
  /** Removes every factor the person enrolled (Okta's reset_factors): they enrol again at their next sign-in. */
  resetFactors(userId: string): Promise<void>;
  /** The password stops working until the person follows the link; it comes back when not mailed. */
  resetPassword(userId: string, options: { sendEmail: boolean }): Promise<{ resetPasswordUrl: string | null }>;
  addToGroup(groupId: string, userId: string): Promise<void>;
  removeFromGroup(groupId: string, userId: string): Promise<void>;
  listUserGroups(userId: string): Promise<DirectoryGroup[]>;
  /** System Log events, oldest first unless asked otherwise, following Okta's `next` links. */
  listLogEvents(query: LogEventsQuery): Promise<DirectoryLogEvent[]>;
  /** Okta's event hooks (docs/event-hooks.md), the oldest first; never an authorization value nor a secret. */
  listEventHooks(): Promise<EventHook[]>;
  /** Registers a hook, ACTIVE and UNVERIFIED as Okta does (it hears nothing until verified); its secret comes back once. */
  createEventHook(hook: NewEventHook): Promise<EventHookCreated>;
  /** Okta's one-time verification challenge; a receiver that does not answer it is a validation refusal. */
  verifyEventHook(id: string): Promise<EventHook>;
  setEventHookActive(id: string, active: boolean): Promise<EventHook>;
  /** An ACTIVE hook is refused (deactivate it first), as Okta does. */
  deleteEventHook(id: string): Promise<void>;
  /**
   * The hook's latest deliveries, the newest first: Gatehouse's own route (Okta has none, and answers 404 — a real
   * org's deliveries are in its System Log).
   */
  listEventHookDeliveries(id: string, limit: number): Promise<EventHookDelivery[]>;
}
