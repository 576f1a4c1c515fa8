import type { Menu, MenuItem, Role } from '@contracts/resources';

export { PORTAL_MENU_SECTION } from '@contracts/resources';

const BOARD_LINK = '/board/index';

/**
 * The left menu a role sees (public-and-profile §6 "Admins see items that allow admin … Hidden items and items not
 * allowing the user's role are dropped", admin-and-board §6): shown items only (a link and not hidden). Provider
 * administrators see the items whose RoleAccess allows admin; client administrators see items for their role or for
 * users, never the board entry (admin-and-board §6); other roles see the items that name them. Ordered by Order. The
 * access guard lets a person open only the pages of their menu, so an entry left out is a page closed too.
 */
export function menuForRole(menu: Menu, role: Role): MenuItem[] {
  const allowed = (item: MenuItem) => {
    if (role === 'admin') return item.roleAccess.includes('admin');
    if (role === 'clientadmin') {
      return (
        item.linkUrl !== BOARD_LINK && (item.roleAccess.includes('clientadmin') || item.roleAccess.includes('user'))
      );
    }
    return (role === 'user' || role === 'agent') && item.roleAccess.includes(role);
  };
  return menu.menuItems
    .filter((item) => item.linkUrl !== '' && !item.hidden && allowed(item))
    .toSorted((a, b) => a.order - b.order);
}

/** Pages every signed-in person may open, whatever the menu says: their own profile. */
const ALWAYS_ALLOWED = ['/profile'];

const normalise = (path: string) => path.toLowerCase().replace(/\/+$/, '') || '/';

/** Whether a menu entry covers the path (the entry itself or a page below it, e.g. /profile/… under /profile). */
export function isPathAllowed(items: readonly MenuItem[], path: string): boolean {
  const wanted = normalise(path);
  const links = [...ALWAYS_ALLOWED, ...items.map((item) => item.linkUrl)].map(normalise);
  return links.some((link) => wanted === link || wanted.startsWith(`${link}/`));
}
