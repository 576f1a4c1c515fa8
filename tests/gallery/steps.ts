import type { Locator, Page } from 'playwright-core';

/**
 * The few moves the gallery's shots are made of. The app is the real one (real server, demo world, real identity
 * provider); only where a state needs a slow or failing answer does a shot hold or fail that one API call in the
 * browser, so the machine gets there by its own transitions.
 */

/**
 * Whether a request is the API call `call`: a path under /api/v1/ (a case-insensitive prefix, as the routes are), and
 * after a `?` a part its query must contain (`resource/aggregatedByPage?ResetPassword`).
 */
const isApiCall = (call: string) => {
  const [path = '', part = ''] = call.split('?');
  return (url: URL) =>
    url.pathname.toLowerCase().startsWith(`/api/v1/${path.toLowerCase()}`) && url.search.includes(part);
};

/** The call never answers while the shot is taken: the flow stays in its loading state. */
export async function hold(page: Page, call: string): Promise<void> {
  await page.route(isApiCall(call), () => {
    // Left unanswered on purpose; closing the shot's browser context drops it.
  });
}

/**
 * What a failed call answers. The SPA reports the failure to the server's error log as it would any, so the error log
 * and the dashboard's recent front-end errors list these: the message says they were expected.
 */
const EXPECTED_FAILURE = {
  code: 'internal',
  message:
    'Expected: the designer’s gallery failed this call on purpose, to picture the failed state (npm run gallery)',
  requestId: 'gallery-expected-failure',
};

/** The call answers 500 with the API's problem body: the flow takes its failure transition. */
export async function fail(page: Page, call: string): Promise<void> {
  await page.route(isApiCall(call), (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify(EXPECTED_FAILURE) }),
  );
}

/**
 * Opens an address of the SPA, waits until the spinner that covers the whole page while its first texts load is gone
 * (it is a status too, and would pass for a flow's loading state), then for a sign of the state.
 */
export async function visit(page: Page, path: string, sign: (page: Page) => Locator): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(
    () =>
      document.querySelector('#root')?.childElementCount !== 0 &&
      ![...document.querySelectorAll('[role="status"]')].some(
        (element) => getComputedStyle(element).position === 'fixed',
      ),
    undefined,
    { timeout: 20_000 },
  );
  await shows(sign(page));
}

export async function shows(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout: 20_000 });
}

/** Signs of the common states, by role: the loading line or spinner, the failure message, the page's title. */
export const signs = {
  loading: (page: Page) => page.getByRole('status'),
  /** A bare spinner: the FAQ's and sign-up's loading show one with no status role (so no role to find it by). */
  spinner: (page: Page) => page.locator('.chakra-spinner'),
  failure: (page: Page) => page.getByRole('alert'),
  title: (page: Page) => page.getByRole('heading', { level: 1 }),
  dialog: (page: Page) => page.getByRole('dialog'),
};
