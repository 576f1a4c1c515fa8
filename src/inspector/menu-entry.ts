import type { Menu } from '@contracts/resources';

/** The flow inspector's address (src/app/routes.ts). */
export const INSPECTOR_PATH = '/dev/flows';

/**
 * The admin menu with the flow inspector's entry at its end when the inspector is enabled. The entry is for provider
 * administrators only (`roleAccess: ['admin']`): the authorisation guard filters the menu by role
 * (machines/guard/menu.ts) and lets a person open only the pages their menu lists, so no other role reaches the page.
 */
export async function withInspectorEntry(menu: Menu, enabled: () => Promise<boolean>, caption: string): Promise<Menu> {
  if (!(await enabled())) return menu;
  const entry = {
    linkUrl: INSPECTOR_PATH,
    imageName: '',
    caption,
    order: Number.MAX_SAFE_INTEGER,
    hidden: false,
    roleAccess: ['admin' as const],
  };
  return { ...menu, menuItems: [...menu.menuItems, entry] };
}
