import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CRITICALITY_HEADER } from '@contracts/errors';
import { createApplication } from '@src/api/admin/applications';
import { createClient } from '@src/api/admin/clients';
import { createField } from '@src/api/admin/fields';
import { createTemplate } from '@src/api/admin/templates';
import { criticalityHeaders, criticalityLevels } from '@src/api/criticality';
import { createInstance, getInstanceForm } from '@src/api/instance';
import { createOtp, resetPassword, validateOtp } from '@src/api/password-reset';
import { PageRequest } from '@tests/support/page-request';

/** Every request the SPA sent in a test, as the server would receive it. */
const sent: Request[] = [];

beforeEach(() => {
  vi.stubGlobal('Request', PageRequest);
  // Every call is answered with an empty object (the calls' own parsing may then refuse it; only what was sent is
  // asserted here).
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(new Request(input, init));
    return Promise.resolve(Response.json({}));
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  sent.length = 0;
});

/** The `x-api-criticality` header of the one request `call` sent (null when it carried none). */
async function criticalityOf(call: () => Promise<unknown>): Promise<string | null> {
  await call().catch(() => undefined);
  expect(sent).toHaveLength(1);
  return sent[0]?.headers.get(CRITICALITY_HEADER) ?? null;
}

describe('request criticality levels (public-and-profile §3, §7)', () => {
  it('are Default, Low, Medium, High (the value of Medium) and Critical', () => {
    expect(Object.keys(criticalityLevels)).toEqual(['Default', 'Low', 'Medium', 'High', 'Critical']);
    expect(criticalityLevels.High).toBe(criticalityLevels.Medium);
    expect(new Set(Object.values(criticalityLevels)).size).toBe(4);
  });

  it('put the level in the x-api-criticality header, and a Default call carries none', () => {
    expect(CRITICALITY_HEADER).toBe('x-api-criticality');
    expect(criticalityHeaders('Default')).toEqual({});
    expect(criticalityHeaders('Low')).toEqual({ 'x-api-criticality': 'Low' });
    expect(criticalityHeaders('High')).toEqual({ 'x-api-criticality': 'Medium' });
    expect(criticalityHeaders('Critical')).toEqual({ 'x-api-criticality': 'Critical' });
  });
});

describe('the critical calls send the critical flag (public-and-profile §7)', () => {
  const body = {} as never;
  it.each([
    ['POST Instance', () => createInstance(body)],
    ['POST Instance/CreateOTP', () => createOtp(body)],
    ['POST Instance/ValidateOTP', () => validateOtp(body)],
    ['POST Instance/ResetPassword', () => resetPassword(body)],
    ['POST Field', () => createField(body)],
    ['POST Template', () => createTemplate(body)],
    ['POST Client', () => createClient(body)],
    ['POST Application', () => createApplication(body)],
  ])('%s is sent as Critical', async (_name, call) => {
    expect(await criticalityOf(call)).toBe('Critical');
  });

  it('an ordinary call (GET its form) carries no criticality flag, but the client name and a request id', async () => {
    expect(await criticalityOf(() => getInstanceForm('u-1'))).toBeNull();
    expect(sent[0]?.headers.get('x-api-client-name')).toBe('gatehouse-spa');
    expect(sent[0]?.headers.get('x-api-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
