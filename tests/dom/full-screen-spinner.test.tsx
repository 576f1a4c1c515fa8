import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '@contracts/resources';
import { profile } from '../support/profiles';
import { preloadLazyChunks, renderShell } from '../support/render-shell';
import { answeringApi } from '../support/shell-api';

/** The spinner: a status region (named by no attribute: its hidden text says "Loading…"). */
const spinnerShown = () => screen.queryAllByRole('status').find((region) => region.textContent === 'Loading…');

const menu: Menu = {
  section: 'Portal',
  menuItems: [
    { linkUrl: '/dashboard', imageName: 'x', caption: 'Dashboard', order: 1, hidden: false, roleAccess: ['admin'] },
  ],
};

/** The shared full-screen spinner (public-and-profile §2 "Spinner", §4 "Loader"), shown while a guard decides. */
describe('the full-screen spinner', () => {
  beforeAll(preloadLazyChunks, 60_000);

  it('covers the page while the guard decides, and goes once the page is let in', async () => {
    const shell = renderShell({
      path: '/profile',
      api: answeringApi().api,
      input: { session: { signOutReason: undefined, profile: profile({ role: 'admin' }) } },
    });
    await waitFor(() => {
      if (shell.identity.menu.waiting() !== 1) throw new Error('the menu has not been asked for yet');
    });
    const spinner = spinnerShown();
    if (spinner === undefined) throw new Error('no full-screen spinner while the guard decides');
    // It covers the whole window, above the page.
    expect(spinner).toHaveStyle({ position: 'fixed' });
    expect(screen.queryByRole('button', { name: /account menu$/i })).not.toBeInTheDocument();
    act(() => {
      shell.identity.menu.resolve(menu);
    });
    await screen.findByRole('button', { name: /account menu$/i }, { timeout: 20_000 });
    await waitFor(
      () => {
        expect(spinnerShown()).toBeUndefined();
      },
      { timeout: 10_000 },
    );
  });
});
