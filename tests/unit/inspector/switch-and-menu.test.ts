import { describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '@contracts/public-config';
import type { Menu } from '@contracts/resources';
import { isPathAllowed, menuForRole } from '@machines/guard/menu';
import { inspectorSwitch } from '@src/inspector/enabled';
import { INSPECTOR_PATH, withInspectorEntry } from '@src/inspector/menu-entry';

const config: PublicConfig = {
  issuer: 'https://sso.test/oauth2/default',
  clientId: 'spa',
  redirectUri: 'https://sso.test/login/callback',
  scopes: [],
};
const menu: Menu = {
  section: 'Portal',
  menuItems: [
    {
      linkUrl: '/dashboard',
      imageName: '',
      caption: 'Dashboard',
      order: 1,
      hidden: false,
      roleAccess: ['admin', 'clientadmin'],
    },
  ],
};

describe('whether the flow inspector is on', () => {
  it('is on in development without asking the server', async () => {
    const load = vi.fn(() => Promise.resolve(config));
    expect(await inspectorSwitch(true, load)()).toBe(true);
    expect(load).not.toHaveBeenCalled();
  });

  it('follows config/public in a production build, asking once', async () => {
    const load = vi.fn(() => Promise.resolve({ ...config, inspector: true as const }));
    const enabled = inspectorSwitch(false, load);
    expect([await enabled(), await enabled()]).toEqual([true, true]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(await inspectorSwitch(false, () => Promise.resolve(config))()).toBe(false);
  });

  it('answers no when config/public fails, and asks again next time', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ ...config, inspector: true });
    const enabled = inspectorSwitch(false, load);
    expect(await enabled()).toBe(false);
    expect(await enabled()).toBe(true);
  });
});

describe('the flow inspector’s menu entry', () => {
  it('is added only when the inspector is on, and the guard lets only provider administrators in', async () => {
    expect(await withInspectorEntry(menu, () => Promise.resolve(false), 'Flow inspector')).toEqual(menu);
    const withEntry = await withInspectorEntry(menu, () => Promise.resolve(true), 'Flow inspector');
    expect(menuForRole(withEntry, 'admin').map((item) => item.linkUrl)).toEqual(['/dashboard', INSPECTOR_PATH]);
    expect(isPathAllowed(menuForRole(withEntry, 'admin'), INSPECTOR_PATH)).toBe(true);
    for (const role of ['clientadmin', 'user', 'agent', 'guest'] as const) {
      expect(isPathAllowed(menuForRole(withEntry, role), INSPECTOR_PATH)).toBe(false);
    }
  });
});
