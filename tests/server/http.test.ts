import Fastify from 'fastify';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema, REQUEST_ID_HEADER } from '@contracts/errors';
import { INSPECTOR_PAGE } from '@contracts/spa-build';
import { publicConfigOf } from '@server/api/identity/service';
import { toProblem } from '@server/http/error-handler';
import { contentSecurityPolicy } from '@server/http/security-headers';
import { installStaticSpa } from '@server/http/static-spa';
import { precompressDir } from '../../vite.precompress';
import { buildTestApp, FAKE_INSPECTOR_BOOT, fakeSpaBuild, testConfig, type TestApp } from './support/app';

// The HTTP shell does not read the database (an empty PGlite is enough); resource suites run on both kinds.
describe('HTTP shell', () => {
  let t: TestApp;
  const spa = fakeSpaBuild();
  beforeAll(async () => {
    t = await buildTestApp('pglite', { seed: false, staticDir: spa.dir });
  });
  afterAll(async () => {
    await t.dispose();
    spa.remove();
  });

  describe('request id', () => {
    it('echoes a sane incoming x-api-request-id', async () => {
      const response = await t.app.inject({
        url: '/api/v1/health',
        headers: { [REQUEST_ID_HEADER]: 'spa-1f2e.3d:42' },
      });
      expect(response.headers[REQUEST_ID_HEADER]).toBe('spa-1f2e.3d:42');
    });

    it('generates a UUID when none came, and puts it in the problem body too', async () => {
      const response = await t.app.inject({ url: '/api/nope' });
      const id = response.headers[REQUEST_ID_HEADER];
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(response.json()).toMatchObject({ requestId: id });
    });

    it('replaces an incoming id that is not a sane token', async () => {
      const response = await t.app.inject({
        url: '/api/v1/health',
        headers: { [REQUEST_ID_HEADER]: '<script>alert(1)</script>' },
      });
      expect(response.headers[REQUEST_ID_HEADER]).not.toContain('<');
      expect(response.headers[REQUEST_ID_HEADER]).toHaveLength(36);
    });
  });

  it('sends security headers with a CSP that fits the SPA', async () => {
    const response = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it("lets Google's reCAPTCHA hosts in only when reCAPTCHA is configured; ALTCHA needs no blob: and no wasm", () => {
    const altcha = contentSecurityPolicy(testConfig());
    expect(altcha['script-src']).toEqual(["'self'"]);
    expect(altcha['frame-src']).toEqual(["'self'"]);
    expect(altcha['worker-src']).toBeUndefined();
    expect(JSON.stringify(altcha)).not.toMatch(/google|gstatic|blob:|wasm/);

    const recaptcha = contentSecurityPolicy(testConfig({ RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_SECRET: 'secret' }));
    expect(recaptcha['script-src']).toEqual(["'self'", 'https://www.google.com', 'https://www.gstatic.com']);
    expect(recaptcha['frame-src']).toEqual(["'self'", 'https://www.google.com', 'https://recaptcha.google.com']);
    expect(recaptcha['connect-src']).toEqual(["'self'"]);
  });

  it('lets the maps script and the Places data API in only when MAPS_API_KEY is set', () => {
    expect(JSON.stringify(contentSecurityPolicy(testConfig()))).not.toMatch(/maps|places/);
    const maps = contentSecurityPolicy(testConfig({ MAPS_API_KEY: 'browser-key' }));
    expect(maps['script-src']).toEqual(["'self'", 'https://maps.googleapis.com', 'https://maps.gstatic.com']);
    expect(maps['connect-src']).toEqual(["'self'", 'https://maps.googleapis.com', 'https://places.googleapis.com']);
  });

  it('offers the address lookup in config/public only when MAPS_API_KEY is set', () => {
    const identity = { issuer: 'https://portal.gatehouse.test/oauth2/default', clientId: 'spa' };
    expect(publicConfigOf(testConfig(), identity).addressLookup).toBeUndefined();
    expect(publicConfigOf(testConfig({ MAPS_API_KEY: 'browser-key' }), identity).addressLookup).toEqual({
      provider: 'google',
      apiKey: 'browser-key',
    });
  });

  it('says the flow inspector is on in config/public only when INSPECTOR=true (docs/spa.md "Flow inspector")', () => {
    const identity = { issuer: 'https://portal.gatehouse.test/oauth2/default', clientId: 'spa' };
    expect(publicConfigOf(testConfig(), identity)).not.toHaveProperty('inspector');
    expect(publicConfigOf(testConfig({ INSPECTOR: 'false' }), identity)).not.toHaveProperty('inspector');
    expect(publicConfigOf(testConfig({ INSPECTOR: 'true' }), identity).inspector).toBe(true);
  });

  it('says in config/public whether the demo world is on and how many wrong passwords lock an account', () => {
    const identity = { issuer: 'https://portal.gatehouse.test/oauth2/default', clientId: 'spa' };
    const production = testConfig({ NODE_ENV: 'production' });
    expect(publicConfigOf(production, identity)).not.toHaveProperty('demoWorld');
    expect(publicConfigOf(testConfig({ DEMO_DATA: 'false' }), identity)).not.toHaveProperty('demoWorld');
    expect(publicConfigOf(testConfig({ DEMO_DATA: 'true' }), identity).demoWorld).toBe(true);
    // Read from the configuration at every start, not built into the SPA.
    expect(publicConfigOf(production, identity).lockoutAttempts).toBe(10);
    expect(publicConfigOf(testConfig({ IDP_LOCKOUT_ATTEMPTS: '3' }), identity).lockoutAttempts).toBe(3);
    // A real Okta org applies a policy the server does not know: neither is said.
    const okta = testConfig({ OKTA_ISSUER: 'https://dev-1.okta.com', OKTA_CLIENT_ID: 'c', OKTA_API_TOKEN: 't' });
    expect(publicConfigOf(okta, identity)).not.toHaveProperty('lockoutAttempts');
    expect(publicConfigOf(okta, identity)).not.toHaveProperty('demoWorld');
  });

  it('answers an unknown /api path with the JSON problem shape, even to a browser', async () => {
    for (const accept of ['application/json', 'text/html']) {
      const response = await t.app.inject({ url: '/api/nope', headers: { accept } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = v.parse(ProblemSchema, response.json());
      expect(body).toMatchObject({ code: 'not_found', message: 'Resource not found.' });
    }
  });

  it('routes case-insensitively, as the spec mixes Resource/ and resource/', async () => {
    expect((await t.app.inject({ url: '/API/V1/Health' })).json()).toEqual({ status: 'ok' });
  });

  describe('static SPA', () => {
    it('serves index.html for a deep link a browser navigates to, never cached', async () => {
      for (const url of ['/Login', '/Login/acme?culture=es']) {
        const response = await t.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('<div id="root">');
        expect(response.headers['cache-control']).toBe('no-cache');
      }
    });

    it('caches hashed assets for a year', async () => {
      const response = await t.app.inject({ url: '/assets/index-abc123.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('sends the Brotli or gzip copy the build wrote to a browser that accepts it, and the file as it is otherwise', async () => {
      const script = `/* ${'the same comment compresses well; '.repeat(100)} */ console.log("large");`;
      writeFileSync(path.join(spa.dir, 'assets', 'large-abc123.js'), script);
      await precompressDir(spa.dir);
      const url = '/assets/large-abc123.js';

      const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.rawPayload.length).toBeLessThan(script.length / 5);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

      const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

      const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    });

    it('never puts the flow inspector’s boot script in the page with INSPECTOR off, nor serves its page', async () => {
      for (const url of ['/', '/index.html', '/Login', '/dev/flows', `/${INSPECTOR_PAGE}`]) {
        const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('<div id="root">');
        expect(response.body).not.toContain(FAKE_INSPECTOR_BOOT);
      }
      // Copies of it too, as a build of larger pages would write them.
      writeFileSync(path.join(spa.dir, `${INSPECTOR_PAGE}.br`), brotliCompressSync(FAKE_INSPECTOR_BOOT));
      writeFileSync(path.join(spa.dir, `${INSPECTOR_PAGE}.gz`), gzipSync(FAKE_INSPECTOR_BOOT));
      for (const copy of ['', '.br', '.gz']) {
        const asFile = await t.app.inject({ url: `/${INSPECTOR_PAGE}${copy}`, headers: { accept: '*/*' } });
        expect(asFile.statusCode).toBe(404);
      }
    });

    it('answers an address with an encoded backslash or an odd segment with the page, not a raw 403 (issue 29 §6)', async () => {
      const odd = [
        '/Missing%5Cpage',
        '/LogOut/%5Cevil.test',
        '/LogOut/%5C%5Cevil.test%5Cx',
        '/board//index',
        '/a/./b',
        '/a/%2e%2e/b',
      ];
      for (const url of odd) {
        const page = await t.app.inject({ url, headers: { accept: 'text/html' } });
        expect([url, page.statusCode]).toEqual([url, 200]);
        expect(page.body).toContain('<div id="root">');
        expect(page.headers['cache-control']).toBe('no-cache');
        // Not a page navigation: the JSON 404 of every path that names no file, never a 403.
        const script = await t.app.inject({ url, headers: { accept: '*/*' } });
        expect([url, script.statusCode]).toEqual([url, 404]);
        expect(script.json()).toMatchObject({ code: 'not_found' });
      }
      // Nothing outside the build is read that way.
      const escape = await t.app.inject({ url: '/assets/..%5C..%5Cpackage.json', headers: { accept: '*/*' } });
      expect(escape.statusCode).toBe(404);
    });

    it('does not answer a missing script with the page', async () => {
      const response = await t.app.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    });
  });

  it('shows the demo application page with every parameter escaped', async () => {
    const response = await t.app.inject({
      url: '/demo-apps/benefits?user=maria%40acme.test&role=%3Cb%3EMember%3C%2Fb%3E',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<code>benefits</code>');
    expect(response.body).toContain('maria@acme.test');
    expect(response.body).toContain('&lt;b&gt;Member&lt;/b&gt;');
    expect(response.body).not.toContain('<b>Member</b>');
    // The way back to the board that the auto-redirect respects (issue 29 §4).
    expect(response.body).toContain('<a href="/board/index?stay">Back to Gatehouse</a>');
    // Read on a phone at its own width, with Gatehouse's icon on its tab (no request for a missing /favicon.ico).
    expect(response.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(response.body).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
  });

  it('answers a malformed JSON body with 400 in the problem shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Instance/NewError',
      headers: { 'content-type': 'application/json' },
      payload: '{"Code": ',
    });
    expect(response.statusCode).toBe(400);
    expect(v.parse(ProblemSchema, response.json()).code).toBe('bad_request');
  });

  it('answers a body over the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Instance/NewError',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ Details: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'payload_too_large' });
  });
});

describe('the page with INSPECTOR=true (docs/spa.md "Flow inspector")', () => {
  let t: TestApp;
  // Pages large enough to get Brotli and gzip copies: the copy sent must be a copy of the page the server chose.
  const spa = fakeSpaBuild({ padding: ' a page large enough to be compressed;'.repeat(60) });
  beforeAll(async () => {
    await precompressDir(spa.dir);
    t = await buildTestApp('pglite', { seed: false, staticDir: spa.dir, env: { INSPECTOR: 'true' } });
  });
  afterAll(async () => {
    await t.dispose();
    spa.remove();
  });

  it('has the boot script before the app’s entry, in every encoding, on every name of the page', async () => {
    for (const url of ['/', '/index.html', '/Login/acme', '/dev/flows']) {
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
        ['identity', (body: Buffer) => body],
      ] as const) {
        const response = await t.app.inject({ url, headers: { accept: 'text/html', 'accept-encoding': encoding } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
        const page = decode(response.rawPayload).toString();
        expect(page.indexOf(FAKE_INSPECTOR_BOOT)).toBeGreaterThan(0);
        expect(page.indexOf(FAKE_INSPECTOR_BOOT)).toBeLessThan(page.indexOf('/assets/index-abc123.js'));
      }
    }
  });

  it('keeps the policy that allows only our own scripts: the boot script is one of them', async () => {
    const response = await t.app.inject({ url: '/Login', headers: { accept: 'text/html' } });
    expect(response.headers['content-security-policy']).toContain("script-src 'self';");
    const boot = await t.app.inject({ url: FAKE_INSPECTOR_BOOT });
    expect(boot.statusCode).toBe(200);
  });

  it('serves index.html from a build without the inspector’s page, rather than not start', async () => {
    const app = Fastify();
    const stale = fakeSpaBuild();
    rmSync(path.join(stale.dir, INSPECTOR_PAGE));
    await installStaticSpa(app, stale.dir, { inspector: true });
    const response = await app.inject({ url: '/Login', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('/assets/index-abc123.js');
    expect(response.body).not.toContain(FAKE_INSPECTOR_BOOT);
    await app.close();
    stale.remove();
  });
});

describe('without a built SPA', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { seed: false });
  });
  afterAll(() => t.dispose());

  it('answers / with a short 503 page that says how to build', async () => {
    const response = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  });

  it('still answers the API', async () => {
    expect((await t.app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
  });
});

describe('toProblem', () => {
  it('hides why an unexpected failure happened', () => {
    expect(toProblem(new Error('password authentication failed for user "postgres"'))).toEqual({
      status: 500,
      body: { code: 'internal', message: 'Internal server error.' },
    });
  });
});
