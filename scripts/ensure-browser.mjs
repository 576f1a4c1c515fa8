// Finds the system Chromium for the end-to-end tests, installing Debian's package when it is missing and we are root.
// Browser tests are never skipped: without a browser this exits non-zero with the reason.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

export function ensureChromium({ log = console.log } = {}) {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      'No Chromium found for the end-to-end tests. Install Debian\'s "chromium" package (apt-get install -y chromium) or set CHROMIUM_PATH.',
    );
  }
  log('gatehouse: installing Debian chromium for the end-to-end tests (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  const installed = findChromium();
  if (!installed) throw new Error('apt-get install chromium finished but no chromium binary was found.');
  return installed;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
