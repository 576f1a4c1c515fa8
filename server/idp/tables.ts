import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The embedded identity provider's own tables (docs/identity.md "Tables"). They are kept apart from the portal schema
 * and migrated by `migrateIdp` into their own migrations table, so the IdP could move to its own database unchanged.
 * Ids follow Okta's shapes (`00u…` users, `00g…` groups) because clients and the portal store and compare them.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Okta user statuses (okta-compat §6). Only ACTIVE users may sign in; LOCKED_OUT is derived from `lockedUntil`. */
export const userStatuses = [
  'STAGED',
  'PROVISIONED',
  'ACTIVE',
  'RECOVERY',
  'PASSWORD_EXPIRED',
  'LOCKED_OUT',
  'SUSPENDED',
  'DEPROVISIONED',
] as const;
export type UserStatus = (typeof userStatuses)[number];

export const idpUsers = pgTable(
  'idp_users',
  {
    /** `00u` + 17 characters, 20 in all, like Okta's. */
    id: text('id').primaryKey(),
    /** Unique, compared case-insensitively (Okta logins are): stored as given, indexed on lower(). */
    login: text('login').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    locale: text('locale').notNull().default('en_US'),
    status: text('status').$type<UserStatus>().notNull().default('ACTIVE'),
    /** argon2id PHC string; null for a user who has no password yet (STAGED). */
    passwordHash: text('password_hash'),
    recoveryQuestion: text('recovery_question'),
    /** argon2id of the normalised answer (trimmed, lower case), never the answer. */
    recoveryAnswerHash: text('recovery_answer_hash'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** Set when `failedAttempts` reaches the limit; the account unlocks itself once this passes. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('idp_users_login_lower_idx').on(sql`lower(${t.login})`),
    index('idp_users_email_idx').on(sql`lower(${t.email})`),
    // The dashboard's active people: who signed in since a day, of every client or of one (by the login's prefix,
    // the expression server/idp/events/hourly-reads.ts filters on), without reading every user.
    index('idp_users_last_login_idx').on(t.lastLoginAt),
    index('idp_users_client_last_login_idx').on(sql`upper(split_part(${t.login}, '__', 1))`, t.lastLoginAt),
    check('idp_users_status_check', sql.raw(`status in (${userStatuses.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

export const idpGroups = pgTable(
  'idp_groups',
  {
    /** `00g` + 17 characters. */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** A SCIM client's id for the group (case-exact; server/scim), unique among one client's groups. */
    externalId: text('external_id'),
    /** Raised by every change of the name, the external id or the members: a SCIM group's ETag. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('idp_groups_name_lower_idx').on(sql`lower(${t.name})`),
    // The client is the name's prefix (`{OktaPrefix}__…`), as for logins (idp_users_client_last_login_idx).
    uniqueIndex('idp_groups_prefix_external_id_idx').on(sql`upper(split_part(${t.name}, '__', 1))`, t.externalId),
  ],
);

export const idpGroupMembers = pgTable(
  'idp_group_members',
  {
    groupId: text('group_id')
      .notNull()
      .references(() => idpGroups.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => idpUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('idp_group_members_user_idx').on(t.userId)],
);

/**
 * RS256 signing keys. `kid` is the RFC 7638 thumbprint, so it changes exactly when the key does (okta-compat §2.2).
 * The private JWK is sealed (`sealedJwk`, server/secrets/seal.ts); `privateJwk` only held it before sealing existed
 * and is emptied by the sealing at start (server/idp/sealing.ts). A key is published in the JWKS from `createdAt`,
 * signs from `signsFrom` until a newer key's `signsFrom`, and leaves the JWKS (`active` false) at `retiresAt`, when the
 * last token it signed has expired (server/idp/keys.ts).
 */
export const idpSigningKeys = pgTable(
  'idp_signing_keys',
  {
    kid: text('kid').primaryKey(),
    privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>(),
    sealedJwk: text('sealed_jwk'),
    createdAt: createdAt(),
    signsFrom: timestamp('signs_from', { withTimezone: true }).notNull().defaultNow(),
    retiresAt: timestamp('retires_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
  },
  (t) => [check('idp_signing_keys_one_form_check', sql`(${t.privateJwk} is null) <> (${t.sealedJwk} is null)`)],
);

/**
 * One row: a known text sealed with the server secret when the database was first sealed. Opening it at start tells a
 * wrong or missing server secret from the right one before anything else runs (server/idp/sealing.ts).
 */
export const idpSealingCheck = pgTable(
  'idp_sealing_check',
  {
    id: integer('id').primaryKey().default(1),
    sealedCheck: text('sealed_check').notNull(),
    sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('idp_sealing_check_one_row_check', sql`${t.id} = 1`)],
);

/**
 * oidc-provider's storage (its adapter interface): sessions, interactions, grants, codes, refresh tokens, and our
 * revoked access-token ids. One row per (model, id); `payload` is what oidc-provider hands us, opaque to us.
 */
export const idpOidcModels = pgTable(
  'idp_oidc_models',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('idp_oidc_models_grant_id_idx').on(t.grantId),
    index('idp_oidc_models_uid_idx').on(t.uid),
    index('idp_oidc_models_user_code_idx').on(t.userCode),
    index('idp_oidc_models_expires_at_idx').on(t.expiresAt),
  ],
);

/** Classic authentication API transactions (okta-compat §1.3): `stateToken` `00…`, always starting with `00`. */
export const idpAuthnTransactions = pgTable(
  'idp_authn_transactions',
  {
    stateToken: text('state_token').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => idpUsers.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('idp_authn_transactions_expires_at_idx').on(t.expiresAt)],
);

export const oneTimeTokenKinds = ['session', 'recovery'] as const;
export type OneTimeTokenKind = (typeof oneTimeTokenKinds)[number];

/**
 * Single-use bearer secrets (session tokens `20…`, recovery tokens). Only the SHA-256 of the token is stored: the
 * tokens carry 256 bits of randomness, so a plain hash is enough and a leaked table reveals none of them.
 */
export const idpOneTimeTokens = pgTable(
  'idp_one_time_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind').$type<OneTimeTokenKind>().notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => idpUsers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** How the user proved who they are (`pwd`, later `otp`/`mfa`); carried into the OIDC session's `amr`. */
    amr: text('amr')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index('idp_one_time_tokens_user_idx').on(t.userId),
    index('idp_one_time_tokens_expires_at_idx').on(t.expiresAt),
    check('idp_one_time_tokens_kind_check', sql.raw(`kind in (${oneTimeTokenKinds.map((k) => `'${k}'`).join(', ')})`)),
  ],
);

export const factorStatuses = ['PENDING_ACTIVATION', 'ACTIVE'] as const;
export type FactorStatus = (typeof factorStatuses)[number];

/**
 * Enrolled MFA factors: TOTP (`token:software:totp`) and passkeys (`webauthn`), at most one per user and type. The
 * TOTP shared secret must be readable to check codes, so it is stored sealed (docs/identity.md); `lastUsedStep` is the
 * time step of the last accepted code, which makes a replayed code fail (E0000082) in every process. A passkey keeps
 * no secret, only its credential id, public key and signature counter (migration 0007).
 */
export const idpFactors = pgTable(
  'idp_factors',
  {
    /** `uft` + 17 characters, like Okta's TOTP factor ids. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => idpUsers.id, { onDelete: 'cascade' }),
    factorType: text('factor_type').notNull(),
    provider: text('provider').notNull(),
    status: text('status').$type<FactorStatus>().notNull(),
    /** RFC 4648 base32, as shown to the user and put in the QR code; sealed (`sealed.v1.…`, context `factorSecretContext`). */
    secret: text('secret'),
    /** SHA-256 of the token in the QR code's URL while the factor is pending; the image needs no other credential. */
    qrTokenHash: text('qr_token_hash'),
    lastUsedStep: integer('last_used_step'),
    /** A passkey's credential id (base64url), set when its registration is verified; unique across all people. */
    credentialId: text('credential_id'),
    /** Its COSE public key (base64url), which checks every assertion. */
    publicKey: text('public_key'),
    /** The authenticator's signature counter at the last accepted assertion (0 for authenticators that keep none). */
    signCount: bigint('sign_count', { mode: 'number' }),
    /** How the browser said it reaches the authenticator (`usb`, `internal`, …), handed back in allowCredentials. */
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A passkey's name, so the person tells several apart ("Phone", "Security key"); null for TOTP. */
    name: text('name'),
    /** When a passkey last signed the person in (its last accepted assertion); null until then, and for TOTP. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** SHA-256 of the registration challenge of a passkey added from the profile form, until it is activated. */
    challengeHash: text('challenge_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One factor per type, as Okta allows, except passkeys: a person may have several (migration 0010).
    uniqueIndex('idp_factors_user_type_idx')
      .on(t.userId, t.factorType)
      .where(sql`${t.factorType} <> 'webauthn'`),
    uniqueIndex('idp_factors_credential_id_idx').on(t.credentialId),
    check(
      'idp_factors_kind_check',
      sql`(factor_type = 'webauthn') = (secret is null) AND (factor_type = 'webauthn' OR credential_id is null)`,
    ),
    check('idp_factors_status_check', sql.raw(`status in (${factorStatuses.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

/**
 * Fixed-window attempt counters (per username and action), in the database so that every server process counts
 * the same attempts. One row per key; a window that has run out restarts at the next hit.
 */
export const idpRateLimits = pgTable('idp_rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/** Okta's LogEvent outcome results (System Log API). */
export const logOutcomes = ['SUCCESS', 'FAILURE', 'SKIPPED', 'ALLOW', 'DENY', 'CHALLENGE', 'UNKNOWN'] as const;
export type LogOutcome = (typeof logOutcomes)[number];
export const logSeverities = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
export type LogSeverity = (typeof logSeverities)[number];

/** One target of an event (a user, a group, an app), as Okta's LogEvent `target[]` carries it. */
export interface LogTarget {
  id: string;
  type: string;
  alternateId: string;
  displayName: string;
}

/**
 * The System Log (docs/identity.md "System Log"): one row per event, served by GET /api/v1/logs in Okta's LogEvent
 * shape. Written append-only by the buffered recorder (server/idp/events/recorder.ts) and deleted only by the purge,
 * past IDP_LOG_RETENTION_DAYS.
 *
 * `seq` orders events written in the same millisecond, so (published, seq) is a total order and the `after` cursor
 * pages without skipping or repeating. The indexes serve the reads we expect: the log by time (published, seq); the
 * dashboard's counts of one event type per hour or day ((event_type, published, outcome_result): sign-ins and
 * failures over 24 h or 30 days read only that type's slice of the index, without visiting the rows); a person's history (actor_id, published); and `target.id eq`
 * (a GIN index on target_ids, the targets' ids copied out of the jsonb).
 */
export const idpLogEvents = pgTable(
  'idp_log_events',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uuid: text('uuid').notNull(),
    published: timestamp('published', { withTimezone: true }).notNull(),
    eventType: text('event_type').notNull(),
    severity: text('severity').$type<LogSeverity>().notNull(),
    outcomeResult: text('outcome_result').$type<LogOutcome>().notNull(),
    outcomeReason: text('outcome_reason'),
    displayMessage: text('display_message').notNull(),
    actorId: text('actor_id').notNull(),
    actorType: text('actor_type').notNull(),
    actorAlternateId: text('actor_alternate_id').notNull(),
    actorDisplayName: text('actor_display_name').notNull(),
    clientIp: text('client_ip'),
    clientUserAgent: text('client_user_agent'),
    /** The request that caused the event (Fastify's request id): Okta's transaction.id and debugData.requestId. */
    requestId: text('request_id'),
    targets: jsonb('targets').$type<LogTarget[]>().notNull().default([]),
    targetIds: text('target_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    index('idp_log_events_published_idx').on(t.published, t.seq),
    index('idp_log_events_type_published_idx').on(t.eventType, t.published, t.outcomeResult),
    index('idp_log_events_actor_published_idx').on(t.actorId, t.published),
    index('idp_log_events_target_ids_idx').using('gin', t.targetIds),
    check(
      'idp_log_events_outcome_check',
      sql.raw(`outcome_result in (${logOutcomes.map((o) => `'${o}'`).join(', ')})`),
    ),
    check('idp_log_events_severity_check', sql.raw(`severity in (${logSeverities.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

/**
 * The System Log counted per hour (docs/identity.md "System Log", "Hourly counts"): how many events of each type and
 * outcome each client's people caused in each hour. The recorder adds a batch's counts in the same transaction as
 * the batch's events (server/idp/events/rollup.ts), so the two never disagree; the dashboard's figures read these few
 * rows instead of counting a million events. `client_key` is the Okta prefix of the login the event names
 * (`ACME` for `ACME__maria@acme.test`), '' for a login without one. The purge drops hours past the retention, as it
 * drops the events.
 */
export const idpLogHourly = pgTable(
  'idp_log_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    clientKey: text('client_key').notNull(),
    eventType: text('event_type').notNull(),
    outcomeResult: text('outcome_result').$type<LogOutcome>().notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.clientKey, t.eventType, t.outcomeResult] })],
);

/** Kinds of upstream identity provider the registry holds (docs/identity.md "Federation", "SAML 2.0"). */
export const identityProviderKinds = ['oidc', 'saml'] as const;
export type IdentityProviderKind = (typeof identityProviderKinds)[number];

/**
 * The federation registry (issue 31 item 1, docs/identity.md "Federation"): upstream OpenID providers that
 * `/oauth2/v1/authorize?idp=<id>` sends a browser to. The client secret is sealed with the server secret
 * (server/idp/sealing.ts, context `identityProviderSecretContext`) and never leaves the server. `claimMapping` maps an
 * upstream claim to a profile field's meta tag (`given_name` → `FirstName`). Which portal client the provider serves
 * is the client's own SSOID (`clients.sso_id` = this id), so the two cannot disagree.
 */
export const idpIdentityProviders = pgTable(
  'idp_identity_providers',
  {
    /** `0oa` + 17 characters, Okta's shape for an identity provider's id (the `idp` parameter). */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind').$type<IdentityProviderKind>().notNull().default('oidc'),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    sealedClientSecret: text('sealed_client_secret').notNull(),
    /** Space-separated, as OAuth sends them. */
    scopes: text('scopes').notNull().default('openid email profile'),
    claimMapping: jsonb('claim_mapping').$type<Record<string, string>>().notNull().default({}),
    /** SAML only (the OpenID columns above are empty): where the metadata was fetched from, null when pasted. */
    metadataUrl: text('metadata_url'),
    /** SAML only, from the upstream's metadata when the entry was written: its entity id and SSO endpoint. */
    samlEntityId: text('saml_entity_id'),
    samlSsoUrl: text('saml_sso_url'),
    /** SAML only: the upstream's signing certificates, PEM, from its metadata. */
    samlCertificates: jsonb('saml_certificates').$type<string[]>().notNull().default([]),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('idp_identity_providers_name_lower_idx').on(sql`lower(${t.name})`),
    check(
      'idp_identity_providers_kind_check',
      sql.raw(`kind in (${identityProviderKinds.map((k) => `'${k}'`).join(', ')})`),
    ),
  ],
);

/**
 * Who an upstream subject is here: one row per (provider, subject), made at the first federated sign-in (provisioned
 * or linked by a verified e-mail), read at every later one. Deleting the provider or the person deletes the link.
 */
export const idpFederationLinks = pgTable(
  'idp_federation_links',
  {
    providerId: text('provider_id')
      .notNull()
      .references(() => idpIdentityProviders.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => idpUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.subject] }), index('idp_federation_links_user_idx').on(t.userId)],
);

/**
 * What a person sees of each of their identity-provider sessions on the profile form's Security step (issue 31 item
 * 3): the browser's user agent and address when the session began and when it was last used (a sign-in, a silent
 * authorization, a refresh-token keep-alive, a session refresh). Keyed by the session's `uid` (oidc-provider's stable
 * id; its cookie value, the `jti`, changes on re-login); the session row itself stays in `idp_oidc_models`.
 */
export const idpSessionActivity = pgTable(
  'idp_session_activity',
  {
    sessionUid: text('session_uid').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => idpUsers.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull().defaultNow(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('idp_session_activity_user_id_idx').on(t.userId),
    index('idp_session_activity_last_seen_idx').on(t.lastSeen),
  ],
);

export const eventHookStatuses = ['ACTIVE', 'INACTIVE'] as const;
export type EventHookStatus = (typeof eventHookStatuses)[number];
export const eventHookVerifications = ['VERIFIED', 'UNVERIFIED'] as const;
export type EventHookVerification = (typeof eventHookVerifications)[number];
export const eventHookDeliveryStatuses = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type EventHookDeliveryStatus = (typeof eventHookDeliveryStatuses)[number];

/**
 * Event hooks (issue 33 item 4, docs/event-hooks.md): an HTTPS endpoint that hears the System Log events of the types
 * it names. The optional authorization header's value and the signing secret are sealed with the server secret
 * (server/idp/sealing.ts, `eventHookAuthContext`, `eventHookSecretContext`) and never leave the server, except the
 * secret once, in the answer to the create. Only an ACTIVE and VERIFIED hook receives events.
 */
export const idpEventHooks = pgTable(
  'idp_event_hooks',
  {
    /** `who` + 17 characters, Okta's shape for an event hook's id. */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    uri: text('uri').notNull(),
    authKey: text('auth_key'),
    sealedAuthValue: text('sealed_auth_value'),
    sealedSecret: text('sealed_secret').notNull(),
    eventTypes: text('event_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status').$type<EventHookStatus>().notNull().default('ACTIVE'),
    verificationStatus: text('verification_status').$type<EventHookVerification>().notNull().default('UNVERIFIED'),
    /** The actor id of who created it (an administrator's id or the server's own principal). */
    createdBy: text('created_by').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('idp_event_hooks_name_lower_idx').on(sql`lower(${t.name})`),
    check('idp_event_hooks_status_check', sql.raw(`status in ('ACTIVE', 'INACTIVE')`)),
    check('idp_event_hooks_verification_check', sql.raw(`verification_status in ('VERIFIED', 'UNVERIFIED')`)),
    check('idp_event_hooks_auth_check', sql.raw('(auth_key is null) = (sealed_auth_value is null)')),
  ],
);

/**
 * The outbox of event-hook deliveries: one row per (hook, event), written by the System Log's recorder in the
 * transaction that writes the event, so nothing recorded is lost across a restart or a crash, and the unique index
 * makes it one delivery per hook. The delivery worker (server/idp/hooks/delivery.ts) claims due rows
 * (`for update skip locked`, then a lease in `locked_until`) so several processes share the work. `event` is the
 * LogEvent as the System Log API serves it, kept here so the purge of old log events does not take it away.
 */
export const idpEventHookDeliveries = pgTable(
  'idp_event_hook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    hookId: text('hook_id')
      .notNull()
      .references(() => idpEventHooks.id, { onDelete: 'cascade' }),
    eventUuid: text('event_uuid').notNull(),
    eventType: text('event_type').notNull(),
    event: jsonb('event').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<EventHookDeliveryStatus>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('idp_event_hook_deliveries_once_idx').on(t.hookId, t.eventUuid),
    index('idp_event_hook_deliveries_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`status = 'PENDING'`),
    index('idp_event_hook_deliveries_hook_idx').on(t.hookId, t.id),
    check('idp_event_hook_deliveries_status_check', sql.raw(`status in ('PENDING', 'DELIVERED', 'FAILED')`)),
  ],
);
