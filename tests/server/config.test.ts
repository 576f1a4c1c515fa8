import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@server/config';
import { defaultLockoutPolicy } from '@server/idp/users/sign-in';
import { DEFAULT_LOG_RETENTION_DAYS } from '@server/idp/purge';
import { DEFAULT_REFRESH_REUSE_GRACE_SECONDS } from '@server/idp/oauth/adapter';

function errorOf(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig', () => {
  it('starts with the documented defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      nodeEnv: 'development',
      port: 3000,
      host: '127.0.0.1',
      trustProxyHops: 0,
      publicUrl: 'http://localhost:3000',
      databaseUrl: null,
      dataDir: './data',
      okta: null,
      clientId: '0oagatehouse0spa00001',
      usernameRule: { agentUserDomain: '@agents.gatehouse.test', testDomainSuffix: null },
      idpPolicy: {
        mfaGroups: [],
        passkeyGroups: [],
        lockoutAttempts: 10,
        lockoutMinutes: 30,
        logRetentionDays: 90,
        refreshGraceSeconds: 30,
        keyRotationDays: 90,
        keyOverlapHours: 48,
        eventHooks: { allowPrivate: false, retryBaseSeconds: 30, maxAttempts: 8 },
      },
      smtpUrl: null,
      redisUrl: null,
      redisKeyPrefix: 'gatehouse:',
      workers: 1,
      drainSeconds: 5,
      serverSecret: null,
      recaptcha: null,
      altcha: { hmacSecret: null, cost: 1000, maxCounter: 5000, ttlSeconds: 1200 },
      mapsApiKey: null,
      invitationTtlDays: 7,
      providerPrefix: 'AUL',
      demoData: true,
      bootstrapAdmin: null,
      inspector: false,
      logLevel: 'info',
    });
  });

  it('reads the first administrator to bootstrap, both settings together, with a password the policy accepts', () => {
    const email = 'ops@example.com';
    expect(
      loadConfig({ BOOTSTRAP_ADMIN_EMAIL: email, BOOTSTRAP_ADMIN_PASSWORD: 'Start-2026-now' }).bootstrapAdmin,
    ).toEqual({ email, password: 'Start-2026-now' });
    expect(() => loadConfig({ BOOTSTRAP_ADMIN_EMAIL: email })).toThrow(
      /^Invalid configuration: BOOTSTRAP_ADMIN_PASSWORD must be set together with BOOTSTRAP_ADMIN_EMAIL\.$/,
    );
    expect(() =>
      loadConfig({ BOOTSTRAP_ADMIN_EMAIL: 'not an address', BOOTSTRAP_ADMIN_PASSWORD: 'Start-2026-now' }),
    ).toThrow(/BOOTSTRAP_ADMIN_EMAIL must be an e-mail address/);
    // A password the policy refuses stops the start with one line, which never echoes the password.
    for (const weak of ['short1A', 'alllowercase1', 'NoDigitsHere', 'aul__OPS-2026x']) {
      expect(() => loadConfig({ BOOTSTRAP_ADMIN_EMAIL: email, BOOTSTRAP_ADMIN_PASSWORD: weak })).toThrow(
        /^Invalid configuration: BOOTSTRAP_ADMIN_PASSWORD must be a password of at least 8 characters with a lowercase letter, an uppercase letter and a number, not containing the login\.$/,
      );
    }
    // A real Okta org has administrators of its own.
    expect(() =>
      loadConfig({
        OKTA_ISSUER: 'https://dev-1.okta.com',
        OKTA_CLIENT_ID: 'c',
        OKTA_API_TOKEN: 't',
        BOOTSTRAP_ADMIN_EMAIL: email,
        BOOTSTRAP_ADMIN_PASSWORD: 'Start-2026-now',
      }),
    ).toThrow(/BOOTSTRAP_ADMIN_EMAIL must be unset with OKTA_ISSUER/);
  });

  it('derives the public URL from the port and drops a trailing slash from a given one', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://sso.example.com/' }).publicUrl).toBe('https://sso.example.com');
  });

  it('reads how many days an invitation lives (INVITATION_TTL_DAYS, 1 to 90) and refuses anything else', () => {
    expect(loadConfig({ INVITATION_TTL_DAYS: '14' }).invitationTtlDays).toBe(14);
    expect(() => loadConfig({ INVITATION_TTL_DAYS: '0' })).toThrow(/INVITATION_TTL_DAYS must be a whole number/);
    expect(() => loadConfig({ INVITATION_TTL_DAYS: 'a week' })).toThrow(/INVITATION_TTL_DAYS/);
  });

  it('reads the scale-out settings (REDIS_URL, REDIS_KEY_PREFIX, WORKERS, DRAIN_SECONDS) and refuses bad ones', () => {
    expect(
      loadConfig({
        REDIS_URL: 'redis://127.0.0.1:6379',
        REDIS_KEY_PREFIX: 'sso-eu:',
        WORKERS: '4',
        DRAIN_SECONDS: '0',
      }),
    ).toMatchObject({ redisUrl: 'redis://127.0.0.1:6379', redisKeyPrefix: 'sso-eu:', workers: 4, drainSeconds: 0 });
    expect(() => loadConfig({ WORKERS: '0' })).toThrow(/WORKERS must be a whole number from 1 to 64/);
    expect(() => loadConfig({ DRAIN_SECONDS: '301' })).toThrow(/DRAIN_SECONDS must be a whole number of seconds/);
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'has space' })).toThrow(/REDIS_KEY_PREFIX/);
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL must be a redis:\/\//);
  });

  it('does not seed the demo world in production unless told to', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'FALSE' }).demoData).toBe(false);
  });

  it("defaults the embedded IdP's lockout to the IdP's own default policy (issue #3: 10 attempts)", () => {
    const { idpPolicy } = loadConfig({});
    expect(idpPolicy.lockoutAttempts).toBe(defaultLockoutPolicy.maxFailedAttempts);
    expect(idpPolicy.lockoutMinutes * 60_000).toBe(defaultLockoutPolicy.lockoutMs);
  });

  it("defaults the System Log's retention to the purge's own default (Okta's 90 days)", () => {
    expect(loadConfig({}).idpPolicy.logRetentionDays).toBe(DEFAULT_LOG_RETENTION_DAYS);
    expect(loadConfig({ IDP_LOG_RETENTION_DAYS: '30' }).idpPolicy.logRetentionDays).toBe(30);
    expect(loadConfig({ IDP_LOG_RETENTION_DAYS: '0' }).idpPolicy.logRetentionDays).toBe(0);
  });

  it("reads the embedded IdP's MFA groups and lockout", () => {
    expect(
      loadConfig({ IDP_MFA_GROUPS: ' MFA Required, Finance ', IDP_LOCKOUT_ATTEMPTS: '3', IDP_LOCKOUT_MINUTES: '5' })
        .idpPolicy,
    ).toEqual({
      mfaGroups: ['MFA Required', 'Finance'],
      passkeyGroups: [],
      lockoutAttempts: 3,
      lockoutMinutes: 5,
      logRetentionDays: 90,
      refreshGraceSeconds: 30,
      keyRotationDays: 90,
      keyOverlapHours: 48,
      eventHooks: { allowPrivate: false, retryBaseSeconds: 30, maxAttempts: 8 },
    });
  });

  it('reads the event hooks’ settings, refusing them with a real Okta org', () => {
    expect(
      loadConfig({
        EVENT_HOOKS_ALLOW_PRIVATE: 'true',
        EVENT_HOOKS_RETRY_BASE_SECONDS: '5',
        EVENT_HOOKS_MAX_ATTEMPTS: '3',
      }).idpPolicy.eventHooks,
    ).toEqual({ allowPrivate: true, retryBaseSeconds: 5, maxAttempts: 3 });
    expect(() => loadConfig({ EVENT_HOOKS_MAX_ATTEMPTS: '0' })).toThrow(/EVENT_HOOKS_MAX_ATTEMPTS/);
    expect(() => loadConfig({ EVENT_HOOKS_ALLOW_PRIVATE: 'yes' })).toThrow(/EVENT_HOOKS_ALLOW_PRIVATE/);
    expect(() =>
      loadConfig({
        OKTA_ISSUER: 'https://acme.okta.com/oauth2/default',
        OKTA_CLIENT_ID: '0oa1',
        OKTA_API_TOKEN: 'ssws-token',
        EVENT_HOOKS_ALLOW_PRIVATE: 'true',
      }),
    ).toThrow(/EVENT_HOOKS_ALLOW_PRIVATE/);
  });

  it("reads the signing keys' rotation period and overlap, refusing an overlap a day's JWKS cache would miss", () => {
    expect(loadConfig({ IDP_KEY_ROTATION_DAYS: '0', IDP_KEY_OVERLAP_HOURS: '25' }).idpPolicy).toMatchObject({
      keyRotationDays: 0,
      keyOverlapHours: 25,
    });
    expect(() => loadConfig({ IDP_KEY_OVERLAP_HOURS: '24' })).toThrow(/IDP_KEY_OVERLAP_HOURS must be a whole number/);
    expect(() =>
      loadConfig({
        OKTA_ISSUER: 'https://acme.okta.com/oauth2/default',
        OKTA_CLIENT_ID: '0oa1',
        OKTA_API_TOKEN: 'ssws-token',
        IDP_KEY_ROTATION_DAYS: '30',
      }),
    ).toThrow(/IDP_KEY_ROTATION_DAYS/);
  });

  it("reads the refresh tokens' reuse grace within Okta's range (0–60 s)", () => {
    expect(loadConfig({}).idpPolicy.refreshGraceSeconds).toBe(DEFAULT_REFRESH_REUSE_GRACE_SECONDS);
    expect(loadConfig({ IDP_REFRESH_GRACE_SECONDS: '60' }).idpPolicy.refreshGraceSeconds).toBe(60);
    expect(loadConfig({ IDP_REFRESH_GRACE_SECONDS: '0' }).idpPolicy.refreshGraceSeconds).toBe(0);
    expect(() => loadConfig({ IDP_REFRESH_GRACE_SECONDS: '61' })).toThrow(
      /IDP_REFRESH_GRACE_SECONDS must be a whole number of seconds from 0 to 60/,
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: null, port: 3000 });
  });

  it('reads the full set of optional integrations', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://gatehouse:pw@db.internal:5432/gatehouse',
      OKTA_ISSUER: 'https://acme.okta.com/oauth2/default/',
      OKTA_CLIENT_ID: '0oa1',
      OKTA_API_TOKEN: 'ssws-token',
      SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465',
      REDIS_URL: 'redis://127.0.0.1:6379',
      RECAPTCHA_SITE_KEY: 'site',
      RECAPTCHA_SECRET: 'secret',
      MAPS_API_KEY: 'maps',
      PROVIDER_PREFIX: 'GATE',
      LOG_LEVEL: 'debug',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      trustProxyHops: 1,
      databaseUrl: 'postgresql://gatehouse:pw@db.internal:5432/gatehouse',
      okta: { issuer: 'https://acme.okta.com/oauth2/default', clientId: '0oa1', apiToken: 'ssws-token' },
      recaptcha: { siteKey: 'site', secret: 'secret', verifyUrl: 'https://www.google.com/recaptcha/api/siteverify' },
      providerPrefix: 'GATE',
      logLevel: 'debug',
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['HOST', 'two words'],
    ['PUBLIC_URL', 'localhost:3000'],
    ['PUBLIC_URL', 'https://example.com/gatehouse'],
    ['PUBLIC_URL', 'https://example.com/?a=1'],
    ['PUBLIC_URL', 'https://admin@example.com'],
    ['DATABASE_URL', 'mysql://db/gatehouse'],
    ['DATABASE_URL', 'postgres//missing-colon'],
    ['SMTP_URL', 'http://mail'],
    ['REDIS_URL', 'localhost:6379'],
    ['PROVIDER_PREFIX', 'aul'],
    ['DEMO_DATA', 'yes'],
    ['LOG_LEVEL', 'verbose'],
    ['NODE_ENV', 'staging'],
    ['IDP_MFA_GROUPS', 'Finance,,Sales'],
    ['IDP_MFA_GROUPS', 'Finance,'],
    ['IDP_LOCKOUT_ATTEMPTS', '0'],
    ['IDP_LOCKOUT_ATTEMPTS', 'ten'],
    ['IDP_LOCKOUT_ATTEMPTS', '2.5'],
    ['IDP_LOCKOUT_MINUTES', '-5'],
    ['IDP_LOCKOUT_MINUTES', '20000'],
    ['IDP_LOG_RETENTION_DAYS', '-1'],
    ['IDP_LOG_RETENTION_DAYS', '5000'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '11'],
  ])('refuses %s=%s with one line naming the variable', (name, value) => {
    const error = errorOf({ [name]: value });
    expect(error.variable).toBe(name);
    expect(error.message).toContain(name);
    expect(error.message).not.toContain('\n');
    expect(error.message).toMatch(/must be/);
  });

  it('shows the bad value of a plain variable, to help the operator', () => {
    expect(errorOf({ PORT: 'abc' }).message).toBe(
      'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "abc").',
    );
  });

  it('never echoes a secret or a URL that may carry credentials', () => {
    const database = errorOf({ DATABASE_URL: 'mysql://root:hunter2@db/gatehouse' });
    expect(database.message).not.toContain('hunter2');
    const okta = errorOf({
      OKTA_ISSUER: 'http://acme.okta.com',
      OKTA_CLIENT_ID: 'x',
      OKTA_API_TOKEN: 'ssws-very-secret',
    });
    expect(okta.variable).toBe('OKTA_ISSUER');
    expect(okta.message).not.toContain('ssws-very-secret');
  });

  it('shows what the lockout expects', () => {
    expect(errorOf({ IDP_LOCKOUT_ATTEMPTS: '0' }).message).toBe(
      'Invalid configuration: IDP_LOCKOUT_ATTEMPTS must be a whole number from 1 to 100 (got "0").',
    );
  });

  it("refuses the embedded IdP's policy with a real Okta org, whose own policies apply", () => {
    const org = { OKTA_ISSUER: 'https://acme.okta.com', OKTA_CLIENT_ID: 'x', OKTA_API_TOKEN: 'ssws' };
    for (const name of [
      'IDP_MFA_GROUPS',
      'IDP_LOCKOUT_ATTEMPTS',
      'IDP_LOCKOUT_MINUTES',
      'IDP_LOG_RETENTION_DAYS',
      'IDP_REFRESH_GRACE_SECONDS',
    ]) {
      const error = errorOf({ ...org, [name]: '5' });
      expect(error.variable).toBe(name);
      expect(error.message).toBe(
        `Invalid configuration: ${name} must be unset with OKTA_ISSUER (a real Okta org applies its own policies).`,
      );
    }
  });

  it('asks for the missing half of a group of variables', () => {
    expect(errorOf({ OKTA_ISSUER: 'https://acme.okta.com' }).variable).toBe('OKTA_CLIENT_ID');
    expect(errorOf({ RECAPTCHA_SECRET: 'secret' }).variable).toBe('RECAPTCHA_SITE_KEY');
  });
});
