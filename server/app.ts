import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { registerApi } from './api/areas';
import { createScopeReader } from './api/resources/scope';
import { createListCache } from './api/support/list-cache';
import { installAuth } from './auth/authenticate';
import { installGuardPolicy } from './auth/guards';
import { setUpIdentityProvider } from './auth/identity-provider';
import { createTokenVerifier } from './auth/token-verifier';
import type { Config } from './config';
import type { Database } from './db/client';
import { demoAppRoutes } from './demo-apps/route';
import { demoUpstreamRoutes } from './demo-upstream/routes';
import { installDrain } from './http/drain';
import { installErrorHandler } from './http/error-handler';
import { installNulRefusal } from './http/nul-refusal';
import { loggerOptions } from './http/log-options';
import { openRateLimitRedis } from './http/rate-limit-redis';
import { echoRequestId, requestIdOptions } from './http/request-id';
import { installSecurityHeaders } from './http/security-headers';
import { installStaticSpa } from './http/static-spa';
import { installPublicAddress } from './http/public-address';
import { deriveKey } from './secrets/derived-keys';
import { valibotSerializerCompiler } from './http/json';
import { valibotValidatorCompiler } from './http/validation';
import { createProcessMemos } from './db/process-memo';
import { defaultSignUpLimits, type SignUpLimits } from './api/sign-up/service';
import { defaultPasswordResetLimits, type PasswordResetLimits } from './api/password-reset/limits';
import { createCaptcha } from './captcha';
import type { DirectoryPort } from './directory/port';
import { databaseAttemptCounter } from './idp/rate-limit';
import { createMailer } from './mail/mailer';
import { outboxPageRoute } from './mail/outbox-page';
import { scimRoutes } from './scim/routes';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Drops everything the process remembers between requests (lists, resource scopes, profiles). Every write request
     * of the portal API does it; call it after changing those tables in this process outside a request (a test, an
     * in-process maintenance task).
     */
    forgetRemembered: () => void;
  }
}

export interface BuildAppOptions {
  config: Config;
  /**
   * Opened and migrated by the caller — `migrate`, and `migrateIdp` unless a real Okta org is configured — who also
   * closes it (after `app.close()`).
   */
  database: Database;
  /** Fastify's logger option; default: pino at `config.logLevel` (server/http/log-options.ts). Tests pass `false`. */
  logger?: FastifyServerOptions['logger'];
  /**
   * Where access-token signing keys come from. Default: the embedded IdP's own key in process, or a real org's JWKS
   * over HTTP. Server tests that sign their own tokens inject a local RSA key.
   */
  tokenKeys?: JWTVerifyGetKey;
  /** The built SPA (`vite build` output). Default: dist/client of the working directory. */
  staticDir?: string;
  /**
   * Wraps the identity port the portal's areas use (tests make the identity side fail at a chosen step, to prove a
   * sign-up leaves nothing half made). The ports it answers for a person (`actingFor`) are wrapped the same way.
   * Default: the port as it is.
   */
  wrapDirectory?: (directory: DirectoryPort) => DirectoryPort;
  /** Sign-up's rate limits. Default: `defaultSignUpLimits`. */
  signUpLimits?: SignUpLimits;
  /** The one-time-code reset's rate limits. Default: `defaultPasswordResetLimits`. */
  passwordResetLimits?: PasswordResetLimits;
  /**
   * The server secret (server/secrets; main.ts loads it from SERVER_SECRET or the data directory's key file).
   * Default: SERVER_SECRET, else random for this app alone, which suits one process in a test.
   */
  serverSecret?: Buffer;
}

/**
 * Per-route limits only (`config: { rateLimit }` on the error log, siteConfiguration and the invitation decrypt; the
 * sign-in, recovery, sign-up and reset limits are attempt counters in the database). With REDIS_URL they are counted
 * in Redis under REDIS_KEY_PREFIX, so N processes enforce one limit; without it, in this process's memory.
 */
