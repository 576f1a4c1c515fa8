import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Menu, MenuItem, Role } from '@contracts/resources';
import { renderShell } from '../support/render-shell';
import { answeringApi } from '../support/shell-api';
import { profile } from '../support/profiles';

const item = (linkUrl: string, caption: string, order: number, roleAccess: MenuItem['roleAccess']): MenuItem => ({
  linkUrl,
  imageName: 'x',
  caption,
  order,
  hidden: false,
  roleAccess,
});
const portalMenu: Menu = {
  section: 'Portal',
  menuItems: [
    item('/dashboard', 'Dashboard', 1, ['admin', 'clientadmin']),
    item('/field', 'Fields', 2, ['admin']),
    item('/manageUsers', 'Manage users', 3, ['user']),
    item('/board/index', 'Board', 4, ['user', 'clientadmin']),
  ],
};

/** Opens the admin area's always-allowed page (the profile placeholder) for a role, answering the menu call. */
async function openAdmin(role: Role, menu: Menu = portalMenu, path = '/profile') {
  const shell = renderShell({
    path,
    api: answeringApi().api,
    input: { session: { signOutReason: undefined, profile: profile({ role }) } },
  });
  await waitFor(() => {
    if (shell.identity.menu.waiting() !== 1) throw new Error('the menu has not been asked for yet');
  });
  act(() => {
    shell.identity.menu.resolve(menu);
  });
  // The admin area is a lazy chunk: wait for its top bar (a bound for a slow first import, not a speed check).
  await screen.findByRole('button', { name: /account menu$/i }, { timeout: 20_000 });
  return shell;
}

