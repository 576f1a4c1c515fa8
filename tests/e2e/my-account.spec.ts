import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { MyData } from '@contracts/my-account';
import { DEMO_PASSWORD, identityPages } from './identity';
import { outboxReader } from './password-reset';
import { openPage, waitForArrival } from './support/browser';
import { ownServerPerFile } from './support/own-server';

/*
 * My account (issue 34 items 3 and 5, docs/flows/my-account.md, docs/flows/email-change.md) in real Chromium, on a
 * server of its own with a fresh data directory: maria closes her account and sam changes his e-mail here, and the
 * other files keep theirs.
 */

const MARIA = 'maria@acme.test';
/** Her login at the identity provider: Acme's prefix and her address. */
const LOGIN = `ACME__${MARIA}`;
/** Her texts in either language: the board speaks the person's culture (maria's is Spanish). */
const text = {
  download: /^(Download my data|Descargar mis datos)$/,
  close: /^(Close my account|Cerrar mi cuenta)$/,
  password: /^(Your password|Tu contraseña)/,
  goodbye: { en: 'Your account is closed', es: 'Tu cuenta está cerrada' },
};

describe('my data and my account in the real browser (issue 34 items 3 and 5)', () => {
  const own = ownServerPerFile();

  const authnStatus = async (password: string, login = LOGIN) =>
    (
      await fetch(`${own.server.baseUrl}/api/v1/authn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ username: login, password }),
      })
    ).status;

  it('maria downloads her data (hers only), closes her account, lands on the goodbye page and cannot sign in again', async () => {
    const session = await openPage(own.browser, own.server.baseUrl);
    const { page, context } = session;
    try {
      await identityPages.openLogin(page, '/Login/acme');
      await identityPages.signIn(page, MARIA);
      expect(await identityPages.waitForPathOtherThanLogin(page)).toBe('/board/index');

      // Edit Profile links to My account.
      await page.goto('/board/editProfile');
      await page.getByRole('link', { name: /My account|Mi cuenta/ }).click();
      await waitForArrival(session, /\/board\/myAccount$/);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: text.download }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('my-gatehouse-data.json');
      const raw = await readFile(await file.path(), 'utf8');
      const data = JSON.parse(raw) as MyData;
      expect(data.profile.email).toBe(MARIA);
      expect(data.profile.client.name).toBe('Acme Health');
      expect(data.applications.map((row) => row.application).sort()).toEqual(['Benefits Center', 'Claims Portal']);
      // Her identity-provider login is the client's prefix and her address (PREFIX__email).
      expect(data.profile.login).toBe(LOGIN);
      // Her own sign-in is in her history; nobody else's address is anywhere in the file: every address found is
      // hers (her e-mail or her login), and her e-mail is among them.
      expect(data.signInHistory.some((event) => event.eventType === 'user.session.start')).toBe(true);
      const addresses = new Set(raw.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? []);
      expect(addresses).toContain(MARIA);
      expect([...addresses].filter((address) => address !== MARIA && address !== LOGIN)).toEqual([]);
      expect(raw).not.toMatch(/passwordHash|secret/i);

      // Closing asks for the password again: a wrong one is refused in place and nothing closes.
      await page.getByRole('button', { name: text.close }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(text.password).fill('not-her-password');
      await dialog.getByRole('button', { name: text.close }).click();
      await dialog.getByText(/The password is not right|La contraseña no es correcta/).waitFor();
      expect(await authnStatus(DEMO_PASSWORD)).toBe(200);

      await dialog.getByLabel(text.password).fill(DEMO_PASSWORD);
      await dialog.getByRole('button', { name: text.close }).click();
      await waitForArrival(session, /\/Goodbye\/(en-us|es)$/);
      const language = new URL(page.url()).pathname.endsWith('/es') ? 'es' : 'en';
      await page.getByRole('heading', { name: text.goodbye[language] }).waitFor();

      // Signed out: the board sends her to the sign-in page, and the identity provider knows her no more.
      await page.goto('/board/index');
      await waitForArrival(session, /\/login/i);
      expect(await authnStatus(DEMO_PASSWORD)).toBe(401);
      await identityPages.openLogin(page, '/Login/acme');
      await identityPages.signIn(page, MARIA);
      await expect.poll(() => page.locator('#okta-sign-in-widget .o-form-error-container').innerText()).not.toBe('');
      expect(new URL(page.url()).pathname).toMatch(/\/Login\/acme/i);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('sam changes his e-mail with the code mailed to the new address, then signs in with it and not the old one', async () => {
    const [oldEmail, newEmail] = ['sam@globex.test', 'sam.new@globex.test'];
    const outbox = outboxReader(own.server.baseUrl);
    const seen = await outbox.seen(newEmail);
    const session = await openPage(own.browser, own.server.baseUrl);
    const { page, context } = session;
    try {
      await identityPages.openLogin(page, '/Login/globex');
      await identityPages.signIn(page, oldEmail);
      await identityPages.waitForPathOtherThanLogin(page);
      await page.goto('/board/myAccount');
      await page.getByText(`Your e-mail address is ${oldEmail}.`).waitFor();

      await page.getByRole('button', { name: 'Change e-mail address' }).click();
      await page.getByLabel(/New e-mail address/).fill(newEmail);
      await page.getByRole('button', { name: 'Send the code' }).click();
      const code = await outbox.nextCode(newEmail, seen);
      await page.getByLabel(/Code from the e-mail/).fill(code);
      await page.getByRole('button', { name: 'Change my address' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Your e-mail address is now ${newEmail}.` })
        .waitFor();
      // The old address is told.
      expect((await outbox.mails(oldEmail)).map((mail) => mail.subject)).toContain(
        'The e-mail of your Globex Retail account was changed',
      );
    } finally {
      await context.close();
    }

    // A fresh browser signs in with the new address; the old one no longer signs in.
    const fresh = await openPage(own.browser, own.server.baseUrl);
    try {
      await identityPages.openLogin(fresh.page, '/Login/globex');
      await identityPages.signIn(fresh.page, newEmail);
      await identityPages.waitForPathOtherThanLogin(fresh.page);
      expect(await authnStatus(DEMO_PASSWORD, `GLBX__${newEmail}`)).toBe(200);
      expect(await authnStatus(DEMO_PASSWORD, `GLBX__${oldEmail}`)).toBe(401);
    } finally {
      await fresh.context.close();
    }
  }, 180_000);
});
