import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@contracts/failures';
import type { Menu } from '@contracts/resources';
import { profile } from '../support/profiles';
import { renderShell } from '../support/render-shell';
import { answeringApi } from '../support/shell-api';

const menu: Menu = {
  section: 'Portal',
  menuItems: [
    { linkUrl: '/dashboard', imageName: 'x', caption: 'Dashboard', order: 1, hidden: false, roleAccess: ['admin'] },
  ],
};

/** Every dialog on screen: the app's modals (error modal, idle warning, browser notice) and a page's own. */
const openDialogs = () => [...screen.queryAllByRole('dialog'), ...screen.queryAllByRole('alertdialog')];

/** An administrator signed in on their profile page (/profile), its left menu read: where each sign-out starts. */
async function openProfileSignedIn() {
  const api = answeringApi();
  const shell = renderShell({
    path: '/profile',
    api: api.api,
    input: { session: { signOutReason: undefined, profile: profile({ role: 'admin' }) } },
  });
  await waitFor(() => {
    expect(shell.identity.menu.waiting()).toBe(1);
  });
  act(() => {
    shell.identity.menu.resolve(menu);
  });
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Edit your profile' }, { timeout: 20_000 }),
  ).toBeVisible();
  return { shell, api };
}

// A bound so that a stuck page fails instead of hanging (the shell's first render loads its chunks), not a speed check.
describe('signing out closes dialogs (public-and-profile §4 "Sign-out")', { timeout: 30_000 }, () => {
  it('closes the open error modal and the page with its dialogs as soon as the sign-out starts, and none comes back', async () => {
    const { shell } = await openProfileSignedIn();
    // A 403 opens the error modal (spec §8); it is still open when the person signs out.
    const forbidden = new ApiError({ status: 403, code: 'forbidden', message: 'Forbidden', requestId: 'req-403' });
    act(() => {
      window.dispatchEvent(new ErrorEvent('error', { error: forbidden }));
    });
    expect(await screen.findByTestId('error-modal')).toBeInTheDocument();
    expect(openDialogs()).not.toEqual([]);

    // The modal holds the page behind it (inert): the sign-out comes from the Logout route (a link of another tab, an
    // application's sign-out link); Log out in the initials menu sends the session the same event.
    act(() => {
      shell.location.navigate('/Logout');
    });

    // Signing out (the tokens are being revoked): no dialog is open, and the page that could open one is gone.
    await waitFor(() => {
      expect(shell.identity.signOut.waiting()).toBe(1);
    });
    await waitFor(() => {
      expect(screen.queryByTestId('error-modal')).toBeNull();
    });
    expect(openDialogs()).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'Edit your profile' })).toBeNull();

    act(() => {
      shell.identity.signOut.resolve(undefined);
    });
    await waitFor(() => {
      expect(shell.location.history.at(-1)).toBe('/Login');
    });
    expect(within(document.body).queryByTestId('error-modal')).toBeNull();
    expect(openDialogs()).toEqual([]);
  });

  it('takes the page and every dialog it opened away while the session signs out where it stands (a 401), the top bar staying', async () => {
    const { shell, api } = await openProfileSignedIn();
    act(() => {
      api.answerUnauthorised();
    });
    await waitFor(() => {
      expect(shell.identity.signOut.waiting()).toBe(1);
    });
    // Still on the page's address, but the page is gone (its dialogs with it); the top bar waits for the browser to leave.
    expect(shell.location.history.at(-1)).toBe('/profile');
    expect(screen.queryByRole('heading', { name: 'Edit your profile' })).toBeNull();
    expect(openDialogs()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  });
});
