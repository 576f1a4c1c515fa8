import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { cultures } from './contracts/culture.ts';
import { widgetLanguage } from './src/auth/widget-language.ts';

/** The URL prefix the Sign-In Widget loads its labels, CSS, fonts and images from (src/auth/widget-options.ts). */
const BASE = '/widget-assets/';
const SOURCE = path.resolve('node_modules/@okta/okta-signin-widget/dist');
/** Only what the widget fetches at run time (okta-compat §1.5); its JS comes through the bundle. */
const FOLDERS = ['css', 'font', 'img', 'labels'];

const TYPES: Record<string, string> = {
  '.css': 'text/css',
  '.json': 'application/json',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.gif': 'image/gif',
};

/**
 * The label files of the languages Gatehouse speaks (`login.json` is English, `login_es.json` Spanish): the widget
 * fetches only the one of the language it is given, and the other 190 files (13 MB) would only fill the build.
 */
const LABEL_FILES = new Set(
  cultures.map(widgetLanguage).flatMap((language) => {
    const suffix = language === 'en' ? '' : `_${language}`;
    return [`login${suffix}.json`, `country${suffix}.json`];
  }),
);

/**
 * Copies a folder of the widget's assets; of the labels, only the json of our languages; no source map (what the
 * server publishes carries none: vite.maps-outside.ts).
 */
function keepAsset(source: string): boolean {
  if (source.endsWith('.map')) return false;
  // The stylesheets are written by copyStylesheets, without their map comment.
  if (path.dirname(source) === path.join(SOURCE, 'css') && source.endsWith('.css')) return false;
  const relative = path.relative(path.join(SOURCE, 'labels'), source);
  if (relative.startsWith('..')) return true;
  return relative === '' || relative === 'json' || LABEL_FILES.has(path.relative('json', relative));
}

/** The file a /widget-assets/… request names, if it is inside one of the served folders. */
function fileOf(url: string): string | undefined {
  const relative = decodeURIComponent(url.slice(BASE.length).split('?')[0] ?? '');
  const file = path.resolve(SOURCE, relative);
  const folder = path.relative(SOURCE, file).split(path.sep)[0] ?? '';
  return file.startsWith(SOURCE + path.sep) && FOLDERS.includes(folder) ? file : undefined;
}

/**
 * Writes the widget's stylesheets without the `sourceMappingURL` comment they end with (their maps are not copied).
 * Each is written once, already without it, rather than copied and then rewritten: a reader of the build (a test, a
 * second build started beside this one) never meets a copy that still names a map.
 */
async function copyStylesheets(target: string): Promise<void> {
  const from = path.join(SOURCE, 'css');
  await mkdir(target, { recursive: true });
  for (const name of await readdir(from)) {
    if (!name.endsWith('.css')) continue;
    const css = await readFile(path.join(from, name), 'utf8');
    await writeFile(path.join(target, name), css.replace(/\/\*#\s*sourceMappingURL=[^*]*\*\/\s*$/, ''));
  }
}

/**
 * Serves the widget's assets from node_modules during development and copies them into the build (dist/client/
 * widget-assets), so the widget never reaches a CDN and the server needs nothing of its own for them.
 */
export function widgetAssets(): Plugin {
  let outDir = 'dist/client';
  let building = false;
  return {
    name: 'gatehouse-widget-assets',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      building = config.command === 'build';
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = request.url?.startsWith(BASE) ? fileOf(request.url) : undefined;
        if (file === undefined) {
          next();
          return;
        }
        void stat(file)
          .then(async (info) => {
            if (!info.isFile()) throw new Error('not a file');
            response.setHeader('Content-Type', TYPES[path.extname(file)] ?? 'application/octet-stream');
            response.end(await readFile(file));
          })
          .catch(() => {
            next();
          });
      });
    },
    async closeBundle() {
      // Vite calls closeBundle when a dev server closes too: copying then would rewrite the assets of the build that
      // another server may be serving (a dev server stopped beside the e2e servers left a widget image missing).
      if (!building) return;
      const target = path.join(outDir, 'widget-assets');
      await Promise.all(
        FOLDERS.map((folder) =>
          cp(path.join(SOURCE, folder), path.join(target, folder), {
            recursive: true,
            filter: keepAsset,
          }),
        ),
      );
      await copyStylesheets(path.join(target, 'css'));
    },
  };
}