async function registerRouteRateLimits(app: FastifyInstance, config: Config): Promise<void> {
  if (config.redisUrl === null) {
    await app.register(rateLimit, { global: false });
    return;
  }
  // Logged, not thrown: a Redis outage must not take the portal down; the counts it misses are let through.
  const redis = await openRateLimitRedis(config.redisUrl, (error) =>
    app.log.warn({ err: error }, 'Redis (rate limits) is unreachable'),
  );
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${config.redisKeyPrefix}rate-limit:`,
    skipOnError: true,
  });
}

/** A test's wrapper of the directory port, kept on the ports that act for someone (`actingFor`) too. */
function wrappedThroughout(directory: DirectoryPort, wrap: (directory: DirectoryPort) => DirectoryPort): DirectoryPort {
  return { ...wrap(directory), actingFor: (login) => wrappedThroughout(directory.actingFor(login), wrap) };
}

/**
 * The whole HTTP application, not listening (main.ts listens; tests use `inject`). Order as in fastify/demo:
 * cross-cutting hooks and external plugins, then app decorators, then routes, then the SPA and its fallback.
 */
export async function buildApp({
  config,
  database,
  logger,
  tokenKeys,
  staticDir,
  wrapDirectory,
  signUpLimits = defaultSignUpLimits,
  passwordResetLimits = defaultPasswordResetLimits,
  serverSecret = config.serverSecret === null ? randomBytes(32) : Buffer.from(config.serverSecret, 'utf8'),
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    ...requestIdOptions,
    // Behind TRUST_PROXY reverse proxies `request.ip` is the client's address from X-Forwarded-For, not the proxy's.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    // The spec's paths mix cases (Resource/siteConfiguration, resource/labels); the SPA and old links use both.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(valibotValidatorCompiler);
  app.setSerializerCompiler(valibotSerializerCompiler);
  echoRequestId(app);
  installErrorHandler(app);
  await installSecurityHeaders(app, config);
  installDrain(app);
  // Before any route: a request under another address than PUBLIC_URL is redirected or refused (421).
  installPublicAddress(app, config);
  await registerRouteRateLimits(app, config);

  // Before any route scope exists: every route under /api is guarded as it declares, or refused (server/auth/guards.ts).
  installGuardPolicy(app);
  // Then a NUL anywhere in the URL or the body is a 400 for every route, never a database error (server/http/nul-refusal.ts).
  installNulRefusal(app);
  // The embedded IdP (or nothing, with a real Okta org) is registered first: its routes sit beside the portal's.
  const identity = await setUpIdentityProvider(app, { config, database, serverSecret });
  const directory =
    wrapDirectory === undefined ? identity.directory : wrappedThroughout(identity.directory, wrapDirectory);
  // Answers remembered between requests on PGlite (lists, resource scopes, the profile behind a token), all dropped
  // by any write request of the portal API below (server/db/process-memo.ts).
  const memos = createProcessMemos(database.kind);
  installAuth(app, {
    verifier: createTokenVerifier({ issuer: identity.issuer, keys: tokenKeys ?? identity.tokenKeys }),
    db: database.db,
    profiles: memos.create({ maxEntries: 10_000 }),
    providerPrefix: config.providerPrefix,
  });
  app.decorate('forgetRemembered', () => {
    memos.invalidateAll();
  });

  const scopes = createScopeReader(database, memos);
  const lists = createListCache(memos);
  await app.register((api, _options, done) => {
    // Every write request of the portal API (its transaction committed or rolled back by now) drops what the process
    // remembers, before its answer leaves, so the caller's next read already misses the old answers. The identity
    // provider's routes are outside: they write none of it, and sign-ins and token refreshes are frequent.
    api.addHook('onSend', (request, _reply, payload, hookDone) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') memos.invalidateAll();
      hookDone(null, payload);
    });
    registerApi(api, {
      db: database.db,
      config,
      identity: { ...identity, directory },
      scopes,
      lists,
      captcha: createCaptcha(database.db, config, serverSecret),
      mailer: createMailer({ db: database.db, smtpUrl: config.smtpUrl ?? undefined, log: app.log }),
      signUp: { counter: databaseAttemptCounter(database.db, 'portal_rate_limits'), limits: signUpLimits },
      passwordReset: {
        counter: databaseAttemptCounter(database.db, 'portal_rate_limits'),
        limits: passwordResetLimits,
        codeKey: deriveKey(serverSecret, 'one-time-codes'),
      },
      invitations: { key: deriveKey(serverSecret, 'invitations') },
      otpTokens: {
        counter: databaseAttemptCounter(database.db, 'portal_rate_limits'),
        key: deriveKey(serverSecret, 'otp-tokens'),
      },
    });
    done();
  });
  // SCIM 2.0 provisioning (server/scim, docs/scim.md): its bearer tokens are the embedded IdP's API tokens, so it is
  // there only with the embedded IdP (a real Okta org provisions through its own SCIM, not Gatehouse's).
  if (identity.systemLog !== undefined)
    await scimRoutes(app, {
      db: database.db,
      config,
      directory,
      systemLog: identity.systemLog,
    });
  demoAppRoutes(app);
  // The demo world's upstream OpenID provider, Initech Workforce (server/demo-upstream): only with DEMO_DATA and the
  // embedded IdP; without them nothing answers under its path.
  if (config.demoData && identity.sealer !== undefined)
    await demoUpstreamRoutes(app, { publicUrl: config.publicUrl, serverSecret });
  // The development outbox page (404 in production and without the demo world: server/mail/outbox-page.ts).
  outboxPageRoute(app, { db: database.db, config });
  await installStaticSpa(app, staticDir ?? path.resolve('dist/client'), { inspector: config.inspector });
  return app;
}
