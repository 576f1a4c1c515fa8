// Widget submit → board rendered (issue 14 budget: ≤ 150 ms), in Chromium against the real server: the time from the click on the Sign-In
// Widget's submit button to maria's application cards on /board/index (authn, authorize in the widget's iframe,
// token, the portal's profile and board calls, the render). A fresh browser context per run: nothing cached.
//
// Two clocks. The budget's is the page's own: a capturing listener notes the submit's click event and a
// MutationObserver the moment the last card is in the document, both on `performance.now()` of the one document the
// SPA keeps from the login page to the board, read after the next frame (the cards painted). Playwright's clock, from
// before `click()` to its own check that the cards are visible, is reported beside it: it adds the click's
// actionability checks (scrolling, two frames of stability, hit testing) and its polling, which are the test
// driver's, not the product's.
import { launchBrowser, openPage } from '@tests/e2e/support/browser';
import { DEMO_PASSWORD, identityPages } from '@tests/e2e/identity';
import type { RunningServer } from '@tests/e2e/support/server-process';
import { summarise, type Figure } from './support';

/** maria@acme.test has three applications (docs/demo-world.md): the board shows three cards. */
const MARIA = 'maria@acme.test';
const CARDS = 3;

/** Installed in every document of the run: notes the submit's click, then the frame after the last card appears. */
function pageClock(cards: number) {
  const clock = { clicked: 0, shown: 0 };
  (window as unknown as { benchClock: typeof clock }).benchClock = clock;
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element | null;
      if (clock.clicked === 0 && target?.closest('#okta-sign-in-widget input[type="submit"]'))
        clock.clicked = performance.now();
    },
    true,
  );
  const watch = new MutationObserver(() => {
    if (clock.clicked === 0 || clock.shown !== 0 || location.pathname !== '/board/index') return;
    if (document.querySelectorAll('main button').length < cards) return;
    clock.shown = -1;
    requestAnimationFrame(() => {
      clock.shown = performance.now();
    });
  });
  // An init script runs before the document has a root element: the document itself is watched.
  watch.observe(document, { childList: true, subtree: true });
}

/** Runs after the warm-up: 5 in `npm run bench`; BENCH_WIDGET_RUNS asks for more where the machine's noise is wide. */
const DEFAULT_RUNS = Number(process.env.BENCH_WIDGET_RUNS ?? 5);

export async function benchWidgetToBoard(server: RunningServer, runs = DEFAULT_RUNS): Promise<Figure[]> {
  const browser = await launchBrowser();
  const samples: number[] = [];
  const driverSamples: number[] = [];
  try {
    for (let run = 0; run <= runs; run++) {
      const { page, context } = await openPage(browser, server.baseUrl);
      try {
        await page.addInitScript(pageClock, CARDS);
        await identityPages.openLogin(page);
        await page.locator('#okta-sign-in-widget input[name="username"]').fill(MARIA);
        await page.locator('#okta-sign-in-widget input[name="password"]').fill(DEMO_PASSWORD);
        const submit = page.locator('#okta-sign-in-widget input[type="submit"]');
        const started = performance.now();
        await submit.click();
        await page.waitForURL((url) => url.pathname === '/board/index', { timeout: 30_000 });
        await page
          .locator('main button')
          .nth(CARDS - 1)
          .waitFor({ state: 'visible', timeout: 30_000 });
        const driverMs = performance.now() - started;
        await page.waitForFunction(
          () => ((window as unknown as { benchClock?: { shown: number } }).benchClock?.shown ?? 0) > 0,
        );
        const pageMs = await page.evaluate(() => {
          const clock = (window as unknown as { benchClock: { clicked: number; shown: number } }).benchClock;
          return clock.shown - clock.clicked;
        });
        // Run 0 warms the server (and the browser's disk cache is per context, so nothing carries over).
        if (run > 0) {
          samples.push(pageMs);
          driverSamples.push(driverMs);
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return [
    summarise(
      `widget submit → board rendered in Chromium (maria, ${runs} runs; the page's clock), median, ms`,
      samples,
      {
        budget: 150,
        stat: 'median',
      },
    ),
    summarise(
      `widget submit → board as the test driver sees it (Playwright's click and polling), median, ms`,
      driverSamples,
      {
        budget: null,
        stat: 'median',
      },
    ),
  ];
}
