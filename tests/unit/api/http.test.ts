import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '@contracts/failures';
import { fetchOrNetworkError, watchConnection, type ConnectionState } from '@src/api/http';

/** The HTTP port's fetch (issue 29 §3): no answer is the one NetworkError, and every call tells the connection. */
describe('the HTTP port’s fetch', () => {
  const heard: ConnectionState[] = [];
  const stop = watchConnection((state) => heard.push(state));

  afterEach(() => {
    vi.unstubAllGlobals();
    heard.length = 0;
  });

  it('turns a fetch that got no answer into a NetworkError and tells that the connection is lost', async () => {
    const cause = new TypeError('Failed to fetch');
    vi.stubGlobal('fetch', () => Promise.reject(cause));
    const failure: unknown = await fetchOrNetworkError('https://portal.test/api/v1/x').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect((failure as NetworkError).cause).toBe(cause);
    expect(heard).toEqual(['lost']);
  });

  it('tells that the connection is back on any answer, a failed status included', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{}', { status: 500 })));
    expect((await fetchOrNetworkError('https://portal.test/api/v1/x')).status).toBe(500);
    expect(heard).toEqual(['back']);
  });

  it('takes a gateway’s 502, 503 or 504 for no answer: the server behind it could not be reached', async () => {
    for (const status of [502, 503, 504]) {
      vi.stubGlobal('fetch', () => Promise.resolve(new Response('<html>Bad Gateway</html>', { status })));
      await expect(fetchOrNetworkError('https://portal.test/api/v1/x')).rejects.toBeInstanceOf(NetworkError);
    }
    expect(heard).toEqual(['lost', 'lost', 'lost']);
  });

  it('leaves the caller’s own abort as it is: a flow that moved on is not a lost connection', async () => {
    const aborted = new DOMException('The operation was aborted.', 'AbortError');
    vi.stubGlobal('fetch', () => Promise.reject(aborted));
    await expect(fetchOrNetworkError('https://portal.test/api/v1/x')).rejects.toBe(aborted);
    expect(heard).toEqual([]);
  });

  it('stops telling a listener that stopped listening', async () => {
    stop();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(fetchOrNetworkError('https://portal.test/api/v1/x')).rejects.toBeInstanceOf(NetworkError);
    expect(heard).toEqual([]);
  });
});
