import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server-process';

/**
 * A server of the spec file's own (a fresh data directory, the demo world as seeded) and a Chromium, for a file whose
 * journey changes what other files expect of the shared server (a new terms version, a closed account, a new
 * application): started before its first test, stopped after its last. `extraEnv` configures that server (e.g.
 * `EVENT_HOOKS_ALLOW_PRIVATE` for a receiver on 127.0.0.1).
 */
export function ownServerPerFile(extraEnv: Record<string, string> = {}): {
  readonly server: RunningServer;
  readonly browser: Browser;
} {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(extraEnv), launchBrowser()]);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the server and browser start before the first test');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
  };
}
