import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MessageDescriptor } from '@lingui/core';

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

const views = new Map<ViewLoader, LazyExoticComponent<ComponentType>>();

/** The one lazy component of a loader: the same across renders, so React keeps the page mounted. */
export function viewOf(load: ViewLoader): LazyExoticComponent<ComponentType> {
  let view = views.get(load);
  if (!view) {
    view = lazy(() => load().then((component) => ({ default: component })));
    views.set(load, view);
  }
  return view;
}
