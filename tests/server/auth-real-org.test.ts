import path from 'node:path';
import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { embeddedApiToken } from '@server/auth/embedded-api-token';
import { createTokenVerifier, remoteKeySet } from '@server/auth/token-verifier';
import { DEMO_PASSWORD, seedDemoWorldIfEmpty } from '@server/db/seed';
import { DEMO_RECOVERY_QUESTION } from '@server/idp/seed/demo-identities';
import { startLiveApp, type LiveApp } from './portal/live-app';
import { TEST_SERVER_SECRET, testConfig } from './support/app';
import { databaseKinds, openTestDatabase, type TestDatabase } from './support/database';
import { createTestTokens } from './support/tokens';

/**
 * The "real Okta org" code path, driven against a running embedded IdP standing in for the org: a second Gatehouse,
 * configured with OKTA_* values, verifies tokens through the org's JWKS over HTTP and reads people through its
 * management API with the SSWS token — the same code that runs against Okta itself. (loadConfig insists on an https
 * issuer; the org here is loopback http, so the configuration object is built from the test config.)
 */
describe.each(databaseKinds)('pointed at an Okta org over HTTP (%s)', (kind) => {
  let org: LiveApp;
  let portalDb: TestDatabase;
  let portal: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    org = await startLiveApp(kind);
    const apiToken = embeddedApiToken(TEST_SERVER_SECRET);
    portalDb = await openTestDatabase(kind);
    await seedDemoWorldIfEmpty(portalDb.database.db);
    const base = testConfig();
    portal = await buildApp({
      config: {
        ...base,
        okta: { issuer: org.issuer, clientId: org.config.clientId, apiToken },
        clientId: org.config.clientId,
      },
      database: portalDb.database,
      logger: false,
      staticDir: path.join(tmpdir(), 'gatehouse-no-spa-build'),
    });
    await portal.ready();
    token = (await org.signIn('ACME__maria@acme.test', DEMO_PASSWORD)).access_token;
  });
  afterAll(async () => {
    await portal.close();
    await portalDb.dispose();
    await org.close();
  });

  it('verifies an access token of the org through its JWKS, and refuses one signed by another key', async () => {
    const verifier = createTokenVerifier({ issuer: org.issuer, keys: remoteKeySet(org.issuer) });
    expect(await verifier.verify(token)).toMatchObject({ sub: 'ACME__maria@acme.test', iss: org.issuer });
    const forged = await (await createTestTokens(org.issuer)).sign({ sub: 'ACME__maria@acme.test' });
    await expect(verifier.verify(forged)).rejects.toThrow();
  });

  it('serves no IdP of its own, and answers the org in its public configuration', async () => {
    expect((await portal.inject({ url: '/oauth2/default/.well-known/openid-configuration' })).statusCode).toBe(404);
    expect((await portal.inject({ url: '/api/v1/config/public' })).json()).toMatchObject({
      issuer: org.issuer,
      clientId: '0oagatehouse0spa00001',
    });
  });

  it("validates the person's profile with the org's token and reads their recovery question from the org", async () => {
    const headers = { authorization: `Bearer ${token}` };
    const validated = await portal.inject({ method: 'POST', url: '/api/v1/profile/validate', headers });
    expect(validated.json()).toMatchObject({ valid: true, userProfile: { email: 'maria@acme.test' } });
    const security = await portal.inject({ url: '/api/v1/Security/maria@acme.test/acme', headers });
    expect(security.json()).toEqual({ recoveryQuestion: DEMO_RECOVERY_QUESTION, ssoUser: false });
  });
});

describe('the embedded IdP’s API token', () => {
  it('is the same for every process that shares the server secret, and differs for another secret', () => {
    const token = embeddedApiToken(Buffer.from(TEST_SERVER_SECRET));
    expect(embeddedApiToken(Buffer.from(TEST_SERVER_SECRET))).toBe(token);
    expect(token).toMatch(/^00[A-Za-z0-9_-]{40}$/);
    expect(embeddedApiToken(Buffer.from('another secret'))).not.toBe(token);
  });
});
