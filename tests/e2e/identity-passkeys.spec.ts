import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { startServerWithGroupMember } from './support/group-member';
import { addVirtualAuthenticator, enrolPasskeyInWidget } from './support/virtual-authenticator';
import type { ServerWithDatabase } from './support/postgres-server';
import { identityPages } from './identity';

/*
 * A passkey enrolled and used through the real Sign-In Widget (its Classic WebAuthn controllers), against the real
 * server started with IDP_PASSKEY_GROUPS. Chromium's virtual authenticator (the DevTools WebAuthn domain) stands in
 * for a platform authenticator: it answers navigator.credentials.create and .get as a fingerprint reader would, with
 * user presence and verification already given.
 */
const PASSKEY_GROUP = 'Passkeys';
const MARIA = 'ACME__maria@acme.test';

let browser: Browser;
let server: ServerWithDatabase;

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServerWithGroupMember({ policy: 'IDP_PASSKEY_GROUPS', group: PASSKEY_GROUP, login: MARIA }),
  ]);
});
afterAll(async () => {
  await Promise.all([browser.close(), server.stop()]);
});

describe('passkeys for members of a passkey group (issue #31 item 2)', () => {
  it('maria enrols a passkey in the widget, lands on the board, and next time signs in with it', async () => {
    const { page, context, problems } = await openPage(browser, server.baseUrl);
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
    await identityPages.openLogin(page);
    await identityPages.signIn(page, 'maria@acme.test');

    // MFA_ENROLL offers the one factor the policy asks of her, named as Okta names it; "Enroll" runs
    // navigator.credentials.create, which the virtual authenticator answers.
    expect(await enrolPasskeyInWidget(page)).toEqual(['Security Key or Biometric Authenticator']);
    expect(await identityPages.waitForPathOtherThanLogin(page)).toBe('/board/index');
    await expect.poll(() => identityPages.cardNames(page)).toContain('Benefits Center');

    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    const factors = await server.query<{
      factor_type: string;
      provider: string;
      status: string;
      credential_id: string;
    }>(
      'select f.factor_type, f.provider, f.status, f.credential_id from idp_factors f join idp_users u on u.id = f.user_id where u.login = $1',
      [MARIA],
    );
    // The credential the server keeps is the one the authenticator made (ids in base64url on both sides).
    expect(factors).toEqual([
      {
        factor_type: 'webauthn',
        provider: 'FIDO',
        status: 'ACTIVE',
        credential_id: Buffer.from(credentials[0]?.credentialId ?? '', 'base64').toString('base64url'),
      },
    ]);

    await identityPages.logOutThroughMenu(page);
    await page.waitForURL(/\/Login$/, { timeout: 20_000 });
    await page.locator('#okta-sign-in-widget input[name="username"]').waitFor({ timeout: 20_000 });

    // MFA_REQUIRED → MFA_CHALLENGE: the widget asks the authenticator at once (navigator.credentials.get) and the
    // password alone is not enough; the assertion signs her in.
    await identityPages.signIn(page, 'maria@acme.test');
    expect(await identityPages.waitForPathOtherThanLogin(page)).toBe('/board/index');
    await expect.poll(() => identityPages.cardNames(page)).toContain('Benefits Center');
    const [{ sign_count: signCount } = { sign_count: '0' }] = await server.query<{ sign_count: string }>(
      'select f.sign_count from idp_factors f join idp_users u on u.id = f.user_id where u.login = $1',
      [MARIA],
    );
    expect(Number(signCount)).toBeGreaterThan(0);
    expect(problems.filter((problem) => !/loginlogo/.test(problem)).join('\n')).toBe('');
    await context.close();
  }, 120_000);
});
