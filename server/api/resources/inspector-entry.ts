import type { Culture } from '@contracts/culture';
import { INSPECTOR_PATH, PORTAL_MENU_SECTION, type Menu } from '@contracts/resources';

const caption = { 'en-us': 'Flow inspector', es: 'Inspector de flujos' } satisfies Record<Culture, string>;

/**
 * The admin menu with the flow inspector's entry at its end (docs/spa.md "Flow inspector"), which the menus route
 * answers when the operator turned the inspector on (INSPECTOR=true; `npm run dev` does). Served with the menu the SPA
 * loads at sign-in anyway, so the SPA asks nothing more and carries no code for it. For provider administrators only:
 * `roleAccess: ['admin']`, and the authorisation guard shows each role only its entries and lets a person open only
 * the pages their menu lists (machines/guard/menu.ts). Other sections are answered as they are.
 */
export function withInspectorEntry(menu: Menu, culture: Culture): Menu {
  if (menu.section !== PORTAL_MENU_SECTION) return menu;
  const entry = {
    linkUrl: INSPECTOR_PATH,
    imageName: '',
    caption: caption[culture],
    order: Number.MAX_SAFE_INTEGER,
    hidden: false,
    roleAccess: ['admin' as const],
  };
  return { ...menu, menuItems: [...menu.menuItems, entry] };
}
