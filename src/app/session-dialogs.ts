import type { ComponentProps } from 'react';
import type { IdleWarningDialog } from '../ui/IdleWarningDialog';
import { preloadable } from './preloadable';

/**
 * The idle warning (and the dialog frame and HTML sanitiser it brings) is a chunk of its own, out of the public entry.
 * A signed-in page shows it, so the login page fetches it ahead with the landings (route-prefetch.ts): fetched at the
 * sign-in instead, its three chunks were downloaded and compiled while the board was being drawn.
 */
export const idleWarningDialog = preloadable<ComponentProps<typeof IdleWarningDialog>>(() =>
  import('../ui/IdleWarningDialog').then((module) => module.IdleWarningDialog),
);
