import * as v from 'valibot';
import { meetsComplexity } from '@contracts/forms/password';
import { AGENT_USER_DOMAIN } from './db/seed/world/people';

/**
 * Configuration from environment variables (ARCHITECTURE "Configuration"), validated once at start. A bad value stops
 * the process with ONE line naming the variable and what it expects (issue #2). Values of secret variables, and of
 * URLs that may carry credentials, are never echoed.
 */

export const nodeEnvs = ['development', 'production', 'test'] as const;
export type NodeEnv = (typeof nodeEnvs)[number];
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export interface OktaConfig {
  issuer: string;
  clientId: string;
  apiToken: string;
}

/**
 * The OAuth client id of the SPA when the embedded IdP is used (no OKTA_* variables): fixed, so that tokens, grants
 * and sessions survive restarts and every process registers the same client. Shaped like an Okta client id.
 */
export const EMBEDDED_CLIENT_ID = '0oagatehouse0spa00001';

/** The server side of the login username rule (contracts/username.ts); the client prefix comes per client. */
export interface UsernameRuleConfig {
  /** Appended to a 5-digit agent id (`@agents.gatehouse.test`). */
  agentUserDomain: string;
  /** Stripped from the end of usernames the identity provider returns; null: nothing to strip. */
  testDomainSuffix: string | null;
}

/**
 * Sign-in policy of the embedded IdP (IDP_* variables). A real Okta org (OKTA_*) keeps its own sign-on and password
 * policies, so these are refused alongside OKTA_ISSUER rather than silently ignored.
 */
export interface EmbeddedIdpPolicyConfig {
  /** Members of these groups (names, matched case-insensitively) must enrol and use a TOTP factor; empty: nobody. */
  mfaGroups: string[];
  /** Members of these groups must enrol and use a passkey (WebAuthn) in the widget; a member of both lists may use either. */
  passkeyGroups: string[];
  /** Consecutive wrong passwords that lock an account. */
  lockoutAttempts: number;
  /** How long a locked account stays locked before it unlocks itself (an administrator may unlock it sooner). */
  lockoutMinutes: number;
  /** Days System Log events are kept before the purge deletes them (IDP_LOG_RETENTION_DAYS); a real org keeps its own. */
  logRetentionDays: number;
  /**
   * IDP_REFRESH_GRACE_SECONDS: how long a rotated refresh token may be presented again (a lost answer, a crash between
   * the rotation and the answer) before a presentation counts as reuse and revokes its family. Okta's range, 0–60.
   */
  refreshGraceSeconds: number;
  /** IDP_KEY_ROTATION_DAYS: a new signing key is published after the current one has signed this long; 0: never. */
  keyRotationDays: number;
  /** IDP_KEY_OVERLAP_HOURS: how long a new key is in the JWKS before it signs (auth-js caches the JWKS for a day). */
  keyOverlapHours: number;
  /**
   * Event hooks (docs/event-hooks.md): EVENT_HOOKS_ALLOW_PRIVATE lets hooks reach private and loopback addresses and
   * plain http; EVENT_HOOKS_RETRY_BASE_SECONDS is the first retry's wait (each next one doubles);
   * EVENT_HOOKS_MAX_ATTEMPTS the attempts before a delivery is given up.
   */
  eventHooks: { allowPrivate: boolean; retryBaseSeconds: number; maxAttempts: number };
}

/** Issue #3's lockout: 10 failed attempts; 30 minutes, as `defaultLockoutPolicy` in server/idp (kept light here). */
export const DEFAULT_LOCKOUT_ATTEMPTS = 10;
export const DEFAULT_LOCKOUT_MINUTES = 30;
/** Okta's default refresh-token grace (as DEFAULT_REFRESH_REUSE_GRACE_SECONDS in server/idp/oauth/adapter.ts). */
export const DEFAULT_REFRESH_GRACE_SECONDS = 30;
/** Okta's own System Log retention (as DEFAULT_LOG_RETENTION_DAYS in server/idp/purge.ts). */
export const DEFAULT_LOG_RETENTION_DAYS = 90;

