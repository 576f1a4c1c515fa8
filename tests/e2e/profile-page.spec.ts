import { describe, expect, inject, it } from 'vitest';
import { adminPages } from './admin';
import { profilePages as form } from './profile';
import { browserPerFile, waitForArrival } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

/** The demo client administrator of Acme (docs/demo-world.md), signed in through the real widget. */
const CLIENT_ADMIN = 'clientadmin@acme.test';

describe('the profile page in the real browser (admin-and-board §2 "Profile page")', () => {
  it('a signed-in demo administrator opens /profile and sees the Edit Profile form of their own profile', async () => {
    const session = await adminPages.signedIn(browser(), baseUrl, CLIENT_ADMIN);
    const { page, context, problems } = session;
    await page.goto('/profile');
    await form.waitForForm(page);
    expect(new URL(page.url()).pathname).toBe('/profile');
    await page.getByRole('heading', { level: 1, name: 'Edit your profile' }).waitFor();
    expect(await form.email(page, 'Email address').inputValue()).toBe(CLIENT_ADMIN);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('/profile/{redirectUrl} shows the same form, and Cancel goes to the redirect URL', async () => {
    const session = await adminPages.signedIn(browser(), baseUrl, CLIENT_ADMIN);
    const { page, context, problems } = session;
    await page.goto(`/profile/${encodeURIComponent('/Faq')}`);
    await form.waitForForm(page);
    await page.getByRole('heading', { level: 1, name: 'Edit your profile' }).waitFor();
    expect(await form.email(page, 'Email address').inputValue()).toBe(CLIENT_ADMIN);
    await form.press(page, 'Cancel');
    await waitForArrival(session, /\/Faq$/);
    expect(problems).toEqual([]);
    await context.close();
  });
});
