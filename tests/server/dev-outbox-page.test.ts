import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@server/db/schema';
import { buildTestApp, type TestApp } from './support/app';

/**
 * Issue 29 §5: development mail is readable without digging out a token — GET /dev/outbox lists the outbox as a page —
 * and the page is never served in production or without the demo world (404, as an unknown address).
 */
describe('the development outbox page (pglite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
    await t.database.db.insert(mailOutbox).values([
      { to: 'maria@acme.test', subject: 'Your reset code', text: 'Your code is 123456 <b>not bold</b>' },
      { to: 'sam@globex.test', subject: 'You are invited', text: 'Open http://gatehouse.test/SignUp/globex?st=abc' },
    ]);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('lists the mail, newest first, escaped, without a token', async () => {
    const response = await t.app.inject({ url: '/dev/outbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('Your code is 123456 &lt;b&gt;not bold&lt;/b&gt;');
    expect(response.body).not.toContain('<b>not bold</b>');
    expect(response.body).toContain('http://gatehouse.test/SignUp/globex?st=abc');
  });

  it("shows one person's mail with ?to=, whatever the case of the address", async () => {
    const response = await t.app.inject({ url: '/dev/outbox?to=MARIA@acme.test' });
    expect(response.body).toContain('Your reset code');
    expect(response.body).not.toContain('You are invited');
  });
});

describe.each([
  ['in production', { NODE_ENV: 'production', DEMO_DATA: 'true' }],
  ['without the demo world', { DEMO_DATA: 'false' }],
])('the development outbox page %s (pglite)', (_where, env) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { env });
    await t.database.db.insert(mailOutbox).values({ to: 'maria@acme.test', subject: 'Secret', text: 'code 654321' });
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('is not served: 404, and no mail in the answer', async () => {
    for (const url of ['/dev/outbox', '/dev/outbox?to=maria@acme.test']) {
      const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.body).not.toContain('654321');
    }
  });
});
