import type { ComponentType } from 'react';
import { preloadable, type Preloadable } from './preloadable';
import type { Layout } from './routes';
import type { LayoutProps } from './RouteView';

/**
 * The admin and board frames (their guard, menus and bars) are chunks of their own, like the pages: a visitor of the
 * public pages never downloads them. One each, so RouteView renders them and route-prefetch.ts loads them ahead.
 */
export const layoutLoaders: Record<Exclude<Layout, 'public'>, Preloadable<LayoutProps>> = {
  admin: preloadable(() => import('./AdminArea').then((module): ComponentType<LayoutProps> => module.default)),
  board: preloadable(() => import('./BoardArea').then((module): ComponentType<LayoutProps> => module.default)),
};
