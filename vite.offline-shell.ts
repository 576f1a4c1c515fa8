import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

const WORKER_SOURCE = 'src/offline/service-worker.ts';
const WORKER_FILE = 'sw.js';
const PLACEHOLDER = '__GATEHOUSE_PRECACHE_MANIFEST__';

/**
 * Builds the offline shell's service worker (src/offline/service-worker.ts) to `/sw.js`, with the list of the build's
 * hashed files to precache and a version made of them: a release that changes any file installs a new worker and
 * its own cache. Source maps are not precached (browsers fetch them only with the developer tools open).
 */
export function offlineShell(): Plugin {
  return {
    name: 'gatehouse-offline-shell',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: WORKER_SOURCE, fileName: WORKER_FILE });
    },
    generateBundle: {
      // After Vite's own generateBundle hooks, which drop the HTML entry's chunk when every module of it went into
      // the `entry` group (vite.config.ts): a precached name that was never written would fail the worker's install.
      order: 'post',
      handler(_options, bundle) {
        const files = Object.keys(bundle)
          .filter((name) => name !== WORKER_FILE && !name.endsWith('.html') && !name.endsWith('.map'))
          .sort();
        const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
        const worker = bundle[WORKER_FILE];
        if (worker?.type !== 'chunk') throw new Error(`${WORKER_FILE} was not built`);
        const manifest = JSON.stringify(JSON.stringify({ version, files })).slice(1, -1);
        if (!worker.code.includes(PLACEHOLDER)) throw new Error(`${WORKER_FILE} has no manifest placeholder`);
        worker.code = worker.code.replace(PLACEHOLDER, manifest);
      },
    },
  };
}
