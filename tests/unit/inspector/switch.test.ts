import { describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '@contracts/public-config';
import { inspectorSwitch } from '@src/inspector/enabled';

const config: PublicConfig = {
  issuer: 'https://sso.test/oauth2/default',
  clientId: 'spa',
  redirectUri: 'https://sso.test/login/callback',
  scopes: [],
};
describe('whether the flow inspector is on', () => {
  it('is on in development without asking the server', async () => {
    const load = vi.fn(() => Promise.resolve(config));
    expect(await inspectorSwitch(true, load)()).toBe(true);
    expect(load).not.toHaveBeenCalled();
  });

  it('follows config/public in a production build, asking once', async () => {
    const load = vi.fn(() => Promise.resolve({ ...config, inspector: true as const }));
    const enabled = inspectorSwitch(false, load);
    expect([await enabled(), await enabled()]).toEqual([true, true]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(await inspectorSwitch(false, () => Promise.resolve(config))()).toBe(false);
  });

  it('answers no when config/public fails, and asks again next time', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ ...config, inspector: true });
    const enabled = inspectorSwitch(false, load);
    expect(await enabled()).toBe(false);
    expect(await enabled()).toBe(true);
  });
});
