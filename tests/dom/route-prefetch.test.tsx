import { afterEach, describe, expect, it, vi } from 'vitest';
import { flowTable } from '@machines/app/app.flows';
import { BOARD_PATH } from '@machines/login/post-login';
import { prefetchRoute } from '@src/app/route-prefetch';

describe('fetching an address ahead of going there', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('fetches the machine of the page’s flow with its page, so the flow starts at once on arrival', async () => {
    const load = vi.spyOn(flowTable.launcher, 'load');
    prefetchRoute(BOARD_PATH);
    expect(load).toHaveBeenCalledTimes(1);
    await load.mock.results[0]?.value;
  });

  it('fetches no flow for a page without one', () => {
    const loads = Object.values(flowTable).map((entry) => vi.spyOn(entry, 'load'));
    prefetchRoute('/NoSuchPage');
    for (const load of loads) expect(load).not.toHaveBeenCalled();
  });
});
