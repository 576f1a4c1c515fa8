import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/** Debian's Chromium with the flags this closed network needs (no background fetches to Google's hosts). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  return path;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
}

export interface PageSession {
  context: BrowserContext;
  page: Page;
  /** Console errors and failed requests seen by the page, for assertions and for failure messages. */
  problems: string[];
}

/** A new context and page; `options` may give it another user agent or window size than the defaults. */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  options: Pick<BrowserContextOptions, 'userAgent' | 'viewport'> = {},
): Promise<PageSession> {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'en-US', ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // A failed resource load is reported below with its URL; the console's copy of it says less.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      problems.push(`console: ${message.text()}`);
    }
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  // A download the page's own navigation cancelled (net::ERR_ABORTED) is not a fault of the page.
  page.on('requestfailed', (request) => {
    if (request.failure()?.errorText !== 'net::ERR_ABORTED')
      problems.push(`failed ${request.method()} ${request.url()}`);
  });
  return { context, page, problems };
}

/**
 * Waits for the page to arrive at an address; when it does not, fails with where it is instead, what it shows and
 * what went wrong on the way, so that a failure in CI can be read without re-running it.
 */
export async function waitForArrival(session: PageSession, address: RegExp, timeout = 20_000): Promise<void> {
  try {
    await session.page.waitForURL(address, { timeout });
  } catch (error) {
    const shown = await session.page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch(() => '(the page did not answer)');
    const lines = [
      `did not arrive at ${String(address)} within ${String(timeout)} ms`,
      `at: ${session.page.url()}`,
      `shows: ${shown.replace(/\s+/g, ' ').slice(0, 600)}`,
      `problems: ${session.problems.length === 0 ? 'none' : session.problems.join(' | ')}`,
    ];
    throw new Error(lines.join('\n'), { cause: error });
  }
}

/**
 * One Chromium for the spec file that calls this at its top level: launched before its first test, closed after its
 * last. Returns the running browser, for `openPage(browser(), baseUrl)`.
 */
export function browserPerFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (browser === undefined) throw new Error('the browser is launched before the first test');
    return browser;
  };
}
