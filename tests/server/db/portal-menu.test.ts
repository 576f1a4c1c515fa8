import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cultures } from '@contracts/culture';
import { ensurePortalMenu } from '@server/db/builtin/ensure-portal-menu';
import { PORTAL_MENU_SECTION, portalMenu } from '@server/db/builtin/portal-menu';
import { menuItems } from '@server/db/schema';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/database';

describe.each(databaseKinds)('the built-in Portal menu, without the demo world (%s)', (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase(kind, 'migrated');
  });
  afterAll(() => test.dispose());

  const links = async (culture: string) =>
    (
      await test.database.db
        .select({ linkUrl: menuItems.linkUrl, caption: menuItems.caption })
        .from(menuItems)
        .where(and(eq(menuItems.section, PORTAL_MENU_SECTION), eq(menuItems.culture, culture)))
        .orderBy(menuItems.order)
    ).map((row) => row.linkUrl);

  it('a new install gets every entry in every culture, so its first administrator has a menu', async () => {
    expect(await links('en-us')).toEqual([]);
    expect(await ensurePortalMenu(test.database.db)).toBe(portalMenu.length * cultures.length);
    for (const culture of cultures) expect(await links(culture)).toEqual(portalMenu.map((item) => item.linkUrl));
  });

  it('a later start adds nothing twice and keeps a caption edited in place', async () => {
    await test.database.db
      .update(menuItems)
      .set({ caption: 'Apps' })
      .where(and(eq(menuItems.linkUrl, '/application'), eq(menuItems.culture, 'en-us')));
    expect(await ensurePortalMenu(test.database.db)).toBe(0);
    const [row] = await test.database.db
      .select({ caption: menuItems.caption })
      .from(menuItems)
      .where(and(eq(menuItems.linkUrl, '/application'), eq(menuItems.culture, 'en-us')));
    expect(row?.caption).toBe('Apps');
  });

  it('an upgraded database gets the entries of pages its new release brings', async () => {
    // A database from before the API tokens page: its entry is missing.
    await test.database.db.delete(menuItems).where(eq(menuItems.linkUrl, '/apiTokens'));
    expect(await ensurePortalMenu(test.database.db)).toBe(cultures.length);
    expect(await links('es')).toContain('/apiTokens');
  });
});
