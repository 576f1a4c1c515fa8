import type { Plugin } from 'vite';

/** Paths the dev server hands to the API (vite.config.ts `server.proxy`), which judges their address itself. */
const PROXIED = /^\/(api|oauth2|demo-apps)(\/|\?|$)/i;

/**
 * `npm run dev`'s half of the one public address (server/http/public-address.ts, docs/operations.md "Behind a reverse
 * proxy"): a page opened on the dev server under another name than PUBLIC_URL (`127.0.0.1` for `localhost`) is
 * redirected, 308, to the same path at PUBLIC_URL, as the server does in production. Without it the page would load
 * and every call it makes be refused by the API with 421. scripts/dev.mjs gives the dev server PUBLIC_URL.
 */
export function onePublicAddress(publicUrl: string | undefined): Plugin {
  return {
    name: 'gatehouse:one-public-address',
    apply: 'serve',
    configureServer(server) {
      if (publicUrl === undefined || publicUrl === '') return;
      const expected = new URL(publicUrl);
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '/';
        const page = (req.method === 'GET' || req.method === 'HEAD') && !PROXIED.test(url);
        if (!page || sameHost(req.headers.host, expected)) {
          next();
          return;
        }
        res.statusCode = 308;
        res.setHeader('location', `${expected.origin}${url.startsWith('/') ? url : '/'}`);
        res.end();
      });
    },
  };
}

function sameHost(host: string | undefined, expected: URL): boolean {
  if (host === undefined || /[/?#@\\\s]/.test(host)) return false;
  try {
    return new URL(`${expected.protocol}//${host}`).host === expected.host;
  } catch {
    return false;
  }
}
