import { describe, expect, inject, it } from 'vitest';
import { identityPages, DEMO_PASSWORD } from './identity';
import { profilePages as form } from './profile';
import { browserPerFile, openPage } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

/**
 * The demo world's single sign-on (docs/demo-world.md "Single sign-on: Initech"): Initech's SSOID names "Initech
 * Workforce", the upstream OpenID provider Gatehouse serves itself in demo mode, so the whole path runs on `npm start`
 * with no outside service (issue 31 item 1; spec public-and-profile §2 "Single sign-on screen", §5, §2 "Instance form").
 */
describe('single sign-on through the demo upstream (Initech Workforce)', () => {
  it('/SSO/initech goes straight to the upstream, back, and onto the board; Edit Profile has no Security step', async () => {
    const { page, context } = await openPage(browser(), baseUrl);
    await page.goto('/SSO/initech');
    // No widget on the way: the upstream's own page, clearly the demo stand-in.
    await page.waitForURL((url) => url.pathname.startsWith('/demo-upstream/initech/interaction/'), { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: 'Initech Workforce' }).waitFor();
    expect(await page.getByText('Demo identity provider.').count()).toBe(1);
    // A wrong password is refused at the upstream, which stays on its page.
    await page.getByLabel('E-mail address').fill('peter@initech.test');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Unknown e-mail address or wrong password.' }).waitFor();
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Back through the embedded IdP's federation callback, provisioned into Initech, onto the board.
    await page.waitForURL((url) => url.pathname === '/board/index', { timeout: 30_000 });
    // The board reads the new person's profile and access requests before it shows the cards: on a loaded machine
    // that takes longer than expect.poll's default second.
    await expect
      .poll(() => identityPages.cardNames(page), { timeout: 30_000 })
      .toEqual(['Payroll Online', 'Wellness Hub']);

    // A single-sign-on person: the profile form has no Security step and no password, question or answer controls.
    await page.goto('/profile');
    await form.waitForForm(page);
    await page.getByRole('heading', { level: 1, name: 'Edit your profile' }).waitFor();
    expect(await form.email(page, 'Email address').inputValue()).toBe('peter@initech.test');
    expect(await form.text(page, 'First name').inputValue()).toBe('Peter');
    expect(await page.getByRole('button', { name: /Security/ }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Security' }).count()).toBe(0);
    expect(await page.locator('input[type="password"]').count()).toBe(0);
    expect(await page.getByRole('combobox', { name: /^Security question/ }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: /^Security answer/ }).count()).toBe(0);
    await context.close();
  });
});
