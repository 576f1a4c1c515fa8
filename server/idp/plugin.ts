import { relyingPartyFor } from './factors/webauthn';
import { declareGuard } from '../auth/guards';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import type { Db } from '../db/client';
import { defaultKeyPolicy, legacyCookieKeyFrom, type KeyPolicy } from './keys';
import { KeyRing } from './key-ring';
import { openSealedSecrets } from './sealing';
import { deriveKey } from '../secrets/derived-keys';
import type { Sealer } from '../secrets/seal';
import { RevokedAccessTokens } from './oauth/access-tokens';
import { DatabaseAdapter, DEFAULT_REFRESH_REUSE_GRACE_SECONDS } from './oauth/adapter';
import { startServiceClock } from './oauth/service-clock';
import { startPurgeTimer } from './purge';
import { bufferedRecorder, discardingRecorder, type EventRecorder } from './events/recorder';
import { recordProviderEvents } from './events/provider-events';
import { createProvider, type IdpClient } from './oauth/provider';
import { oauthRoutes } from './oauth/routes';
import { authnRoutes } from './authn/routes';
import { sessionRoutes } from './sessions/routes';
import { trackSessionActivity } from './sessions/activity';
import { managementRoutes } from './management/routes';
import {
  defaultDeliverySettings,
  startDeliveryWorker,
  type DeliverySettings,
  type DeliveryWorker,
} from './hooks/delivery';
import type { ApiTokenResolver } from './management/guard';
import type { AuthnContext, MfaPolicy } from './authn/context';
import { createMailer, type Mailer } from '../mail/mailer';
import { databaseAttemptCounter, defaultRateLimits, type AttemptCounter, type RateLimits } from './rate-limit';
import { defaultLockoutPolicy, type LockoutPolicy } from './users/sign-in';

export type { IdpClient } from './oauth/provider';

export interface IdpOptions {
  db: Db;
  /** The server secret (server/secrets): it seals the signing keys and TOTP secrets, and derives the cookie keys. */
  serverSecret: Buffer;
  /** Signing-key rotation (docs/identity.md "Signing keys"). Default: every 90 days, two days' overlap. */
  keyPolicy?: Partial<KeyPolicy>;
  /** The key ring's clock; tests move it instead of waiting. */
  now?: () => Date;
  /** `${PUBLIC_URL}/oauth2/default`. Clients must be configured with exactly this string. */
  issuer: string;
  clients: IdpClient[];
  /** Browser origins besides the issuer's and the clients' redirect URIs' that may call the IdP (CORS). */
  trustedOrigins?: string[];
  lockout?: Partial<LockoutPolicy>;
  /** Who must use TOTP; by default nobody. */
  mfa?: MfaPolicy;
  /** The portal's base URL, for links in mail. Default: the issuer's origin. */
  publicUrl?: string;
  /** Default: the outbox (`createMailer({ db })`), which needs no mail server. */
  mailer?: Mailer;
  /** Per-username limits on primary authentication and recovery. */
  rateLimits?: Partial<RateLimits>;
  /** Where attempts are counted. Default: the database, shared by every process. */
  attempts?: AttemptCounter;
  /** Shown by authenticator apps. Default: the issuer's host. */
  totpIssuerLabel?: string;
  /** The management API's `Authorization: SSWS <token>`. Without one the management API refuses every call. */
  apiToken?: string;
  /** Administrators' API tokens, accepted besides `apiToken` (server/auth/api-tokens.ts). */
  resolveApiToken?: ApiTokenResolver;
  /** How long a rotated refresh token may be presented again before that revokes the grant. Default 30 s (Okta's). */
  refreshReuseGraceSeconds?: number;
  /** Period of the purge of expired rows. Default 10 minutes. */
  purgeIntervalMs?: number;
  /** How long System Log events are kept (the purge deletes older ones). Default 90 days; 0 records none. */
  logRetentionDays?: number;
  /** How long a recorded event may wait in memory before it is written. Default 250 ms. */
  eventFlushMs?: number;
  /** Event hooks (docs/event-hooks.md): private addresses (EVENT_HOOKS_ALLOW_PRIVATE), delivery timing, the worker. */
  eventHooks?: {
    allowPrivate?: boolean;
    delivery?: Partial<DeliverySettings>;
    /** Whether this process delivers (polls the outbox). Default true; tests drive `idp.hookDelivery.runOnce()`. */
    poll?: boolean;
  };
}

