import { describe, expect, it, vi } from 'vitest';
import { deferred } from '@src/api/deferred';

describe('a call whose module loads with its first use', () => {
  it('imports nothing until called, then answers what the module’s call answers, with the same arguments', async () => {
    const greet = vi.fn((name: string, options: { loud: boolean }) =>
      Promise.resolve(options.loud ? `HELLO ${name}` : `hello ${name}`),
    );
    const load = vi.fn(() => Promise.resolve({ greet }));
    const call = deferred(load, 'greet');
    expect(load).not.toHaveBeenCalled();
    expect(await call('ana', { loud: true })).toBe('HELLO ana');
    expect(greet).toHaveBeenCalledWith('ana', { loud: true });
  });

  it('passes the call’s refusal on', async () => {
    const call = deferred(() => Promise.resolve({ fail: () => Promise.reject(new Error('409 stale_update')) }), 'fail');
    await expect(call()).rejects.toThrow('409 stale_update');
  });

  it('passes a module that failed to load on as the call’s failure', async () => {
    const call = deferred(() => Promise.reject<{ read: () => Promise<string> }>(new Error('chunk failed')), 'read');
    await expect(call()).rejects.toThrow('chunk failed');
  });
});
