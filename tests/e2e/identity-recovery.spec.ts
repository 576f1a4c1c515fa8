import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, waitForArrival } from './support/browser';
import { startServerOnPostgres, waitForMail, type ServerWithDatabase } from './support/postgres-server';
import { DEMO_PASSWORD, identityPages } from './identity';
import { recoveryPages } from './identity-recovery';

/*
 * The lockout, forgot password and the login page's client texts, with the real Sign-In Widget against the real
 * server. This file starts its own server on PostgreSQL (its database is read for the recovery mail) and each test
 * uses a demo person no other test here touches, in a fresh browser context.
 */
let browser: Browser;
let server: ServerWithDatabase;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServerOnPostgres()]);
});
afterAll(async () => {
  await Promise.all([browser.close(), server.stop()]);
});

/**
 * Submits the sign-in form and resolves with the status of the primary-authentication answer, once the widget has
 * left its saving state again (it ignores a submit while saving, so the next attempt must wait for that).
 */
async function submitPassword(page: Page, username: string, password: string): Promise<number> {
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/v1/authn',
    { timeout: 30_000 },
  );
  await identityPages.signIn(page, username, password);
  const status = (await answered).status();
  await page.locator('#okta-sign-in-widget form.o-form-saving').waitFor({ state: 'detached', timeout: 20_000 });
  return status;
}

describe('the identity provider lockout through the widget (issue #3; okta-compat A1)', () => {
  it('locks sam after 10 wrong passwords: the counter says the maximum is reached, the right password is refused as locked', async () => {
    const { page, context } = await openPage(browser, server.baseUrl);
    await identityPages.openLogin(page);
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      statuses.push(await submitPassword(page, 'sam@globex.test', `wrong-password-${attempt}`));
    }
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 401));
    // The portal's own counter (5 per username, spec §5) has long run out.
    await expect
      .poll(() => page.getByTestId('login-attempts').innerText())
      .toBe(
        'You have reached the maximum number of sign-in attempts. Try again in 30 minutes or use Forgot password to reset it.',
      );
    // The right password now meets the lock: LOCKED_OUT, which the widget shows as E0000119.
    expect(await submitPassword(page, 'sam@globex.test', DEMO_PASSWORD)).toBe(200);
    await expect
      .poll(() => page.getByText('Your account is locked. Please contact your administrator.').count())
      .toBe(1);
    expect(new URL(page.url()).pathname).toBe('/Login');
    const [account] = await server.query<{ locked: boolean }>(
      "select locked_until > now() as locked from idp_users where login = 'GLBX__sam@globex.test'",
    );
    expect(account).toEqual({ locked: true });
    await context.close();
    // Eleven sign-ins through the widget: more room than one journey's default, not a speed limit.
  }, 120_000);
});

describe('forgot password by e-mail (issue #3; okta-compat A10–A12; public-and-profile §2 recovery mode)', () => {
  it('lee asks for a reset without signing in first, opens the mailed link, answers, sets a password and signs in with it', async () => {
    const newPassword = 'Harbour-renewed-2026';
    const first = await openPage(browser, server.baseUrl);
    const { page, context } = first;
    await identityPages.openLogin(page);
    await recoveryPages.askForResetMail(page, 'lee@umbrella.test');
    // Spec §4: FORGOT_PASSWORD_EMAIL_SENT returns to the sign-in form.
    await page.locator('#okta-sign-in-widget input[name="password"]').waitFor({ timeout: 20_000 });

    // The username rule applied to the request: the IdP found AULUMB__lee@umbrella.test and mailed its address.
    const mail = await waitForMail(server, 'lee@umbrella.test');
    const link = /http:\/\/\S+\/signin\/reset-password\/\S+/.exec(mail)?.[0];
    expect(link?.startsWith(`${server.baseUrl}/signin/reset-password/`)).toBe(true);

    await page.goto(link ?? '');
    await expect.poll(() => page.getByText('Please introduce the recovery token sent via email.').count()).toBe(1);
    await recoveryPages.answerRecoveryQuestion(page, 'Maple');
    expect(await recoveryPages.setNewPassword(page, newPassword)).toBe(200);
    // A reset ends in SUCCESS: lee is signed in and sent to Benefits Center (DefaultRedirect).
    await waitForArrival(first, /\/demo-apps\/benefits/);
    await context.close();

    const again = await openPage(browser, server.baseUrl);
    await identityPages.openLogin(again.page);
    expect(await submitPassword(again.page, 'lee@umbrella.test', DEMO_PASSWORD)).toBe(401);
    await identityPages.signIn(again.page, 'lee@umbrella.test', newPassword);
    await waitForArrival(again, /\/demo-apps\/benefits/);
    await again.context.close();
  });
});

describe('texts a client configures for its login page (public-and-profile §2 Login page, §4, §8 Login)', () => {
  it('an application the client does not offer: clientadmin is signed out and told so once', async () => {
    const notice = 'Acme Health does not offer Nope. Member services can help: 1-800-555-0100.';
    const { page, context } = await openPage(browser, server.baseUrl);
    await identityPages.openLogin(page, '/Login/acme/Nope');
    await identityPages.signIn(page, 'clientadmin@acme.test');
    await expect.poll(() => page.getByText(notice).count(), { timeout: 20_000 }).toBe(1);
    await page.locator('#okta-sign-in-widget input[name="username"]').waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/Login/acme/Nope');
    expect(await page.evaluate(() => localStorage.getItem('gatehouse.tokens'))).toBeNull();
    // Shown once: the next visit of the login page no longer says it.
    await identityPages.openLogin(page, '/Login/acme');
    expect(await page.getByText(notice).count()).toBe(0);
    await context.close();
  });

  it('Umbrella shows its login-required text; Acme, which configured none, shows no such text', async () => {
    const umbrellaText = 'Agents sign in with their 5-digit agent id; members with their e-mail address.';
    const { page, context } = await openPage(browser, server.baseUrl);
    await identityPages.openLogin(page, '/Login/umbrella');
    await expect.poll(() => page.getByText(umbrellaText).count()).toBe(1);
    await identityPages.openLogin(page, '/Login/acme');
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in to Acme Health' }).count()).toBe(1);
    expect(await page.getByText(umbrellaText).count()).toBe(0);
    expect(await page.getByText('Please sign in to continue.').count()).toBe(0);
    await context.close();
  });
});
