import { lazy, type ComponentType, type JSX } from 'react';

/** A component whose code loads on demand, and which can be asked to load ahead. */
export interface Preloadable<P extends object> {
  /** The component to render: the loaded one once its code is here, until then a lazy one that suspends. */
  View: ComponentType<P>;
  /** Starts (or joins) the load; the component's code, once here. */
  preload: () => Promise<ComponentType<P>>;
}

/**
 * React's `lazy` suspends on its first render even when its code was fetched ahead (a promise's answer is never known
 * at once), and the Suspense boundary then shows its fallback and, by React's reveal throttle, keeps it up to 300 ms
 * before the page. That is what half of the sign-ins waited for between the board's texts and its cards
 * (docs/benchmarks.md, 2026-11-28). So the component loaded ahead is rendered as it is, without `lazy`; `lazy` is only
 * met when nothing loaded it before. The lazy one never shows content of its own: its answer comes after `loaded` is
 * set, so the render it triggers already takes the loaded component.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // A failed download may be tried again (the next render or prefetch asks anew).
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function View(props: P): JSX.Element {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return { View, preload };
}
