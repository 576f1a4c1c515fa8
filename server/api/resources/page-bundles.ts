import { eq, sql } from 'drizzle-orm';
import type { Culture } from '@contracts/culture';
import type { AggregatedWithMenu } from '@contracts/resources';
import type { Db } from '../../db/client';
import { labels } from '../../db/schema';
import { readAggregated } from './aggregated';
import { readMenu } from './menus';
import type { ResourceScope } from './scope';

/**
 * The spec's named resource bundles (public-and-profile §7 "Resources": `login`, `{view}`, `aggregatedResources`,
 * `dashboardAggregatedResources`) are `aggregatedByPage` of fixed components, so an integrator gets exactly what the
 * SPA's pages load (docs/spa.md "i18n loading order"), through one reader.
 */
export const LOGIN_COMPONENTS = ['Global', 'Login'] as const;
export const LAYOUT_COMPONENTS = ['Global'] as const;
export const DASHBOARD_COMPONENTS = ['Global', 'Dashboard'] as const;
/** The menu the dashboard's layout shows (the admin area's left menu). */
export const DASHBOARD_MENU_SECTION = 'Portal';

/**
 * The component a `resource/{view}` path names, spelled as the labels spell it (`dashboard` → `Dashboard`), or
 * undefined when no label has it: an unknown view is a 404, never an empty bundle.
 */
export async function knownView(db: Db, view: string): Promise<string | undefined> {
  const [row] = await db
    .select({ component: labels.component })
    .from(labels)
    .where(eq(sql`lower(${labels.component})`, view.toLowerCase()))
    .limit(1);
  return row?.component ?? undefined;
}

/** A page's resources and its layout's menu section, read together. */
export async function readWithMenu(
  db: Db,
  {
    scope,
    components,
    culture,
    menuSection,
    decorateMenu,
  }: {
    scope: ResourceScope;
    components: readonly string[];
    culture: Culture;
    menuSection: string;
    decorateMenu: (menu: Awaited<ReturnType<typeof readMenu>>) => Awaited<ReturnType<typeof readMenu>>;
  },
): Promise<AggregatedWithMenu> {
  const [aggregated, menu] = await Promise.all([
    readAggregated(db, { scope, components, culture }),
    readMenu(db, { section: menuSection, culture, clientId: scope.clientId }),
  ]);
  return { ...aggregated, menu: decorateMenu(menu) };
}