export interface Idp {
  provider: Provider;
  /** The signing keys as this process sees them (refreshed every minute). */
  keys: KeyRing;
  /** Opens and seals the secrets the database keeps. */
  sealer: Sealer;
  /** The System Log's recorder: a reader in this process flushes it first, to see the events of a moment ago. */
  events: EventRecorder;
  /** The event hooks' delivery worker of this process. */
  hookDelivery: DeliveryWorker;
}

/**
 * The embedded, Okta-compatible identity provider as a Fastify plugin (docs/identity.md): the OAuth 2.0 / OIDC
 * authorization server under the issuer's path, the Classic authentication API under /api/v1/authn, the Sessions
 * API under /api/v1/sessions/me and the management API under /api/v1/users and /api/v1/groups. Each lives in its own
 * encapsulated scope, so their body parsers, hooks and error handlers touch nothing else. Apply `migrateIdp` first.
 */
export async function registerIdp(app: FastifyInstance, options: IdpOptions): Promise<Idp> {
  const { db, issuer, clients } = options;
  // Before anything reads a secret: a database sealed under another server secret stops the start here.
  const sealer = await openSealedSecrets(db, options.serverSecret);
  const keys = new KeyRing(db, sealer, { ...defaultKeyPolicy, ...options.keyPolicy }, options.now);
  await keys.refresh();
  const issuerUrl = new URL(issuer);
  const trustedOrigins = new Set([
    issuerUrl.origin,
    ...clients.flatMap((client) => client.redirectUris.map((uri) => new URL(uri).origin)),
    ...(options.trustedOrigins ?? []),
  ]);
  const adapterOptions =
    options.refreshReuseGraceSeconds === undefined
      ? {}
      : { refreshReuseGraceSeconds: options.refreshReuseGraceSeconds };
  // Before any request: the grace of the tokens rotated just before a stop goes on where it was (a restart of any
  // length costs nobody their session).
  const clock = await startServiceClock(db, {
    graceSeconds: options.refreshReuseGraceSeconds ?? DEFAULT_REFRESH_REUSE_GRACE_SECONDS,
    onError: (error) => app.log.warn({ err: error }, 'marking the identity provider alive failed'),
  });
  const provider = createProvider({
    db,
    issuer,
    clients,
    keys: [keys.signing(), ...keys.published()].filter((key, i, all) => all.findIndex((k) => k.kid === key.kid) === i),
    // Derived from the server secret, so rotation leaves sessions alone; the keys derived from the signing keys
    // before that still verify the cookies they signed.
    cookieKeys: [
      deriveKey(options.serverSecret, 'idp-cookies').toString('base64url'),
      ...keys.published().map(legacyCookieKeyFrom),
    ],
    trustedOrigins,
    adapterOptions,
  });
  keys.attach(provider);
  keys.start((error) => app.log.warn({ err: error }, 'refreshing the signing keys failed'));
  const purge = startPurgeTimer(db, {
    ...(options.purgeIntervalMs === undefined ? {} : { intervalMs: options.purgeIntervalMs }),
    ...(options.logRetentionDays === undefined ? {} : { logRetentionDays: options.logRetentionDays }),
    onError: (error) => app.log.warn({ err: error }, 'purging expired identity rows failed'),
  });
  const eventError = (error: unknown) => app.log.warn({ err: error }, 'writing system log events failed');
  // Retention 0: an operator who keeps no System Log (privacy) records nothing, and pays nothing at sign-in.
  const events =
    options.logRetentionDays === 0
      ? discardingRecorder
      : bufferedRecorder(db, {
          ...(options.eventFlushMs === undefined ? {} : { flushMs: options.eventFlushMs }),
          onError: eventError,
        });
  recordProviderEvents(provider, db, events, eventError);
  const publicUrlForHooks = options.publicUrl ?? issuerUrl.origin;
  const hookPolicy = {
    allowPrivate: options.eventHooks?.allowPrivate ?? false,
    ownOrigins: [...new Set([issuerUrl.origin, new URL(publicUrlForHooks).origin])],
  };
  const deliverySettings = { ...defaultDeliverySettings, ...options.eventHooks?.delivery };
  const hookDelivery = startDeliveryWorker(
    {
      db,
      sealer,
      policy: hookPolicy,
      origin: issuerUrl.origin,
      settings: deliverySettings,
      events,
      ...(options.now === undefined ? {} : { now: options.now }),
      onError: (error) => app.log.warn({ err: error }, 'delivering event hooks failed'),
    },
    { poll: options.eventHooks?.poll ?? true },
  );
  trackSessionActivity(provider, db);
  // Hooks run in order: the last events are written before the purge stops and the caller closes the database.
  // The deliveries under way finish (or fail and wait for a retry) before the events and the database go.
  app.addHook('onClose', () => hookDelivery.stop());
  app.addHook('onClose', () => events.close());
  app.addHook('onClose', () => purge.stop());
  app.addHook('onClose', () => clock.stop());
  app.addHook('onClose', () => keys.stop());
  const jwt = {
    db,
    issuer,
    keySet: () => keys.keySet(),
    revoked: new RevokedAccessTokens(new DatabaseAdapter(db, 'RevokedAccessToken')),
    clientIds: new Set(clients.map((client) => client.clientId)),
  };
  // Plain (not fastify-plugin) registrations: each is its own encapsulated scope.
  await app.register((scope, _opts, done) => {
    // OAuth/OIDC endpoints authenticate their own way (client, PKCE, cookies), as Okta's do.
    declareGuard(scope, 'public');
    oauthRoutes(scope, { db, provider, issuer: issuerUrl, jwt, trustedOrigins, federation: { sealer, events } });
    done();
  });
  const publicUrl = options.publicUrl ?? issuerUrl.origin;
  const totpIssuerLabel = options.totpIssuerLabel ?? issuerUrl.host;
  const authn: AuthnContext = {
    db,
    origin: issuerUrl.origin,
    publicUrl,
    totpIssuerLabel,
    lockout: { ...defaultLockoutPolicy, ...options.lockout },
    mfa: options.mfa ?? { requiredForGroups: [] },
    mailer: options.mailer ?? createMailer({ db, log: app.log }),
    rateLimits: { ...defaultRateLimits, ...options.rateLimits },
    attempts: options.attempts ?? databaseAttemptCounter(db),
    events,
    sealer,
    // The widget runs on the portal's pages: passkeys are made for its host name and used only from its origin.
    relyingParty: relyingPartyFor(publicUrl, totpIssuerLabel),
  };
  await app.register((scope, _opts, done) => {
    // The Classic authn API is how anyone signs in: public by Okta's design.
    declareGuard(scope, 'public');
    authnRoutes(scope, { ...authn, trustedOrigins });
    done();
  });
  await app.register((scope, _opts, done) => {
    // Sessions are the caller's own, found by their cookie; without one Okta answers 404.
    declareGuard(scope, 'public');
    sessionRoutes(scope, {
      db,
      provider,
      origin: issuerUrl.origin,
      trustedOrigins,
      events,
      relyingParty: authn.relyingParty,
    });
    done();
  });
  await app.register((scope, _opts, done) => {
    // Users, groups and factors: the SSWS API token, checked by the scope's own hook.
    declareGuard(scope, 'idpApiToken');
    managementRoutes(scope, {
      ...authn,
      apiToken: options.apiToken,
      resolveApiToken: options.resolveApiToken,
      attempts: authn.attempts,
      hooks: { policy: hookPolicy, timeoutMs: deliverySettings.timeoutMs },
    });
    done();
  });
  return { provider, keys, sealer, events, hookDelivery };
}
