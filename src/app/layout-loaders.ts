import type { ComponentType } from 'react';
import type { Layout } from './routes';
import type { LayoutProps } from './RouteView';

/**
 * The admin and board frames (their guard, menus and bars) are chunks of their own, like the pages: a visitor of the
 * public pages never downloads them. One loader each, so RouteView renders them and route-prefetch.ts warms them.
 */
export const layoutLoaders: Record<
  Exclude<Layout, 'public'>,
  () => Promise<{ default: ComponentType<LayoutProps> }>
> = {
  admin: () => import('./AdminArea'),
  board: () => import('./BoardArea'),
};
