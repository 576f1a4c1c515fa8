import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';

describe('POST Auth/refreshToken', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { seed: false });
  });
  afterAll(() => t.dispose());

  it('refuses a code exchange clearly: the SPA is a public PKCE client that redeems its own code', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Auth/refreshToken',
      payload: { authorizationCode: 'abc', redirectUri: 'http://localhost/login/callback' },
    });
    expect(response.statusCode).toBe(400);
    const problem = response.json<{ code: string; message: string }>();
    expect(problem.code).toBe('unsupported');
    expect(problem.message).toMatch(/public PKCE client/);
  });

  it('validates the body first', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refreshtoken', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });
});
