// JavaScript of the public entry, gzip, without the Sign-In Widget chunk (issue #2 budget: ≤ 200 KiB).
// The entry is what index.html loads at once: its module script and every modulepreload link.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { figure, repoRoot, type Figure } from './support';

export function benchBundleSize(): Figure[] {
  const dist = path.join(repoRoot, 'dist/client');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const scripts = [
    ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g),
  ].flatMap((m) => (m[1] ? [m[1]] : []));
  const entryFiles = scripts.filter((file) => !/okta|signin-widget/i.test(file));
  const gzipBytes = entryFiles.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length,
    0,
  );
  return [
    {
      ...figure(
        'public entry JavaScript (gzip -9, widget excluded), KiB',
        Math.round((gzipBytes / 1024) * 10) / 10,
        'KiB',
        200,
      ),
      samples: [],
    },
  ];
}
