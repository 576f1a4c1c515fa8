/**
 * The offline shell's service worker (docs/flows/offline-shell.md), built to `/sw.js` by vite.offline-shell.ts, which
 * replaces the manifest placeholder below with the build's hashed files. It precaches the app shell (index.html) and
 * the hashed static assets, and nothing else is ever put in a cache: API answers, tokens, `/oauth2`, `/api`,
 * `/.well-known` and the demo applications always go to the network. It has no imports: a worker script stands alone.
 */

type Manifest = { version: string; files: string[] };
// Replaced at build time (vite.offline-shell.ts); the text stays JSON so the replacement is one string.
const manifest = JSON.parse('__GATEHOUSE_PRECACHE_MANIFEST__') as Manifest;

/** What of the worker's global scope this script uses (the DOM library types the page, not the worker). */
type WaitUntil = { waitUntil(work: Promise<unknown>): void };
type FetchEventLike = WaitUntil & {
  request: Request;
  respondWith(response: Promise<Response>): void;
};
type WorkerScope = {
  addEventListener(type: 'install' | 'activate', listener: (event: WaitUntil) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: Location;
};
const worker = self as unknown as WorkerScope;

const PREFIX = 'gatehouse-shell-';
const CACHE = `${PREFIX}${manifest.version}`;
const SHELL = '/index.html';

/** Never answered from a cache, never stored: the server's answers and everything about signing in. */
const NETWORK_ONLY = ['/api', '/oauth2', '/.well-known', '/demo-apps', '/sw.js'];
const isNetworkOnly = (path: string) => {
  const lower = path.toLowerCase();
  return NETWORK_ONLY.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
};

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll([SHELL, ...manifest.files.map((file) => `/${file}`)])),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name)),
        ),
      )
      .then(() => worker.clients.claim()),
  );
});

/** The page's Reload on "a new version is available": the waiting worker takes over. */
worker.addEventListener('message', (event) => {
  if (event.data === 'skipWaiting') void worker.skipWaiting();
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== worker.location.origin || isNetworkOnly(url.pathname)) return;
  if (request.mode === 'navigate') {
    // The network first, so a new release's page is seen at once; offline, the cached shell, which says it is offline.
    event.respondWith(
      fetch(request).catch(() => caches.match(SHELL, { cacheName: CACHE }).then((shell) => shell ?? Response.error())),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // Hashed names never change content: the cache first, the network for anything not precached.
    event.respondWith(caches.match(request, { cacheName: CACHE }).then((cached) => cached ?? fetch(request)));
  }
});
