// What a browser downloads before the login page can show (issue 14 budgets: public entry ≤ 150 KiB, Sign-In Widget
// chunk ≤ 200 KiB). The entry is what index.html loads at once: its module script and every modulepreload link; the
// widget chunk is loaded by the login page after it. The budgets apply to the Brotli copies the server sends
// (vite.precompress.ts, server/http/static-spa.ts); gzip -9 is reported beside them for clients without Brotli.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { figure, repoRoot, type Figure } from './support';

const dist = path.join(repoRoot, 'dist/client');
/** The widget chunk is named after its entry (`@okta/okta-signin-widget/classic`, src/auth/sign-in-widget.ts). */
const WIDGET = /^classic-[\w-]+\.js$/;

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

function entryFiles(): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].flatMap((m) =>
    m[1] ? [m[1]] : [],
  );
}

function widgetFile(): string {
  const found = readdirSync(path.join(dist, 'assets')).find((name) => WIDGET.test(name));
  if (found === undefined) throw new Error('the widget chunk is not in the build');
  return `/assets/${found}`;
}

function sizes(files: string[]) {
  let brotli = 0;
  let gzip = 0;
  for (const file of files) {
    const full = path.join(dist, file);
    // The build wrote the .br copy the server sends; a file too small to compress is sent as it is.
    brotli += (() => {
      try {
        return readFileSync(`${full}.br`).length;
      } catch {
        return readFileSync(full).length;
      }
    })();
    gzip += gzipSync(readFileSync(full), { level: 9 }).length;
  }
  return { brotli: kib(brotli), gzip: kib(gzip) };
}

export function benchBundleSize(): Figure[] {
  const entry = sizes(entryFiles().filter((file) => !WIDGET.test(path.basename(file))));
  const widget = sizes([widgetFile()]);
  return [
    { ...figure('public entry JavaScript, Brotli as served', entry.brotli, 'KiB', 150), samples: [] },
    { ...figure('public entry JavaScript, gzip -9', entry.gzip, 'KiB', null), samples: [] },
    { ...figure('Sign-In Widget chunk, Brotli as served', widget.brotli, 'KiB', 200), samples: [] },
    { ...figure('Sign-In Widget chunk, gzip -9', widget.gzip, 'KiB', null), samples: [] },
  ];
}