/**
 * Long enough for a load balancer to see two failed health checks at a 2-second interval; an orchestrator's stop
 * grace period must exceed it plus the time requests take (docs/operations.md "Graceful shutdown").
 */
export const DEFAULT_DRAIN_SECONDS = 5;

export interface RecaptchaConfig {
  siteKey: string;
  secret: string;
  /** Where tokens are verified (RECAPTCHA_VERIFY_URL): Google's siteverify, or recaptcha.net's where google.com is blocked. */
  verifyUrl: string;
}

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

/** The self-hosted proof-of-work captcha (ALTCHA), used when reCAPTCHA is not configured. */
export interface AltchaConfig {
  /**
   * Signs challenges (ALTCHA_HMAC_SECRET). Unset: a key derived from the server secret (SERVER_SECRET or the data
   * directory's key file), so processes that share it accept each other's challenges.
   */
  hmacSecret: string | null;
  /** PBKDF2 iterations per attempt (ALTCHA_COST) and the highest counter a solver may have to reach (ALTCHA_MAX_COUNTER). */
  cost: number;
  maxCounter: number;
  /** How long a challenge may be solved and used (ALTCHA_TTL_SECONDS). */
  ttlSeconds: number;
}

/**
 * The first provider administrator of a database that has none (BOOTSTRAP_ADMIN_EMAIL, BOOTSTRAP_ADMIN_PASSWORD), as
 * Keycloak's KC_BOOTSTRAP_ADMIN_*: created once at start, in the embedded IdP, with the password expired so that the
 * first sign-in must choose a new one; ignored (and said so in the log) once any provider administrator exists
 * (server/db/bootstrap-admin.ts, docs/operations.md "First administrator").
 */
export interface BootstrapAdminConfig {
  email: string;
  password: string;
}

/** The wording of the complexity rules, for the one line a bootstrap password that breaks them stops the start with. */
const PASSWORD_RULES =
  'at least 8 characters with a lowercase letter, an uppercase letter and a number, not containing the login';

export interface Config {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  /**
   * How many reverse proxies stand in front (TRUST_PROXY): the client address, which the sign-in and recovery limits
   * count per, is then read from X-Forwarded-For that many hops back. 0: the socket's address.
   */
  trustProxyHops: number;
  /** Origin people reach Gatehouse at (no trailing slash); also the embedded IdP's issuer origin. */
  publicUrl: string;
  /** PostgreSQL URL; null means the embedded PGlite database under `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  /** A real Okta org; null means the embedded, Okta-compatible IdP (issue #3). */
  okta: OktaConfig | null;
  /** The SPA's OAuth client id: OKTA_CLIENT_ID with a real org, else `EMBEDDED_CLIENT_ID`. */
  clientId: string;
  usernameRule: UsernameRuleConfig;
  idpPolicy: EmbeddedIdpPolicyConfig;
  smtpUrl: string | null;
  /**
   * REDIS_URL: where the per-route rate limits (@fastify/rate-limit) are counted, so that every process enforces one
   * limit. Null: each process counts its own. The identity provider's and the portal's attempt counters live in the
   * database and are shared either way.
   */
  redisUrl: string | null;
  /** Prefix of every Redis key this deployment writes (REDIS_KEY_PREFIX), so several may share one Redis. */
  redisKeyPrefix: string;
  /** WORKERS: server processes on this host (node:cluster); PGlite allows one, so it forces 1. */
  workers: number;
  /**
   * DRAIN_SECONDS: after SIGTERM, how long the process keeps accepting connections while its health check answers
   * 503, so that the load balancer stops sending before connections are refused.
   */
  drainSeconds: number;
  /**
   * SERVER_SECRET: the key material kept outside the database (the one-time codes' HMAC key derives from it), so a
   * copy of the database alone cannot be searched for codes. Null: a key file in `dataDir` (server/secrets).
   */
  serverSecret: string | null;
  recaptcha: RecaptchaConfig | null;
  altcha: AltchaConfig;
  mapsApiKey: string | null;
  /** How many days an invitation's link may be used (INVITATION_TTL_DAYS, default 7); a resend starts it over. */
  invitationTtlDays: number;
  providerPrefix: string;
  demoData: boolean;
  /** BOOTSTRAP_ADMIN_*: the first administrator to create when there is none; null when unset. */
  bootstrapAdmin: BootstrapAdminConfig | null;
  /**
   * INSPECTOR: the flow inspector for provider administrators (docs/spa.md "Flow inspector"): the Portal menu then
   * ends with its entry (provider administrators only), `config/public` says so, and app tabs answer an inspector tab
   * of the same browser. `npm run dev` sets it unless told otherwise; off by default.
   */
  inspector: boolean;
  logLevel: LogLevel;
}

