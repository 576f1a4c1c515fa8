import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Moves the build's source maps out of the folder the server publishes (dist/client) into `mapsDir` (dist/sourcemaps),
 * so no browser can download them: with `build.sourcemap: 'hidden'` the bundles name no map, and with this no map is
 * there to be guessed either. The maps stay for decoding a stack trace from an error report.
 */
export function mapsOutside(mapsDir: string): Plugin {
  let outDir = '';
  return {
    name: 'gatehouse:maps-outside',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const target = path.resolve(mapsDir);
      await rm(target, { recursive: true, force: true });
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      for (const entry of entries) {
        if (!entry.isFile() || !entry.name.endsWith('.map')) continue;
        const from = path.join(entry.parentPath, entry.name);
        const to = path.join(target, path.relative(outDir, from));
        await mkdir(path.dirname(to), { recursive: true });
        await rename(from, to);
      }
    },
  };
}
