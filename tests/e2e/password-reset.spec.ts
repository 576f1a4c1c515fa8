import { describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, identityPages } from './identity';
import { outboxReader, resetPages as reset } from './password-reset';
import { profilePages } from './profile';
import { browserPerFile, openPage, waitForArrival } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();
const outbox = outboxReader(baseUrl);

const MARIA = 'maria@acme.test';
const NEW_PASSWORD = 'Girasol-Nuevo-2027';

/** Signs in through the embedded IdP's authn API, as the widget does; the status says whether the password works. */
const authnStatus = async (password: string) =>
  (
    await fetch(`${baseUrl}/api/v1/authn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ username: `ACME__${MARIA}`, password }),
    })
  ).status;

describe('one-time-code password reset in the real browser (public-and-profile §2, §4, §5, §8)', () => {
  it('maria is refused the sixth try, resets with a fresh code from the outbox and signs in with the new password', async () => {
    const session = await openPage(browser(), baseUrl);
    const { page, context, problems } = session;
    try {
      await reset.open(page);
      let seen = await outbox.seen(MARIA);
      expect(await reset.requestCode(page, MARIA)).toBe(200);
      const first = await outbox.nextCode(MARIA, seen);
      // The code text never says whether an account exists (no enumeration).
      await page.getByText(`If an account exists for ${MARIA}`).waitFor();
      // After Send code the focus is on the code step's heading, not on <body> (issue 29 §6).
      await expect.poll(() => profilePages.focused(page)).toBe('h2: The code we sent you');

      const wrong = String((Number(first) + 1) % 1_000_000).padStart(6, '0');
      for (let i = 0; i < 5; i += 1) {
        expect(await reset.tryCode(page, wrong)).toBe(400);
        await expect.poll(() => reset.alert(page).innerText()).toContain('The code is not right');
      }
      // The sixth try is refused even with the right code (spec §8).
      expect(await reset.tryCode(page, first)).toBe(400);
      await expect
        .poll(() => reset.alert(page).innerText())
        .toContain('You have exceeded the maximum allowed attempts');
      expect(await reset.alert(page).innerText()).toContain('Exceeded_MaxOTP_Verification');

      // A fresh code: back to the e-mail step, the captcha again.
      await page.getByRole('button', { name: 'Send a new code' }).click();
      seen = await outbox.seen(MARIA);
      expect(await reset.requestCode(page, MARIA)).toBe(200);
      const fresh = await outbox.nextCode(MARIA, seen);
      expect(await reset.tryCode(page, fresh)).toBe(200);
      // After Verify code, on the new password step's heading.
      await expect.poll(() => profilePages.focused(page)).toBe('h2: Your new password');
      expect(await reset.choosePassword(page, NEW_PASSWORD)).toBe(200);
      await page.getByText('Your password has been reset.').waitFor();
      expect((await outbox.mails(MARIA)).map((mail) => mail.subject)).toContain(
        'Se cambió tu contraseña de Acme Health',
      );

      await page.getByRole('link', { name: 'Back to sign in' }).click();
      await waitForArrival(session, /\/login\/acme/i);
      await page.locator('#okta-sign-in-widget input[name="username"]').waitFor({ timeout: 20_000 });
      await identityPages.signIn(page, MARIA, NEW_PASSWORD);
      expect(await identityPages.waitForPathOtherThanLogin(page)).toBe('/board/index');
      expect(await authnStatus(DEMO_PASSWORD)).toBe(401);
      // The six refused tries are the only failed requests, and nothing else went wrong on the page.
      expect(problems).toEqual(Array<string>(6).fill(`400 POST ${baseUrl}/api/v1/Instance/ValidateOTP`));
    } finally {
      await context.close();
      await restoreDemoPassword();
    }
  });
});

/** The files after this one sign maria in with the demo password: it is set back through the same page. */
async function restoreDemoPassword() {
  if ((await authnStatus(DEMO_PASSWORD)) === 200) return;
  const { page, context } = await openPage(browser(), baseUrl);
  await reset.open(page);
  const seen = await outbox.seen(MARIA);
  await reset.requestCode(page, MARIA);
  await reset.tryCode(page, await outbox.nextCode(MARIA, seen));
  await reset.choosePassword(page, DEMO_PASSWORD);
  await context.close();
}
