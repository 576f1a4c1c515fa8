import type { CDPSession, Page } from 'playwright-core';

/**
 * A platform authenticator with a fingerprint already on it, in this page's browser, through the DevTools protocol's
 * WebAuthn domain: it answers navigator.credentials.create and .get as a fingerprint reader would, with user presence
 * and verification already given. `usb` makes it a security key plugged in instead.
 */
export async function addVirtualAuthenticator(
  page: Page,
  transport: 'internal' | 'usb' = 'internal',
): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport,
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/**
 * Enrols a passkey in the real Sign-In Widget's Classic MFA_ENROLL step, where a passkey-group member lands after the
 * password: the one factor offered is chosen, and "Enroll" runs navigator.credentials.create, which the page's
 * virtual authenticator answers. Answers the names the widget listed.
 */
export async function enrolPasskeyInWidget(page: Page): Promise<string[]> {
  const widget = page.locator('#okta-sign-in-widget');
  const factorList = widget.locator('.enroll-choices');
  await factorList.waitFor({ timeout: 20_000 });
  const offered = await factorList.locator('.enroll-factor-label').allInnerTexts();
  await factorList.locator('input[type="submit"]').click();
  await widget.locator('form.enroll-webauthn-form').locator('input[type="submit"]').click({ timeout: 20_000 });
  return offered;
}
