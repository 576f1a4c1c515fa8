import { and, asc, eq } from 'drizzle-orm';
import type { Culture } from '@contracts/culture';
import { roles, type Menu, type Role } from '@contracts/resources';
import type { Db } from '../../db/client';
import { menuItems } from '../../db/schema';
import { fallbackCandidates } from './client-filter';
import { bestLevel } from './fallback';

const isRole = (value: string): value is Role => (roles as readonly string[]).includes(value);

/**
 * A menu section, taken whole from the best fallback level. Every entry is answered, hidden ones and their role
 * lists included: the SPA filters by role (spec §6) — the menu is navigation, not authorisation.
 */
export async function readMenu(
  db: Db,
  { section, culture, clientId }: { section: string; culture: Culture; clientId: string | null },
): Promise<Menu> {
  const rows = await db
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.section, section), fallbackCandidates(menuItems, culture, clientId)))
    .orderBy(asc(menuItems.order), asc(menuItems.linkUrl));
  return {
    section,
    menuItems: bestLevel(rows, culture).map((row) => ({
      linkUrl: row.linkUrl,
      imageName: row.imageName,
      caption: row.caption,
      order: row.order,
      hidden: row.hidden,
      roleAccess: row.roleAccess.map((role) => role.toLowerCase()).filter(isRole),
    })),
  };
}