/** A window at or below 992 px: `(max-width: 992px)` matches, nothing else does. */
function narrowWindow() {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: query.includes('max-width: 992px'),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// The admin area is a lazy chunk; importing it once up front keeps its first transform out of the tests' time.
beforeAll(async () => {
  await import('@src/app/AdminArea');
}, 120_000);

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

const linkNames = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('admin layout: the left menu by role (admin-and-board §2, §6)', () => {
  it('shows a provider administrator only the entries whose RoleAccess allows admin', async () => {
    await openAdmin('admin');
    const nav = await screen.findByRole('navigation');
    expect(linkNames(nav)).toEqual(['Dashboard', 'Fields']);
  });

  it('shows a client administrator the client-admin and user entries, without /board/index', async () => {
    await openAdmin('clientadmin');
    const nav = await screen.findByRole('navigation');
    expect(linkNames(nav)).toEqual(['Dashboard', 'Manage users']);
  });

  it('says the resources failed when the menu comes back empty', async () => {
    await openAdmin('admin', { section: 'Portal', menuItems: [] });
    expect(await screen.findByText('There was an error loading the resources from the page')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows each entry with its ImageName icon, no icon for a name it does not know, and marks the active entry', async () => {
    const withIcons: Menu = {
      section: 'Portal',
      menuItems: [
        { ...item('/dashboard', 'Dashboard', 1, ['admin']), imageName: 'layout-dashboard' },
        { ...item('/manageUsers', 'Users', 2, ['admin']), imageName: 'Users' },
        { ...item('/profile', 'My profile', 3, ['admin']), imageName: 'no-such-icon' },
        { ...item('/field', 'Fields', 4, ['admin']), imageName: '' },
      ],
    };
    await openAdmin('admin', withIcons);
    const nav = await screen.findByRole('navigation');
    const iconOf = (name: string) =>
      within(nav).getByRole('link', { name }).querySelector('svg')?.getAttribute('data-menu-icon') ?? null;
    expect(['Dashboard', 'Users', 'My profile', 'Fields'].map(iconOf)).toEqual([
      'layout-dashboard',
      'Users',
      null,
      null,
    ]);
    // Never a broken image: an entry without a known icon has no image of any kind.
    expect(nav.querySelectorAll('img')).toHaveLength(0);
    expect(within(nav).getByRole('link', { name: 'My profile' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('renders each entry’s Caption as HTML, sanitised (public-and-profile §2 "Portal menu items")', async () => {
    const rich: Menu = {
      section: 'Portal',
      menuItems: [
        item('/dashboard', '<b>Dash</b>board<img src="x" onerror="alert(1)"><script>alert(2)</script>', 1, ['admin']),
      ],
    };
    await openAdmin('admin', rich);
    const nav = await screen.findByRole('navigation');
    const link = nav.querySelector('a[href="/dashboard"]');
    if (link === null) throw new Error('no menu link to /dashboard');
    expect(link.textContent).toBe('Dashboard');
    // The markup is rendered, not shown as text: the bold part is an element of its own.
    expect(link.querySelector('b')?.textContent).toBe('Dash');
    expect(link.textContent).not.toContain('<b>');
    // What the sanitiser takes out never reaches the page.
    expect(link.querySelector('script')).toBeNull();
    expect(link.querySelector('[onerror]')).toBeNull();
  });

  it('shows the initials of the signed-in person in the top bar, and names the button with them first (WCAG 2.5.3)', async () => {
    await openAdmin('admin');
    const button = await screen.findByRole('button', { name: /account menu$/i });
    expect(button).toHaveTextContent('MG');
    expect(button).toHaveAccessibleName('MG, account menu');
  });

  it('shows the logo of the signed-in person’s client in the top bar (the server answers the product’s mark when the client has none)', async () => {
    await openAdmin('admin');
    const header = screen.getByRole('banner');
    const logo = within(header).getByRole('img', { name: 'Client logo' });
    // Their client's logo (GET resource/logo?clientId), which falls back to the global one, then the portal's mark:
    // tests/server/resources/read.test.ts and portal-mark.test.ts.
    expect(logo).toHaveAttribute('src', `/api/v1/resource/logo?clientId=${profile().clientId}`);
  });
});

describe('admin layout: the initials menu (admin-and-board §2 "Top bar")', () => {
  it('opens Edit Profile and Log out; Edit Profile goes to the admin area’s profile page', async () => {
    // Opened on another page of the admin area, so that going to the profile page is a step of its own.
    const shell = await openAdmin('admin', portalMenu, '/field');
    await userEvent.click(await screen.findByRole('button', { name: 'MG, account menu' }));
    expect((await screen.findAllByRole('menuitem')).map((entry) => entry.textContent)).toEqual([
      'Edit Profile',
      'Log out',
    ]);
    const before = shell.location.history.length;
    // Chosen by keyboard (the menu's pointer selection does not fire under jsdom): the first entry, then Enter.
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => {
      expect(shell.location.history.slice(before)).toEqual(['/profile']);
    });
  });
});

describe('admin layout on small screens (admin-and-board §2, §4, §9)', () => {
  it('keeps the menu behind a button, and closes the overlay when a navigation starts', async () => {
    narrowWindow();
    const shell = await openAdmin('admin');
    const toggle = await screen.findByRole('button', { name: 'Open the menu' });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    await userEvent.click(toggle);
    const overlay = await screen.findByTestId('menu-overlay');
    await userEvent.click(within(overlay).getByRole('link', { name: 'Fields' }));
    await waitFor(() => {
      expect(shell.location.history.at(-1)).toBe('/field');
    });
    // The new page runs the guard again; once it lets the person in, the overlay is closed.
    await waitFor(() => {
      if (shell.identity.menu.waiting() !== 1) throw new Error('the menu has not been asked for again yet');
    });
    act(() => {
      shell.identity.menu.resolve(portalMenu);
    });
    expect(await screen.findByRole('button', { name: 'Open the menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('menu-overlay')).not.toBeInTheDocument();
  });

  it('the button opens and closes the overlay', async () => {
    narrowWindow();
    await openAdmin('clientadmin');
    const toggle = await screen.findByRole('button', { name: 'Open the menu' });
    await userEvent.click(toggle);
    expect(await screen.findByTestId('menu-overlay')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Close the menu' }));
    await waitFor(() => {
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
    });
  });
});
