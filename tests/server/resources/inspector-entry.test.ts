import { describe, expect, it } from 'vitest';
import { INSPECTOR_PATH, PORTAL_MENU_SECTION, type Menu } from '@contracts/resources';
import { isPathAllowed, menuForRole } from '@machines/guard/menu';
import { withInspectorEntry } from '@server/api/resources/inspector-entry';

const portal: Menu = {
  section: PORTAL_MENU_SECTION,
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

describe('the flow inspector’s menu entry (INSPECTOR=true, docs/spa.md "Flow inspector")', () => {
  it('ends the Portal menu, in the asked culture, and leaves other sections as they are', () => {
    expect(withInspectorEntry(portal, 'en-us').menuItems.at(-1)).toMatchObject({
      linkUrl: INSPECTOR_PATH,
      caption: 'Flow inspector',
      roleAccess: ['admin'],
    });
    expect(withInspectorEntry(portal, 'es').menuItems.at(-1)?.caption).toBe('Inspector de flujos');
    const other = { ...portal, section: 'Footer' };
    expect(withInspectorEntry(other, 'en-us')).toEqual(other);
  });

  it('lets provider administrators in and nobody else (the guard filters the menu by role)', () => {
    const menu = withInspectorEntry(portal, 'en-us');
    expect(menuForRole(menu, 'admin').map((item) => item.linkUrl)).toEqual(['/dashboard', INSPECTOR_PATH]);
    expect(isPathAllowed(menuForRole(menu, 'admin'), INSPECTOR_PATH)).toBe(true);
    for (const role of ['clientadmin', 'user', 'agent', 'guest'] as const) {
      expect(isPathAllowed(menuForRole(menu, role), INSPECTOR_PATH)).toBe(false);
    }
  });
});
