import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';

/**
 * Issue 29 §2: a fresh database (a production start without the demo world) has no branding at all; the logos the
 * pages ask for are then the portal's own mark — the favicon's drawing — never a 404 in the console or a broken image.
 */
describe('logos on a database without branding (pglite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { seed: false });
  });
  afterAll(async () => {
    await t.dispose();
  });

  it("answers the portal's own mark for every logo, the same drawing as the favicon", async () => {
    const favicon = readFileSync(path.resolve(import.meta.dirname, '../../../public/favicon.svg'), 'utf8');
    for (const url of [
      '/api/v1/resource/loginlogo',
      '/api/v1/resource/loginlogo?clientId=acme',
      '/api/v1/resource/logo?imgName=logo.svg',
      '/api/v1/resource/profile/logo',
    ]) {
      const response = await t.app.inject({ url });
      expect({ url, status: response.statusCode, type: response.headers['content-type'] }).toEqual({
        url,
        status: 200,
        type: 'image/svg+xml',
      });
      expect(response.body.trim()).toBe(favicon.trim());
    }
  });
});
