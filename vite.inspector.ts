import { createHash } from 'node:crypto';
import type { Plugin, ResolvedConfig } from 'vite';
import { INSPECTOR_PAGE } from './contracts/spa-build.ts';

const BOOT_SOURCE = 'src/inspector/boot.ts';
const DOOR_SOURCE = 'src/inspector/route.ts';
/** The boot script's stand-in for its door's address (src/inspector/boot.ts). */
const DOOR_PLACEHOLDER = '__GATEHOUSE_INSPECTOR_DOOR__';
/** Where the page's first module script starts: the boot script goes just before it, so it runs first. */
const FIRST_MODULE_SCRIPT = '<script type="module"';

/**
 * The flow inspector's boot script (src/inspector/boot.ts) on the pages where the inspector may run, and nowhere
 * else (docs/spa.md "Flow inspector"). `vite dev`: every page gets it. `vite build`: it is an entry of its own, and
 * the build writes a second page, index.inspector.html (contracts/spa-build.ts), which is index.html with the boot
 * script before the app's entry; the server sends that page instead of index.html only when INSPECTOR=true. The
 * precompress plugin treats it as every other file, so any compressed copy of a page is a copy of that page.
 */
export function inspectorBoot(): Plugin {
  let config: ResolvedConfig;
  let boot = '';
  let door = '';
  return {
    name: 'gatehouse-inspector-boot',
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      if (config.command !== 'build') return;
      boot = this.emitFile({ type: 'chunk', id: BOOT_SOURCE, name: 'inspector' });
      // The door is reached by address, which the bundler cannot follow: as a chunk of its own it keeps every export
      // (`loadAnswer` too, which nothing in the app imports) and the name the boot script is given.
      door = this.emitFile({ type: 'chunk', id: DOOR_SOURCE, name: 'route', preserveSignature: 'strict' });
    },
    transform(code, id) {
      if (config.command !== 'serve' || !id.endsWith(BOOT_SOURCE)) return;
      return { code: code.replace(DOOR_PLACEHOLDER, `${config.base}${DOOR_SOURCE}`), map: null };
    },
    transformIndexHtml(_html, context) {
      if (context.server === undefined) return;
      // `head-prepend` is ahead of the app's entry script, which index.html has in its body.
      const src = `${config.base}${BOOT_SOURCE}`;
      return [{ tag: 'script', attrs: { type: 'module', src }, injectTo: 'head-prepend' }];
    },
    generateBundle: {
      // After Vite's own hooks, which write index.html with the entry's final file names.
      order: 'post',
      handler(_options, bundle) {
        const built = bundle[this.getFileName(boot)];
        const doorFile = this.getFileName(door);
        if (bundle[doorFile]?.type !== 'chunk' || built?.type !== 'chunk' || !built.code.includes(DOOR_PLACEHOLDER)) {
          throw new Error(`the flow inspector's boot script or its door (${DOOR_SOURCE}) was not built`);
        }
        // The door's address changes the script, so the script is renamed after what it now holds: its name is
        // cached for a year (server/http/static-spa.ts). Nothing imports it; only the page below names it.
        const code = built.code.replace(DOOR_PLACEHOLDER, `${config.base}${doorFile}`);
        const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
        const fileName = built.fileName.replace(/-[\w-]+\.js$/, `-${hash}.js`);
        // Deleting its key is how a plugin drops a file from the bundle (Rollup's generateBundle contract).
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
        delete bundle[built.fileName];
        this.emitFile({ type: 'asset', fileName, source: code });

        const page = bundle['index.html'];
        if (page?.type !== 'asset') throw new Error('index.html was not built');
        const html = String(page.source);
        const at = html.indexOf(FIRST_MODULE_SCRIPT);
        if (at < 0) throw new Error('index.html has no module script');
        const script = `<script type="module" crossorigin src="${config.base}${fileName}"></script>\n    `;
        this.emitFile({ type: 'asset', fileName: INSPECTOR_PAGE, source: html.slice(0, at) + script + html.slice(at) });
      },
    },
  };
}
