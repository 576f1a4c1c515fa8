import { describe, expect, inject, it } from 'vitest';
import { identityPages } from './identity';
import { profilePages as form } from './profile';
import { browserPerFile, openPage, waitForArrival } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

/**
 * The login page's redirect URL (public-and-profile §2 "a query string with culture and the redirect URL"): a deep link
 * opened while signed out is where signing in lands, and an address of another site leads to the board instead.
 */
describe('signing in from a deep link or with a redirect URL (spec §2)', () => {
  it('maria opens Edit Profile with a prefill while signed out, signs in and lands there with the prefill', async () => {
    const session = await openPage(browser(), baseUrl);
    const { page, context, problems } = session;
    const editProfile = `/board/editProfile/${encodeURIComponent('/board/index')}`;
    await page.goto(`${editProfile}?culture=es&FirstName=Ana`);
    // The guard sends her to the login page, which names the page as where to come back to.
    await page.locator('#okta-sign-in-widget input[name="username"]').waitFor({ timeout: 20_000 });
    const login = new URL(page.url());
    expect(login.pathname).toBe('/Login');
    expect(login.searchParams.get('redirectUrl')).toBe(`${editProfile}?culture=es&FirstName=Ana`);
    await identityPages.signIn(page, 'maria@acme.test');
    await waitForArrival(session, /\/board\/editProfile\/%2Fboard%2Findex\?/);
    await form.waitForForm(page);
    expect(new URL(page.url()).searchParams.get('FirstName')).toBe('Ana');
    expect(await form.text(page, 'Nombre').inputValue()).toBe('Ana');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the client administrator opens an admin page while signed out and lands on it, not on the dashboard', async () => {
    const session = await openPage(browser(), baseUrl);
    const { page, context } = session;
    await page.goto('/manageUsers');
    await page.locator('#okta-sign-in-widget input[name="username"]').waitFor({ timeout: 20_000 });
    await identityPages.signIn(page, 'clientadmin@acme.test');
    await waitForArrival(session, /\/manageUsers$/);
    expect(new URL(page.url()).pathname).toBe('/manageUsers');
    await context.close();
  });

  it('a redirect URL of another site leads to the board, never away from Gatehouse', async () => {
    const session = await openPage(browser(), baseUrl);
    const { page, context } = session;
    await identityPages.openLogin(page, `/Login?redirectUrl=${encodeURIComponent('https://attacker.example/board')}`);
    await identityPages.signIn(page, 'maria@acme.test');
    await waitForArrival(session, /\/board\/index$/);
    expect(new URL(page.url()).host).toBe(new URL(baseUrl).host);
    await context.close();
  });
});
