import type { Page } from 'playwright-core';
import { providerAdminToken } from './support/admin-token';
import { profilePages } from './profile';

type OutboxMail = { id: string; subject: string; text: string };

/**
 * The one-time-code reset page, driven by its labels (English), and the outbox the provider administrator reads
 * outside production (GET dev/outbox): how a person trying the demo fetches the code without a mail server.
 */
export const resetPages = {
  async open(page: Page, path = '/ResetPassword/acme') {
    await page.goto(path);
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor({ timeout: 20_000 });
  },
  /** Section 1: the e-mail and the real ALTCHA, then Send code; resolves once the server has answered. */
  async requestCode(page: Page, email: string) {
    await page.getByLabel(/^Email address/).fill(email);
    await profilePages.solveCaptcha(page, 'Verified');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/Instance/CreateOTP'));
    await page.getByRole('button', { name: 'Send code' }).click();
    return (await answered).status();
  },
  /** Section 2: one try of a code; resolves with the server's status. */
  async tryCode(page: Page, code: string) {
    await page.getByLabel(/^Verification code/).fill(code);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/Instance/ValidateOTP'));
    await page.getByRole('button', { name: 'Verify code' }).click();
    return (await answered).status();
  },
  /** Section 3: the new password twice; resolves with the server's status. */
  async choosePassword(page: Page, password: string) {
    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel(/^Confirm password/).fill(password);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/Instance/ResetPassword'));
    await page.getByRole('button', { name: 'Reset password' }).click();
    return (await answered).status();
  },
  alert: (page: Page) => page.getByRole('alert'),
};

/** Reads the outbox as the provider administrator. */
export function outboxReader(origin: string) {
  let token: Promise<string> | undefined;
  async function mails(to: string): Promise<OutboxMail[]> {
    token ??= providerAdminToken(origin);
    const response = await fetch(`${origin}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`, {
      headers: { authorization: `Bearer ${await token}`, accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`the outbox answered ${String(response.status)}`);
    return (await response.json()) as OutboxMail[];
  }
  return {
    mails,
    /** The ids of the mails there now, so that the next code is told from the earlier ones. */
    async seen(to: string) {
      return new Set((await mails(to)).map((mail) => mail.id));
    },
    /** The code of the first code mail not in `seen` (the mail is sent after the answer: polled a little). */
    async nextCode(to: string, seen: Set<string>): Promise<string> {
      for (let tries = 0; tries < 50; tries += 1) {
        const fresh = (await mails(to)).find((mail) => !seen.has(mail.id) && /\b\d{6}\b/.test(mail.text));
        const code = fresh === undefined ? undefined : /\b(\d{6})\b/.exec(fresh.text)?.[1];
        if (code !== undefined) return code;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no new code mailed to ${to}`);
    },
  };
}
