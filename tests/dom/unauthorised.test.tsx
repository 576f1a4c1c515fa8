import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Menu } from '@contracts/resources';
import { storage } from '@src/app/storage';
import { storageKeys } from '@src/app/storage-keys';
import { profile } from '../support/profiles';
import { renderShell } from '../support/render-shell';
import { answeringApi } from '../support/shell-api';

const menu: Menu = {
  section: 'Portal',
  menuItems: [
    { linkUrl: '/dashboard', imageName: 'x', caption: 'Dashboard', order: 1, hidden: false, roleAccess: ['admin'] },
  ],
};

/** An administrator on an admin page (its menu answered), whose next API call answers 401: the session signs out. */
async function adminMeetsA401(path: string) {
  const api = answeringApi();
  const shell = renderShell({
    path,
    api: api.api,
    input: { session: { signOutReason: undefined, profile: profile({ role: 'admin' }) } },
  });
  await waitFor(() => {
    if (shell.identity.menu.waiting() !== 1) throw new Error('the menu has not been asked for yet');
  });
  act(() => {
    shell.identity.menu.resolve(menu);
  });
  return {
    shell,
    answerUnauthorised: async () => {
      act(() => {
        api.answerUnauthorised();
      });
      await waitFor(() => {
        expect(shell.identity.signOut.waiting()).toBe(1);
      });
    },
  };
}

describe('one 401 policy for the whole SPA (issue 8)', () => {
  it('an API call answering 401 signs the person out, keeps the page and shows the login page', async () => {
    const { shell, answerUnauthorised } = await adminMeetsA401('/profile?tab=security');
    await answerUnauthorised();
    act(() => {
      shell.identity.signOut.resolve(undefined);
    });

    await waitFor(() => {
      expect(shell.location.history.at(-1)).toBe('/Login');
    });
    // The board guard follows this after the next sign-in (admin-and-board §4): the way back to the page.
    expect(storage.read(storageKeys.redirectUrl)).toBe('/profile?tab=security');
  });

  it('blanks the initials while the person is being signed out (admin-and-board §4 "Logout flag")', async () => {
    const { answerUnauthorised } = await adminMeetsA401('/profile');
    expect(await screen.findByRole('button', { name: 'MG, account menu' }, { timeout: 20_000 })).toHaveTextContent(
      'MG',
    );
    await answerUnauthorised();
    // Signing out: the top bar is still there, its button no longer names anybody.
    const button = screen.getByRole('button', { name: 'Account menu' });
    expect(button.textContent).toBe('');
  });

  it('does nothing for an anonymous visitor', async () => {
    const api = answeringApi();
    const shell = renderShell({ path: '/Faq', api: api.api });
    await waitFor(() => {
      expect(shell.location.history.at(-1)).toBe('/Faq');
    });
    act(() => {
      api.answerUnauthorised();
    });
    expect(shell.identity.signOut.waiting()).toBe(0);
    expect(shell.location.history.at(-1)).toBe('/Faq');
  });
});
