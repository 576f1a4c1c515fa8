import { acmeSignUp } from '../support/acme-sign-up';
// Page helpers of captcha.spec.ts: the host page built with Vite, served on the real server's origin, and the calls
// that show whether the server accepts what the widget produced.
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { layerAliases } from '../../vite.aliases';
import { linguiMacro } from '../../vite.lingui-macro';

/** Where the host page appears on the server's origin (nothing of the real server lives there). */
export const HOST_PATH = '/e2e-captcha-host/';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * Builds tests/e2e/captcha-host with the SPA's own plugins, as production code is built: the Captcha component, its
 * lazy ALTCHA chunk, the stylesheet and the worker file come out as separate files, exactly as `vite build` splits
 * them for the SPA. Returns the folder and a function that deletes it.
 */
export async function buildCaptchaHost(): Promise<{ dir: string; remove: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-captcha-host-'));
  await build({
    configFile: false,
    logLevel: 'warn',
    root: path.resolve(import.meta.dirname, 'captcha-host'),
    base: HOST_PATH,
    plugins: [react(), linguiMacro(), lingui()],
    resolve: { alias: layerAliases },
    build: { outDir: dir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 5_000 },
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Serves the built host under HOST_PATH on the server's origin, with the Content-Security-Policy the server puts on
 * its own pages, so the widget runs under the real policy. Everything else (the API) goes to the real server.
 */
export async function serveCaptchaHost(context: BrowserContext, baseUrl: string, dir: string): Promise<string> {
  const policy = (await fetch(`${baseUrl}/`)).headers.get('content-security-policy');
  if (policy === null) throw new Error('the server sent no Content-Security-Policy');
  await context.route(`${baseUrl}${HOST_PATH}**`, async (route) => {
    const relative = new URL(route.request().url()).pathname.slice(HOST_PATH.length) || 'index.html';
    const file = path.resolve(dir, relative);
    if (!file.startsWith(dir + path.sep)) return route.fulfill({ status: 404 });
    try {
      await route.fulfill({
        status: 200,
        headers: {
          'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
          'content-security-policy': policy,
        },
        body: readFileSync(file),
      });
    } catch {
      await route.fulfill({ status: 404 });
    }
  });
  return policy;
}

/** CSP violations the page reports, collected from the first script on. */
export async function watchPolicyViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

export const captchaHost = {
  checkbox: (page: Page) => page.getByRole('checkbox'),
  /** Ticks the box as a person does: a click on its label (the widget draws its own box over the input). */
  tick: (page: Page) => page.locator('altcha-widget label').click(),
  /** The token the component handed over last, as the host shows it ('' when it has none). */
  token: (page: Page) =>
    page
      .getByTestId('token')
      .textContent()
      .then((text) => text ?? ''),
  tokensHandedOver: (page: Page) => page.evaluate(() => window.captchaTokens),
  nextRound: (page: Page) => page.getByRole('button', { name: 'next round' }).click(),
};

/** What the widget's payload holds: base64 of `{ challenge, solution }` (ALTCHA v2). */
export function readPayload(token: string): {
  challenge: { parameters: { algorithm: string }; signature: string };
  solution: { counter: number; derivedKey: string };
} {
  return JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as ReturnType<typeof readPayload>;
}

/** A complete Acme sign-up (tests/support/acme-sign-up.ts) carrying the widget's payload. */
export function registerWith(baseUrl: string, captcha: string, email: string): Promise<Response> {
  return fetch(`${baseUrl}/api/v1/Instance/Register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...acmeSignUp(email), captcha }),
  });
}
