import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, waitForArrival } from './support/browser';
import { freePort, startServer, type WatchedServer } from './support/server-process';
import { identityPages } from './identity';

/*
 * One public address (issue 29 §1, docs/operations.md "Behind a reverse proxy") in Chromium: the server listens on one
 * port, people reach it through a reverse proxy on another, PUBLIC_URL names the proxy's, TRUST_PROXY=1. The proxy is
 * a few lines of node:http that rewrite Host to the server's own address, as nginx does by default; it sends
 * X-Forwarded-Host only when told to, as the documented configuration does.
 */

let browser: Browser;
let server: WatchedServer;
let proxy: Server;
let publicUrl: string;
let proxyPort: number;
/** Whether the proxy says which name the browser used (X-Forwarded-Host), or only rewrites Host (nginx's default). */
let forwardHost = false;

function startProxy(port: number, upstreamPort: number): Promise<Server> {
  const relay = createServer((incoming, outgoing) => {
    const headers: IncomingHttpHeaders = { ...incoming.headers, host: `127.0.0.1:${upstreamPort}` };
    delete headers['x-forwarded-host'];
    if (forwardHost) headers['x-forwarded-host'] = incoming.headers.host;
    const upstream = request(
      { host: '127.0.0.1', port: upstreamPort, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  return new Promise((resolve) => relay.listen(port, '127.0.0.1', () => resolve(relay)));
}

beforeAll(async () => {
  proxyPort = await freePort();
  publicUrl = `http://localhost:${proxyPort}`;
  [browser, server] = await Promise.all([launchBrowser(), startServer({ PUBLIC_URL: publicUrl, TRUST_PROXY: '1' })]);
  proxy = await startProxy(proxyPort, Number(new URL(server.baseUrl).port));
}, 240_000);
afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await Promise.all([browser.close(), server.stop()]);
});

describe('sign-in behind a reverse proxy (issue 29 §1)', () => {
  it('signs an administrator in through a proxy that rewrites Host and forwards nothing else', async () => {
    forwardHost = false;
    const session = await openPage(browser, publicUrl);
    const discovery = await session.page.request.get(`${publicUrl}/oauth2/default/.well-known/openid-configuration`);
    const doc = (await discovery.json()) as Record<string, string>;
    expect(doc.authorization_endpoint).toBe(`${publicUrl}/oauth2/default/v1/authorize`);
    expect(doc.token_endpoint).toBe(`${publicUrl}/oauth2/default/v1/token`);

    await identityPages.openLogin(session.page);
    await identityPages.signIn(session.page, 'admin@gatehouse.test');
    await waitForArrival(session, /\/dashboard$/);
    expect(new URL(session.page.url()).origin).toBe(publicUrl);
    expect(session.problems.filter((problem) => /^4\d\d /.test(problem) && !/ 401 /.test(problem))).toEqual([]);
    await session.context.close();
  });

  it('sends a page opened at 127.0.0.1 to PUBLIC_URL, where signing in works', async () => {
    forwardHost = true;
    const session = await openPage(browser, `http://127.0.0.1:${proxyPort}`);
    await session.page.goto('/Login');
    expect(session.page.url()).toBe(`${publicUrl}/Login`);
    await session.page.locator('#okta-sign-in-widget input[name="username"]').waitFor({ timeout: 20_000 });
    await identityPages.signIn(session.page, 'admin@gatehouse.test');
    await waitForArrival(session, /\/dashboard$/);
    expect(new URL(session.page.url()).origin).toBe(publicUrl);

    // The API under the other name is refused, not answered for another origin.
    const refused = await session.page.request.get(`http://127.0.0.1:${proxyPort}/api/v1/config/public`);
    expect(refused.status()).toBe(421);
    expect(await refused.json()).toMatchObject({ code: 'misdirected_request' });

    // Issue 29 §6: a sign-out link carrying an encoded backslash is the SPA's, and still signs the person out.
    await session.page.goto('/LogOut/%5Cevil.test');
    await session.page.waitForURL(/\/Login$/, { timeout: 20_000 });
    expect(new URL(session.page.url()).origin).toBe(publicUrl);
    await session.page.locator('#okta-sign-in-widget input[name="username"]').waitFor({ timeout: 20_000 });
    expect(await session.page.evaluate(() => localStorage.getItem('gatehouse.tokens'))).toBeNull();
    await session.context.close();
  });
});
