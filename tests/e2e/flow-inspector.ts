import type { BrowserContext, Page } from 'playwright-core';

/** Page helpers for the flow inspector (`/dev/flows`, docs/spa.md "Flow inspector"). */
export const flowInspector = {
  /**
   * Cuts the context off from everything but the app's own server: any request elsewhere is refused and kept, so a
   * test can assert that none was even tried (the inspector must work with no network).
   */
  async cutNetwork(context: BrowserContext): Promise<string[]> {
    const outside: string[] = [];
    await context.route('**/*', async (route) => {
      const { hostname } = new URL(route.request().url());
      if (hostname === '127.0.0.1' || hostname === 'localhost') return route.continue();
      outside.push(route.request().url());
      return route.abort('internetdisconnected');
    });
    return outside;
  },
  async open(page: Page) {
    await page.goto('/dev/flows');
    await page.getByRole('heading', { name: 'Flow inspector' }).waitFor({ timeout: 20_000 });
  },
  async choose(page: Page, machine: string) {
    await page
      .getByRole('navigation', { name: 'Machines' })
      .getByRole('button', { name: new RegExp(`^${machine}\\s*(live)?$`) })
      .click();
  },
  /** The states the drawing lights up, by their ids (`showingWidget`, `flow_signingIn`). */
  litStates(page: Page): Promise<string[]> {
    return page
      .locator('[data-testid="statechart"] [data-active="true"]')
      .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('data-state') ?? ''));
  },
  /** The event log's rows of one machine, as `event → state`. */
  logOf(page: Page, machine: string): Promise<string[]> {
    return page
      .locator(`[data-testid="inspector-log"] tr[data-machine="${machine}"]`)
      .evaluateAll((rows) =>
        rows.map((row) => `${row.children[2]?.textContent ?? ''} → ${row.getAttribute('data-state') ?? ''}`),
      );
  },
};
