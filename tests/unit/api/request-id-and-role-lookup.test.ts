import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_ID_HEADER } from '@contracts/errors';
import { ApiError } from '@contracts/failures';
import { getLastRequestId, http, setAccessTokenSource } from '@src/api/http';
import { getRoleList } from '@src/api/instance';
import { PAGE_ORIGIN, PageRequest } from '@tests/support/page-request';

/** Every request the SPA sent in a test, and the answer each gets. */
const sent: Request[] = [];
let answer: () => Response = () => Response.json([]);

beforeEach(() => {
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal('window', { location: { origin: PAGE_ORIGIN } });
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(new Request(input, init));
    return Promise.resolve(answer());
  });
  setAccessTokenSource(() => 'the-access-token');
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(() => undefined);
  sent.length = 0;
  answer = () => Response.json([]);
});

const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => expect.unreachable('the call succeeded'),
    (e: unknown) => e,
  );

describe('the error id of a failed call (public-and-profile §8 "Error id")', () => {
  it('is the request id the answer carries', async () => {
    answer = () => new Response('{}', { status: 500, headers: { [REQUEST_ID_HEADER]: 'id-from-the-server' } });
    const failure = await failureOf(http.get('Instance').json());
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).requestId).toBe('id-from-the-server');
  });

  it('else the id of the last request, the one this call sent', async () => {
    answer = () => new Response('Bad request', { status: 400 });
    const failure = await failureOf(http.get('Instance').json());
    const sentId = sent[0]?.headers.get(REQUEST_ID_HEADER);
    expect(sentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(getLastRequestId()).toBe(sentId);
    expect((failure as ApiError).requestId).toBe(sentId);
  });
});

describe('the role lookup (public-and-profile §7 "Role lookup")', () => {
  it('is a GET to the configured URL; one on another host is sent no bearer token', async () => {
    expect(await getRoleList('https://roles.example.test/claims/Viewer')).toEqual([]);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('GET');
    expect(sent[0]?.url).toBe('https://roles.example.test/claims/Viewer');
    expect(sent[0]?.headers.get('Authorization')).toBeNull();
  });

  it('a role URL of Gatehouse’s own API is called with the person’s bearer token', async () => {
    await getRoleList('/api/v1/ApplicationRoles/benefits?user=lee%40umbrella.test');
    expect(sent[0]?.url).toBe(`${PAGE_ORIGIN}/api/v1/ApplicationRoles/benefits?user=lee%40umbrella.test`);
    expect(sent[0]?.headers.get('Authorization')).toBe('Bearer the-access-token');
  });
});
