import type { ComponentType } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { preloadable, type Preloadable } from './preloadable';

/**
 * How a route names its view: a loader of the page component, so every page is its own chunk (a visitor of the
 * public pages never downloads the admin pages) and the route table stays plain data that unit tests can import
 * without rendering anything. The view is loaded on the first visit and kept.
 */
export type ViewLoader = () => Promise<ComponentType>;

/** A page module's named export as the route's view. */
export const page =
  <M,>(load: () => Promise<M>, name: keyof M): ViewLoader =>
  () =>
    load().then((module) => module[name] as ComponentType);

/** A page one only passes through while a flow moves on by itself (src/pages/TransitPage.tsx). */
export const transit =
  (title: MessageDescriptor): ViewLoader =>
  () =>
    import('@src/pages/TransitPage').then(({ TransitPage }) => () => <TransitPage title={title} />);

const views = new Map<ViewLoader, Preloadable<object>>();

function viewEntry(load: ViewLoader): Preloadable<object> {
  let view = views.get(load);
  if (!view) {
    view = preloadable(load);
    views.set(load, view);
  }
  return view;
}

/** The one component of a loader: the same across renders, so React keeps the page mounted. */
export const viewOf = (load: ViewLoader): ComponentType => viewEntry(load).View;

/** Loads a route's view ahead (route-prefetch.ts): rendered later, it shows at once, without a Suspense fallback. */
export const preloadView = (load: ViewLoader): Promise<ComponentType> => viewEntry(load).preload();
