import { flowTable } from '@machines/app/app.flows';
import { ADMIN_HOME_PATH, BOARD_PATH } from '@machines/login/post-login';
import { layoutLoaders } from './layout-loaders';
import { resolveRoute } from './routes';
import { idleWarningDialog } from './session-dialogs';
import { preloadView } from './route-views';

/**
 * Starts downloading the frame, the page and the flow's machine of an address before anyone goes there, so that
 * arriving renders at once instead of waiting for their chunks. The browser keeps a module once loaded: the later render's import is then
 * immediate. A failed download is left for that render to meet (and show) again.
 */
export function prefetchRoute(path: string): void {
  const resolved = resolveRoute(path);
  if (resolved.kind !== 'page') return;
  const { route } = resolved;
  const loads: Promise<unknown>[] = [
    preloadView(route.view),
    ...(route.layout === 'public' ? [] : [layoutLoaders[route.layout].preload()]),
    ...(route.flow === undefined ? [] : [flowTable[route.flow].load()]),
  ];
  for (const load of loads) load.catch(() => undefined);
}

/**
 * Where a person lands after signing in: the board, or the dashboard for an administrator (machines/login/
 * post-login.ts). Which one is known only after the password's answer, so both are fetched ahead, with the idle
 * warning every signed-in page shows.
 */
export function prefetchLandings(): void {
  for (const path of [BOARD_PATH, ADMIN_HOME_PATH]) prefetchRoute(path);
  // Every signed-in page shows the idle warning's dialog (src/app/Shell.tsx).
  idleWarningDialog.preload().catch(() => undefined);
  // After the password: the new-terms check and the board's access-request offers (both deferred in src/main.tsx).
  import('../api/terms').catch(() => undefined);
  import('../api/access-requests').catch(() => undefined);
}

/**
 * Runs `work` once the browser has nothing else to do (or after `timeoutMs` at the latest): the login page fetches
 * the landings while the person types. Fetched at the submit instead, their thirty-odd chunks were downloaded and
 * compiled while the password's answer was awaited, and delayed it by about 100 ms (docs/benchmarks.md, 2026-11-28).
 */
export function whenIdle(work: () => void, timeoutMs = 1500): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: timeoutMs });
  else setTimeout(work, 0);
}
