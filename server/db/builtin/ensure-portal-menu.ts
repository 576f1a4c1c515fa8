import { cultures } from '@contracts/culture';
import type { Db } from '../client';
import { menuItems } from '../schema';
import { PORTAL_MENU_SECTION, portalMenu } from './portal-menu';

/**
 * Adds the built-in Portal menu entries the database lacks, at the global level in every culture, and answers how many
 * rows it added. Run at every start, after the migrations: a production install without the demo world gets its
 * administrators' menu, an upgrade gets the entries of its new pages. An entry already there is left as it is (its
 * caption may have been edited in place); nothing is removed.
 */
export async function ensurePortalMenu(db: Db): Promise<number> {
  const added = await db
    .insert(menuItems)
    .values(
      portalMenu.flatMap((item, order) =>
        cultures.map((culture) => ({
          section: PORTAL_MENU_SECTION,
          culture,
          linkUrl: item.linkUrl,
          imageName: item.imageName,
          caption: item.caption[culture],
          order,
          roleAccess: [...item.roleAccess],
        })),
      ),
    )
    // The unique (section, link, culture, client) key: an entry that exists is kept as it is.
    .onConflictDoNothing()
    .returning({ id: menuItems.id });
  return added.length;
}
