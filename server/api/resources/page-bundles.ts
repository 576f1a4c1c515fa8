import type { Culture } from '@contracts/culture';
import { componentsFor, pageKeys, type PageKey } from '@contracts/pages';
import { PORTAL_MENU_SECTION, type AggregatedWithMenu } from '@contracts/resources';
import type { Db } from '../../db/client';
import { readAggregated } from './aggregated';
import { readMenu } from './menus';
import type { ResourceScope } from './scope';

/**
 * The spec's named resource bundles (public-and-profile §7 "Resources": `login`, `{view}`, `aggregatedResources`,
 * `dashboardAggregatedResources`) are `aggregatedByPage` of a page's components (`contracts/pages.ts`, the table the
 * SPA's pages load by: docs/spa.md "i18n loading order"), so an integrator gets exactly what the page loads.
 */
export const LOGIN_COMPONENTS = componentsFor('login');
export const LAYOUT_COMPONENTS = componentsFor(undefined);
/** The dashboard is the admin area's index page. */
export const DASHBOARD_COMPONENTS = componentsFor('index');
/** The menu the dashboard's layout shows (the admin area's left menu). */
export const DASHBOARD_MENU_SECTION = PORTAL_MENU_SECTION;

/**
 * The page a `resource/{view}` path names, by its page key in any case (`manageUsers`, `MANAGEUSERS`), or undefined:
 * an unknown view is a 404, never an empty bundle.
 */
export function knownView(view: string): PageKey | undefined {
  const wanted = view.toLowerCase();
  return pageKeys.find((key) => key.toLowerCase() === wanted);
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
