import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, waitForArrival, type PageSession } from './support/browser';
import { startServerWithGroupMember } from './support/group-member';
import { setGlobalSettings, type ServerWithDatabase } from './support/postgres-server';
import { addVirtualAuthenticator, enrolPasskeyInWidget } from './support/virtual-authenticator';
import { identityPages } from './identity';

/*
 * Edit Profile's Security step lists where the person is signed in and their passkeys (issue 31 items 2 and 3), in
 * Chromium against the real server on PostgreSQL. The keep-alive renews every 2 s here (a portal setting, as an
 * administrator would shorten it), so a session ended elsewhere lands signed out within a few seconds. Maria is in the
 * passkey group (IDP_PASSKEY_GROUPS); Sam is not, and signs in with his password alone.
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
  await setGlobalSettings(server, { Session_TokenRefreshInterval: '2' });
});
afterAll(async () => {
  await Promise.all([browser.close(), server.stop()]);
});

/** Edit Profile opened straight on its Security step (`stepIndex=1`), coming back to the board. */
async function openSecurityStep(page: Page) {
  const back = encodeURIComponent(new URL('/board/index', server.baseUrl).toString());
  await page.goto(`/board/editProfile/${back}?stepIndex=1`);
  await page.getByRole('heading', { level: 2, name: 'Security' }).waitFor({ timeout: 20_000 });
  await page.getByRole('heading', { level: 3, name: 'Where you’re signed in' }).waitFor({ timeout: 20_000 });
}

const sessionRows = (page: Page) => page.getByTestId('session-row');
const passkeyRows = (page: Page) => page.getByTestId('passkey-row');

/** Sam signed in: he has one app, so he lands on it (Payroll Online's demo page), then opens the Security step. */
async function samOnSecurityStep(): Promise<PageSession> {
  const session = await openPage(browser, server.baseUrl);
  await identityPages.openLogin(session.page);
  await identityPages.signIn(session.page, 'sam@globex.test');
  await waitForArrival(session, /\/demo-apps\/payroll\?/);
  await openSecurityStep(session.page);
  return session;
}

describe('where you’re signed in, and your passkeys, on the Security step (issue 31 items 2 and 3)', () => {
  it('“Sign out everywhere else” in one browser ends the other’s session at its next keep-alive', async () => {
    const other = await samOnSecurityStep();
    const here = await samOnSecurityStep();
    await expect.poll(() => sessionRows(here.page).count(), { timeout: 20_000 }).toBe(2);
    const thisDevice = sessionRows(here.page).filter({ hasText: 'This device' });
    expect(await thisDevice.count()).toBe(1);
    expect(await thisDevice.innerText()).toMatch(/Chrome on Linux/);

    await here.page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect.poll(() => sessionRows(here.page).count(), { timeout: 20_000 }).toBe(1);
    expect(await here.page.getByRole('button', { name: 'Sign out everywhere else' }).count()).toBe(0);

    // The other browser does nothing: its next keep-alive is refused and it lands signed out.
    await other.page.waitForURL(/\/Login/, { timeout: 30_000 });
    await other.page.locator('#okta-sign-in-widget input[name="username"]').waitFor({ timeout: 20_000 });
    // This one stays signed in across its own keep-alives.
    await here.page.waitForResponse((response) => response.url().includes('/v1/token') && response.ok(), {
      timeout: 20_000,
    });
    expect(new URL(here.page.url()).pathname).toMatch(/^\/board\/editProfile\//);
    expect(here.problems).toEqual([]);
    await Promise.all([here.context.close(), other.context.close()]);
  }, 120_000);

  it('maria lists the passkey she enrolled, keeps it when she says so, then removes it', async () => {
    const session = await openPage(browser, server.baseUrl);
    const { page, context, problems } = session;
    await addVirtualAuthenticator(page);
    await identityPages.openLogin(page);
    await identityPages.signIn(page, 'maria@acme.test');
    await enrolPasskeyInWidget(page);
    await waitForArrival(session, /\/board\/index$/);

    await openSecurityStep(page);
    await expect.poll(() => passkeyRows(page).count(), { timeout: 20_000 }).toBe(1);
    expect(await passkeyRows(page).innerText()).toMatch(
      /This device \(fingerprint, face or PIN\)[\s\S]*Added .*last used/,
    );

    const remove = () => passkeyRows(page).getByRole('button', { name: 'Remove' }).click();
    const confirmation = page.getByRole('alertdialog');
    await remove();
    await confirmation.getByRole('button', { name: 'Keep it' }).click();
    await confirmation.waitFor({ state: 'hidden' });
    expect(await passkeyRows(page).count()).toBe(1);

    await remove();
    await confirmation.getByRole('button', { name: 'Remove passkey' }).click();
    await page.getByText('You have no passkey.').waitFor({ timeout: 20_000 });
    const factors = await server.query<{ factor_type: string }>(
      'select f.factor_type from idp_factors f join idp_users u on u.id = f.user_id where u.login = $1',
      [MARIA],
    );
    expect(factors).toEqual([]);
    // Removing the passkey ended nothing else: she is still signed in here.
    expect(await sessionRows(page).filter({ hasText: 'This device' }).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('maria adds a second passkey, a security key, from the Security step and sees two rows', async () => {
    const session = await openPage(browser, server.baseUrl);
    const { page, context, problems } = session;
    // She enrolled her fingerprint reader at sign-in (her passkey was removed above, so the widget asks again).
    const fingerprint = await addVirtualAuthenticator(page);
    await identityPages.openLogin(page);
    await identityPages.signIn(page, 'maria@acme.test');
    await enrolPasskeyInWidget(page);
    await waitForArrival(session, /\/board\/index$/);
    await openSecurityStep(page);
    await expect.poll(() => passkeyRows(page).count(), { timeout: 20_000 }).toBe(1);

    // Now she plugs in a security key: the browser's prompt is answered by it (the fingerprint reader is put away,
    // as it already holds one of her passkeys, excluded from the options).
    await fingerprint.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: fingerprint.authenticatorId });
    await addVirtualAuthenticator(page, 'usb');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect.poll(() => passkeyRows(page).count(), { timeout: 20_000 }).toBe(2);
    expect(await passkeyRows(page).allInnerTexts()).toEqual([
      expect.stringMatching(/^This device \(fingerprint, face or PIN\)[\s\S]*last used/),
      expect.stringMatching(/^Security key[\s\S]*not used to sign in yet/),
    ]);
    const factors = await server.query<{ factor_type: string; status: string }>(
      'select f.factor_type, f.status from idp_factors f join idp_users u on u.id = f.user_id where u.login = $1',
      [MARIA],
    );
    expect(factors).toEqual([
      { factor_type: 'webauthn', status: 'ACTIVE' },
      { factor_type: 'webauthn', status: 'ACTIVE' },
    ]);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
