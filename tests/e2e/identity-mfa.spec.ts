import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { startServerWithGroupMember } from './support/group-member';
import type { ServerWithDatabase } from './support/postgres-server';
import { identityPages } from './identity';

/*
 * TOTP enrolment and sign-in with a code through the real Sign-In Widget, against the real server started with
 * IDP_MFA_GROUPS. Nobody in the demo world is in that group until the test puts maria there through the management
 * API with the SSWS token, as the portal's directory adapter would; the code is computed here as an authenticator app
 * would, from the secret the widget shows for manual entry.
 */
const MFA_GROUP = 'MFA Required';
const MARIA = 'ACME__maria@acme.test';

let browser: Browser;
let server: ServerWithDatabase;

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServerWithGroupMember({ policy: 'IDP_MFA_GROUPS', group: MFA_GROUP, login: MARIA }),
  ]);
});
afterAll(async () => {
  await Promise.all([browser.close(), server.stop()]);
});

const STEP_MS = 30_000;

/**
 * The code an authenticator app shows now (RFC 6238: SHA-1, 6 digits, 30 s steps), with its step. Within 2 s of the
 * next step it waits for that step, so the code is still the current one when the server checks it. The IdP refuses
 * a code of a step no later than one it accepted before (E0000082, RFC 6238 §5.2), so a code for a second sign-in is
 * taken from a step after `afterStep`, waiting for it when needed.
 */
async function freshCode(secret: string, afterStep = -1): Promise<{ code: string; step: number }> {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / STEP_MS);
    const untilNextStep = (step + 1) * STEP_MS - now;
    if (untilNextStep > 2_000 && step > afterStep) return { code: totp.generate({ timestamp: now }), step };
    await new Promise((resolve) => setTimeout(resolve, untilNextStep + 100));
  }
}

const widget = (page: Page) => page.locator('#okta-sign-in-widget');

/**
 * The widget's enrolment of the one required factor, step by step as a person clicks it: "Configure factor", the
 * device type, the QR code's "Can't scan?" link, and the secret shown there for manual entry, which it answers.
 */
async function enrolGoogleAuthenticatorManually(page: Page): Promise<string> {
  const factorList = widget(page).locator('.enroll-choices');
  await factorList.waitFor({ timeout: 20_000 });
  expect(await factorList.locator('.enroll-factor-label').allInnerTexts()).toEqual(['Google Authenticator']);
  await factorList.locator('input[type="submit"]').click();

  const deviceStep = widget(page).locator('form[data-se="step-device-type"]');
  await deviceStep.getByText('Android', { exact: true }).click();
  await deviceStep.locator('a[data-type="save"]').click();

  await widget(page).locator('form[data-se="step-scan"] a[data-se="manual-setup"]').click();
  const manualStep = widget(page).locator('form[data-se="step-manual-setup"]');
  const secret = (await manualStep.locator('.shared-key').innerText({ timeout: 20_000 })).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
  await manualStep.locator('input[type="submit"]').click();
  return secret;
}

/** Types a code into the field of a widget's code step (`passCode` to activate, `answer` to verify) and submits. */
async function submitCode(page: Page, form: string, field: string, code: string) {
  const step = widget(page).locator(form);
  await step.locator(`input[name="${field}"]`).fill(code, { timeout: 20_000 });
  await step.locator('input[type="submit"]').click();
}

describe('TOTP for members of an MFA group (issue #3; okta-compat A3–A9)', () => {
  it('maria enrols Google Authenticator with the manual key, lands on the board, and later signs in with a code', async () => {
    const { page, context, problems } = await openPage(browser, server.baseUrl);
    await identityPages.openLogin(page);
    await identityPages.signIn(page, 'maria@acme.test');

    // MFA_ENROLL → MFA_ENROLL_ACTIVATE → SUCCESS with a code from the secret the widget showed.
    const secret = await enrolGoogleAuthenticatorManually(page);
    const enrolment = await freshCode(secret);
    await submitCode(page, 'form[data-se="step-sendcode"]', 'passCode', enrolment.code);
    expect(await identityPages.waitForPathOtherThanLogin(page)).toBe('/board/index');
    await expect
      .poll(() => identityPages.cardNames(page))
      .toEqual(['Benefits Center', 'Claims Portal', 'Wellness Hub']);
    const factors = await server.query<{ provider: string; status: string }>(
      'select f.provider, f.status from idp_factors f join idp_users u on u.id = f.user_id where u.login = $1',
      [MARIA],
    );
    expect(factors).toEqual([{ provider: 'GOOGLE', status: 'ACTIVE' }]);

    await identityPages.logOutThroughMenu(page);
    await page.waitForURL(/\/Login$/, { timeout: 20_000 });
    await page.locator('#okta-sign-in-widget input[name="username"]').waitFor({ timeout: 20_000 });

    // MFA_REQUIRED: the password alone no longer signs her in; a fresh code does.
    await identityPages.signIn(page, 'maria@acme.test');
    await widget(page).locator('form[data-se="factor-totp"]').waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/Login');
    await submitCode(page, 'form[data-se="factor-totp"]', 'answer', (await freshCode(secret, enrolment.step)).code);
    expect(await identityPages.waitForPathOtherThanLogin(page)).toBe('/board/index');
    await expect.poll(() => identityPages.cardNames(page)).toContain('Benefits Center');
    expect(problems.filter((problem) => !/loginlogo/.test(problem)).join('\n')).toBe('');
    await context.close();
  }, 120_000);
});