/** Thrown for the first bad variable; `message` is the one line `main.ts` prints. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    expected: string,
    shown: string | null,
  ) {
    super(`Invalid configuration: ${variable} must be ${expected}${shown === null ? '' : ` (got "${shown}")`}.`);
    this.name = 'ConfigError';
  }
}

function urlWithScheme(schemes: readonly string[]) {
  return v.pipe(
    v.string(),
    v.check((raw) => {
      try {
        const url = new URL(raw);
        return schemes.includes(url.protocol) && url.hostname !== '';
      } catch {
        return false;
      }
    }),
  );
}

/** `https://sso.example.com` or with a trailing slash; nothing after the host, no credentials. */
function isBareOrigin(raw: string): boolean {
  const url = new URL(raw);
  return (
    /^\/*$/.test(url.pathname) && url.search === '' && url.hash === '' && url.username === '' && url.password === ''
  );
}

const PortSchema = v.pipe(v.string(), v.regex(/^\d{1,5}$/), v.transform(Number), v.maxValue(65535));
/** A whole number from `min` to `max`, written in plain digits. */
const wholeNumber = (min: number, max: number) =>
  v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.minValue(min), v.maxValue(max));
/** `Finance, MFA Required` → ['Finance', 'MFA Required']; an empty name (`a,,b`, a trailing comma) is a mistake. */
const GroupNamesSchema = v.pipe(
  v.string(),
  v.transform((raw) => raw.split(',').map((name) => name.trim())),
  v.check((names) => names.every((name) => name !== '' && name.length <= 255)),
);
const BooleanTextSchema = v.pipe(
  v.string(),
  v.toLowerCase(),
  v.picklist(['true', 'false']),
  v.transform((s) => s === 'true'),
);

interface Rule<T> {
  schema: v.GenericSchema<string, T>;
  expected: string;
  /** Secret or possibly credential-bearing: the value is never echoed in an error. */
  secret?: boolean;
}

/** Reads one variable; empty text counts as unset, because env files and compose often write `NAME=`. */
function read<T>(env: NodeJS.ProcessEnv, name: string, rule: Rule<T>): T | null {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return null;
  const result = v.safeParse(rule.schema, raw);
  if (!result.success) throw new ConfigError(name, rule.expected, rule.secret === true ? null : raw);
  return result.output;
}

function readString(env: NodeJS.ProcessEnv, name: string): string | null {
  return read(env, name, { schema: v.string(), expected: 'text', secret: true });
}

/** Variables that only make sense together: all set, or none. */
function readGroup<K extends string>(env: NodeJS.ProcessEnv, names: readonly K[]): Record<K, string> | null {
  const values = names.map((name) => [name, readString(env, name)] as const);
  const missing = values.find(([, value]) => value === null);
  if (values.every(([, value]) => value === null)) return null;
  if (missing !== undefined)
    throw new ConfigError(missing[0], `set together with ${names.filter((n) => n !== missing[0]).join(', ')}`, null);
  return Object.fromEntries(values) as Record<K, string>;
}

export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const nodeEnv =
    read(env, 'NODE_ENV', { schema: v.picklist(nodeEnvs), expected: `one of ${nodeEnvs.join(', ')}` }) ?? 'development';
  const port = read(env, 'PORT', { schema: PortSchema, expected: 'a whole number from 0 to 65535' }) ?? 3000;
  const host =
    read(env, 'HOST', {
      schema: v.pipe(v.string(), v.regex(/^[A-Za-z0-9.:[\]-]+$/)),
      expected: 'a host name or IP address',
    }) ?? '127.0.0.1';
  const trustProxyHops =
    read(env, 'TRUST_PROXY', {
      schema: wholeNumber(0, 10),
      expected: 'the number of reverse proxies in front, a whole number from 0 to 10',
    }) ?? 0;
  // Only an origin: the SPA, the API and the issuer live at the root of one address (docs/operations.md "Behind a
  // reverse proxy"), and the server answers under no other (server/http/public-address.ts).
  const publicUrl = (
    read(env, 'PUBLIC_URL', {
      schema: v.pipe(urlWithScheme(['http:', 'https:']), v.check(isBareOrigin)),
      expected:
        'the address people open, an http:// or https:// origin without a path, query or user name (Gatehouse is served at the root of its host)',
    }) ?? `http://localhost:${port}`
  ).replace(/\/+$/, '');
  const databaseUrl = read(env, 'DATABASE_URL', {
    schema: urlWithScheme(['postgres:', 'postgresql:']),
    expected: 'a postgres:// or postgresql:// URL with a host',
    secret: true,
  });
  const dataDir = read(env, 'DATA_DIR', { schema: v.string(), expected: 'a directory path' }) ?? './data';

  const oktaVars = readGroup(env, ['OKTA_ISSUER', 'OKTA_CLIENT_ID', 'OKTA_API_TOKEN']);
  if (oktaVars !== null) read(env, 'OKTA_ISSUER', { schema: urlWithScheme(['https:']), expected: 'an https:// URL' });
  const okta: OktaConfig | null =
    oktaVars === null
      ? null
      : {
          issuer: oktaVars.OKTA_ISSUER.replace(/\/+$/, ''),
          clientId: oktaVars.OKTA_CLIENT_ID,
          apiToken: oktaVars.OKTA_API_TOKEN,
        };

  const usernameRule: UsernameRuleConfig = {
    agentUserDomain:
      read(env, 'AGENT_USER_DOMAIN', {
        schema: v.pipe(v.string(), v.regex(/^@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/)),
        expected: 'an @ followed by a domain name, such as @agents.example.com',
      }) ?? AGENT_USER_DOMAIN,
    testDomainSuffix: read(env, 'TEST_DOMAIN_SUFFIX', {
      schema: v.pipe(v.string(), v.regex(/^[A-Za-z0-9.@_-]+$/)),
      expected: 'a domain suffix such as .qa (letters, digits, dots, @, _ and -)',
    }),
  };

  const idpPolicy: EmbeddedIdpPolicyConfig = {
    mfaGroups:
      read(env, 'IDP_MFA_GROUPS', {
        schema: GroupNamesSchema,
        expected: 'group names separated by commas, none of them empty',
      }) ?? [],
    passkeyGroups:
      read(env, 'IDP_PASSKEY_GROUPS', {
        schema: GroupNamesSchema,
        expected: 'group names separated by commas, none of them empty',
      }) ?? [],
    lockoutAttempts:
      read(env, 'IDP_LOCKOUT_ATTEMPTS', { schema: wholeNumber(1, 100), expected: 'a whole number from 1 to 100' }) ??
      DEFAULT_LOCKOUT_ATTEMPTS,
    lockoutMinutes:
      read(env, 'IDP_LOCKOUT_MINUTES', {
        schema: wholeNumber(1, 10_080),
        expected: 'a whole number of minutes from 1 to 10080 (a week)',
      }) ?? DEFAULT_LOCKOUT_MINUTES,
    logRetentionDays:
      read(env, 'IDP_LOG_RETENTION_DAYS', {
        schema: wholeNumber(0, 3_650),
        expected: 'a whole number of days from 0 (keep no System Log) to 3650 (ten years)',
      }) ?? DEFAULT_LOG_RETENTION_DAYS,
    refreshGraceSeconds:
      read(env, 'IDP_REFRESH_GRACE_SECONDS', {
        schema: wholeNumber(0, 60),
        expected: 'a whole number of seconds from 0 to 60',
      }) ?? DEFAULT_REFRESH_GRACE_SECONDS,
    keyRotationDays:
      read(env, 'IDP_KEY_ROTATION_DAYS', {
        schema: wholeNumber(0, 3_650),
        expected: 'a whole number of days from 0 (rotate only by hand) to 3650',
      }) ?? 90,
    keyOverlapHours:
      read(env, 'IDP_KEY_OVERLAP_HOURS', {
        schema: wholeNumber(25, 2_160),
        expected: 'a whole number of hours from 25 (longer than a client caches the JWKS) to 2160 (90 days)',
      }) ?? 48,
    eventHooks: {
      allowPrivate:
        read(env, 'EVENT_HOOKS_ALLOW_PRIVATE', { schema: BooleanTextSchema, expected: 'true or false' }) ?? false,
      retryBaseSeconds:
        read(env, 'EVENT_HOOKS_RETRY_BASE_SECONDS', {
          schema: wholeNumber(1, 3_600),
          expected: 'a whole number of seconds from 1 to 3600',
        }) ?? 30,
      maxAttempts:
        read(env, 'EVENT_HOOKS_MAX_ATTEMPTS', {
          schema: wholeNumber(1, 20),
          expected: 'a whole number from 1 to 20',
        }) ?? 8,
    },
  };
  if (okta !== null) {
    const embeddedOnly = [
      'IDP_MFA_GROUPS',
      'IDP_PASSKEY_GROUPS',
      'IDP_LOCKOUT_ATTEMPTS',
      'IDP_LOCKOUT_MINUTES',
      'IDP_LOG_RETENTION_DAYS',
      'IDP_REFRESH_GRACE_SECONDS',
      'IDP_KEY_ROTATION_DAYS',
      'IDP_KEY_OVERLAP_HOURS',
      'EVENT_HOOKS_ALLOW_PRIVATE',
      'EVENT_HOOKS_RETRY_BASE_SECONDS',
      'EVENT_HOOKS_MAX_ATTEMPTS',
    ].find((name) => (env[name]?.trim() ?? '') !== '');
    if (embeddedOnly !== undefined) {
      throw new ConfigError(embeddedOnly, 'unset with OKTA_ISSUER (a real Okta org applies its own policies)', null);
    }
  }

  const smtpUrl = read(env, 'SMTP_URL', {
    schema: urlWithScheme(['smtp:', 'smtps:']),
    expected: 'an smtp:// or smtps:// URL',
    secret: true,
  });
  const redisUrl = read(env, 'REDIS_URL', {
    schema: urlWithScheme(['redis:', 'rediss:']),
    expected: 'a redis:// or rediss:// URL',
    secret: true,
  });
  const redisKeyPrefix =
    read(env, 'REDIS_KEY_PREFIX', {
      schema: v.pipe(v.string(), v.regex(/^[A-Za-z0-9:_.-]{1,64}$/)),
      expected: '1 to 64 letters, digits, colons, dots, _ or -',
    }) ?? 'gatehouse:';
  const workers = read(env, 'WORKERS', { schema: wholeNumber(1, 64), expected: 'a whole number from 1 to 64' }) ?? 1;
  const drainSeconds =
    read(env, 'DRAIN_SECONDS', { schema: wholeNumber(0, 300), expected: 'a whole number of seconds from 0 to 300' }) ??
    DEFAULT_DRAIN_SECONDS;
  const serverSecret = read(env, 'SERVER_SECRET', {
    schema: v.pipe(v.string(), v.minLength(32)),
    expected: 'a secret of at least 32 characters',
    secret: true,
  });
  const recaptchaVars = readGroup(env, ['RECAPTCHA_SITE_KEY', 'RECAPTCHA_SECRET']);
  const recaptchaVerifyUrl =
    read(env, 'RECAPTCHA_VERIFY_URL', { schema: urlWithScheme(['http:', 'https:']), expected: 'an http(s):// URL' }) ??
    RECAPTCHA_VERIFY_URL;
  const recaptcha =
    recaptchaVars === null
      ? null
      : {
          siteKey: recaptchaVars.RECAPTCHA_SITE_KEY,
          secret: recaptchaVars.RECAPTCHA_SECRET,
          verifyUrl: recaptchaVerifyUrl,
        };
  const altcha: AltchaConfig = {
    hmacSecret: read(env, 'ALTCHA_HMAC_SECRET', {
      schema: v.pipe(v.string(), v.minLength(32)),
      expected: 'a secret of at least 32 characters',
      secret: true,
    }),
    cost:
      read(env, 'ALTCHA_COST', { schema: wholeNumber(1, 100_000), expected: 'a whole number from 1 to 100000' }) ??
      1_000,
    maxCounter:
      read(env, 'ALTCHA_MAX_COUNTER', {
        schema: wholeNumber(1, 1_000_000),
        expected: 'a whole number from 1 to 1000000',
      }) ?? 5_000,
    ttlSeconds:
      read(env, 'ALTCHA_TTL_SECONDS', {
        schema: wholeNumber(30, 86_400),
        expected: 'a whole number of seconds from 30 to 86400',
      }) ?? 20 * 60,
  };
  const mapsApiKey = readString(env, 'MAPS_API_KEY');
  const invitationTtlDays =
    read(env, 'INVITATION_TTL_DAYS', { schema: wholeNumber(1, 90), expected: 'a whole number from 1 to 90' }) ?? 7;
  const providerPrefix =
    read(env, 'PROVIDER_PREFIX', {
      schema: v.pipe(v.string(), v.regex(/^[A-Z][A-Z0-9]{1,19}$/)),
      expected: '2 to 20 capital letters or digits, starting with a letter',
    }) ?? 'AUL';
  const demoData =
    read(env, 'DEMO_DATA', { schema: BooleanTextSchema, expected: 'true or false' }) ?? nodeEnv !== 'production';
  const bootstrapVars = readGroup(env, ['BOOTSTRAP_ADMIN_EMAIL', 'BOOTSTRAP_ADMIN_PASSWORD']);
  let bootstrapAdmin: BootstrapAdminConfig | null = null;
  if (bootstrapVars !== null) {
    if (okta !== null) {
      throw new ConfigError(
        'BOOTSTRAP_ADMIN_EMAIL',
        'unset with OKTA_ISSUER (a real Okta org has its own administrators: give one of them a provider profile)',
        null,
      );
    }
    const email =
      read(env, 'BOOTSTRAP_ADMIN_EMAIL', {
        schema: v.pipe(v.string(), v.email(), v.maxLength(254)),
        expected: 'an e-mail address',
      }) ?? '';
    const password = bootstrapVars.BOOTSTRAP_ADMIN_PASSWORD;
    if (!meetsComplexity(password, { login: `${providerPrefix}__${email}` })) {
      throw new ConfigError('BOOTSTRAP_ADMIN_PASSWORD', `a password of ${PASSWORD_RULES}`, null);
    }
    bootstrapAdmin = { email, password };
  }
  const inspector = read(env, 'INSPECTOR', { schema: BooleanTextSchema, expected: 'true or false' }) ?? false;
  const logLevel =
    read(env, 'LOG_LEVEL', { schema: v.picklist(logLevels), expected: `one of ${logLevels.join(', ')}` }) ?? 'info';

  return {
    nodeEnv,
    port,
    host,
    trustProxyHops,
    publicUrl,
    databaseUrl,
    dataDir,
    okta,
    clientId: okta?.clientId ?? EMBEDDED_CLIENT_ID,
    usernameRule,
    idpPolicy,
    smtpUrl,
    redisUrl,
    redisKeyPrefix,
    workers,
    drainSeconds,
    serverSecret,
    recaptcha,
    altcha,
    mapsApiKey,
    invitationTtlDays,
    providerPrefix,
    demoData,
    bootstrapAdmin,
    inspector,
    logLevel,
  };
}
