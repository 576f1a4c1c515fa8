import type { PageView } from '@machines/app/app.types';

declare global {
  interface Window {
    /** Google Tag Manager's queue; whatever tag manager a deployment adds reads it. */
    dataLayer?: Record<string, unknown>[];
  }
}

/** Pushes a page view the Google Tag Manager way: `{ event: 'pageview', page, culture, clientId }`. */
export function pushPageView(target: Window, view: PageView): void {
  target.dataLayer ??= [];
  target.dataLayer.push({ event: 'pageview', page: view.page, culture: view.culture, clientId: view.clientId });
}
