import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';
import { layerAliases } from './vite.aliases.ts';
import { linguiMacro } from './vite.lingui-macro.ts';
import { mapsOutside } from './vite.maps-outside.ts';
import { offlineShell } from './vite.offline-shell.ts';
import { inspectorBoot } from './vite.inspector.ts';
import { precompress } from './vite.precompress.ts';
import { onePublicAddress } from './vite.public-address.ts';
import { widgetAssets } from './vite.widget-assets.ts';

/**
 * The SPA build. Lingui macros are compiled by Babel (the only toolchain that carries the macro plugin);
 * `.po` catalogues are compiled on import by the Lingui Vite plugin.
 */
export default defineConfig({
  plugins: [
    react(),
    linguiMacro(),
    lingui(),
    widgetAssets(),
    inspectorBoot(),
    offlineShell(),
    mapsOutside('dist/sourcemaps'),
    precompress(),
    onePublicAddress(process.env.PUBLIC_URL),
  ],
  resolve: {
    // One okta-auth-js: the widget's own 7.x copy is replaced by the app's 8.x client it is handed (okta-compat §1.6).
    alias: [
      {
        find: /^@okta\/okta-auth-js$/,
        replacement: path.resolve('node_modules/@okta/okta-auth-js/esm/browser/exports/exports/default.js'),
      },
      ...layerAliases,
    ],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Maps for decoding stack traces, but never downloaded by browsers: the bundles name no map ('hidden') and the
    // maps end up in dist/sourcemaps, outside the folder the server publishes (vite.maps-outside.ts).
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Everything the page loads at once goes in one file: split in ~45 small files (as Rolldown would split
        // them by the lazy routes that share them), each compressed on its own, it was 16 KiB larger as Brotli.
        // The service worker and the flow inspector's boot script (vite.inspector.ts) are entries of their own and stay
        // out: the inspector's code never joins the public entry.
        codeSplitting: {
          groups: [
            {
              name: 'entry',
              tags: ['$initial'],
              test: (id) => !id.endsWith('src/offline/service-worker.ts') && !id.includes('/src/inspector/'),
            },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev` runs the API on API_PORT and proxies to it, so the SPA and the API share one origin as in
    // production: the issuer is `{PUBLIC_URL}/oauth2/default` with PUBLIC_URL the dev server's origin. `/api` also
    // carries the embedded IdP's Classic API (`/api/v1/authn`, `/api/v1/sessions/me`, users, factors, QR codes).
    // `/login/callback` and `/signin/reset-password/…` are SPA routes and stay with Vite; `/dev/outbox` is the API's
    // development mail page (docs/operations.md "Development mail"), `/dev/flows` the SPA's inspector.
    // The request keeps the Host the browser sent (no `changeOrigin`): the API answers only under PUBLIC_URL's
    // (docs/operations.md "Behind a reverse proxy"), and redirects a page opened at its own port to it.
    proxy: Object.fromEntries(
      ['/api', '/oauth2', '/demo-apps', '/dev/outbox'].map((prefix) => [
        prefix,
        { target: `http://127.0.0.1:${Number(process.env.API_PORT ?? 3001)}`, changeOrigin: false },
      ]),
    ),
  },
});
