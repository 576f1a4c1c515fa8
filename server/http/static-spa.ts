import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { INSPECTOR_PAGE } from '@contracts/spa-build';
import { notFound } from './problem';

/** Vite names everything under /assets/ by content hash, so it may be cached for ever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashes: the browser must ask again every time. */
const REVALIDATE = 'no-cache';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Gatehouse is not built yet</title></head>
<body><h1>Gatehouse is not built yet</h1><p>The web app has not been built. Run <code>npm run build</code>, then start the server again.</p></body></html>
`;

function isApiPath(url: string): boolean {
  const lower = url.toLowerCase();
  return lower === '/api' || lower.startsWith('/api/') || lower.startsWith('/api?');
}

/** History fallback is for a browser navigating, not for scripts, images or API clients that mistyped a path. */
function isPageNavigation(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html')
  );
}

/** The route @fastify/static serves files under (its `wildcard`, with the default prefix). */
const STATIC_WILDCARD = '/*';

/**
 * Whether a path is one @fastify/static refuses to look up (it answers 403): a backslash, or a form that is not
 * canonical once decoded (`/a//b`, `/a/./b`, `/a/../b`). Undecodable text names no file either.
 */
function namesNoFile(url: string): boolean {
  const end = url.search(/[?#]/);
  let pathname: string;
  try {
    pathname = decodeURI(end === -1 ? url : url.slice(0, end));
  } catch {
    return true;
  }
  return pathname.includes('\\') || path.posix.normalize(pathname) !== pathname;
}

function sendNotBuilt(reply: FastifyReply) {
  return reply.status(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
}

/**
 * Serves the SPA that `vite build` wrote to `staticDir` (dist/client), with history fallback: any page navigation that
 * matches no route gets the page, so deep links like /Login/acme work. Unknown /api paths, and everything else that
 * is not a page navigation, answer the JSON 404 problem.
 *
 * The page is index.html, or with `inspector` (INSPECTOR=true) the build's index.inspector.html: the same page with
 * the flow inspector's boot script before the app's entry (vite.inspector.ts, docs/spa.md "Flow inspector"). Each is
 * a file of the build with its own compressed copies, if any, so the copy a browser gets is always of the page it
 * asked for. `/` and `/index.html` (the offline shell's worker caches the latter) answer the page too, and the other
 * page's file is never served: with the inspector off, nothing of it reaches a browser.
 */
export async function installStaticSpa(
  app: FastifyInstance,
  staticDir: string,
  { inspector = false }: { inspector?: boolean } = {},
): Promise<void> {
  const root = path.resolve(staticDir);
  const built = existsSync(path.join(root, 'index.html'));
  // A build from before the inspector had a page of its own (a stale dist/client under `npm run dev`, whose pages
  // Vite serves) must not stop the server: it serves index.html and says why the inspector will not answer.
  const inspectorBuilt = existsSync(path.join(root, INSPECTOR_PAGE));
  if (built && inspector && !inspectorBuilt) {
    app.log.warn(`INSPECTOR=true, but the build in ${root} has no ${INSPECTOR_PAGE}: run npm run build again`);
  }
  const page = inspector && inspectorBuilt ? INSPECTOR_PAGE : 'index.html';
  const sendPage = (reply: FastifyReply) => reply.header('cache-control', REVALIDATE).sendFile(page);
  if (built) {
    // @fastify/static answers a path it will not read from disk (a `\`, as `%5C`, or a `.` or empty segment) with a
    // 403 of its own, which would reach the person as a raw JSON error. Such a path names no file of the build: a
    // page navigation gets the page (the SPA's router shows its not-found page, or the route it is, such as
    // `/LogOut/{redirectUrl}`), anything else the JSON 404 (issue 29 §6).
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.url !== STATIC_WILDCARD || !namesNoFile(request.url)) {
        done();
        return;
      }
      if (isPageNavigation(request)) {
        void sendPage(reply);
        return;
      }
      done(notFound());
    });
    await app.register(fastifyStatic, {
      root,
      // The build writes a .br and a .gz beside every text file (vite.precompress.ts); the browser gets the one it
      // accepts, with Vary: Accept-Encoding, and the file as it is otherwise.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply) => {
        reply.header('cache-control', reply.request.url.toLowerCase().startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
      },
    });
    // Ahead of the static files' wildcard route: the page asked for by its own names is the page of this server.
    app.get('/', (_request, reply) => sendPage(reply));
    app.get('/index.html', (_request, reply) => sendPage(reply));
    for (const copy of ['', '.br', '.gz'])
      app.get(`/${INSPECTOR_PAGE}${copy}`, (_request, reply) => reply.callNotFound());
  } else {
    app.get('/', (_request, reply) => sendNotBuilt(reply));
  }

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || !isPageNavigation(request)) throw notFound();
    if (!built) return sendNotBuilt(reply);
    return sendPage(reply);
  });
}
