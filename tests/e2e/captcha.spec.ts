import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import {
  buildCaptchaHost,
  captchaHost,
  HOST_PATH,
  readPayload,
  registerWith,
  serveCaptchaHost,
  watchPolicyViolations,
} from './captcha';

const baseUrl = inject('baseUrl');
let browser: Browser;
let host: Awaited<ReturnType<typeof buildCaptchaHost>>;

beforeAll(async () => {
  [browser, host] = await Promise.all([launchBrowser(), buildCaptchaHost()]);
});
afterAll(async () => {
  await browser.close();
  host.remove();
});

const solveTimeout = { timeout: 45_000 };

describe('ALTCHA in Chromium against the real server (ADR 6)', () => {
  it('solves a challenge under the server CSP with no outside request, and the server accepts the payload once', async () => {
    const { page, context, problems } = await openPage(browser, baseUrl);
    const policy = await serveCaptchaHost(context, baseUrl, host.dir);
    const violations = await watchPolicyViolations(page);
    const requested: string[] = [];
    const workers: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('worker', (worker) => workers.push(worker.url()));

    await page.goto(`${HOST_PATH}?culture=es`);
    // The widget shows our Spanish texts (Global_Text_CaptchaLabel).
    await page.getByText('No soy un robot').waitFor();
    expect(await captchaHost.token(page)).toBe('');

    await captchaHost.tick(page);
    await page.getByText('Verificado').waitFor(solveTimeout);
    const token = await captchaHost.token(page);
    expect(token).not.toBe('');

    const payload = readPayload(token);
    expect(payload.challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(payload.solution.counter).toBeGreaterThan(0);
    // The proof of work ran in workers (one per core) from the bundled file on our origin, and nothing left it.
    expect(workers.length).toBeGreaterThan(0);
    for (const worker of workers)
      expect(worker).toMatch(new RegExp(`^${baseUrl}${HOST_PATH}assets/pbkdf2-[\\w-]+\\.js$`));
    expect(requested.filter((url) => !url.startsWith(`${baseUrl}/`))).toEqual([]);
    expect(requested).toContain(`${baseUrl}/api/v1/captcha/challenge`);
    expect(policy).toContain("script-src 'self'");
    expect(await violations()).toEqual([]);
    expect(problems).toEqual([]);

    const email = `captcha-${randomUUID()}@example.test`;
    const accepted = await registerWith(baseUrl, token, email);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ accepted: true });
    const replayed = await registerWith(baseUrl, token, `again-${email}`);
    expect(replayed.status).toBe(400);
    expect(JSON.stringify(await replayed.json())).toContain('was already used');
    await context.close();
  });

  it('a new round drops the token and a fresh challenge gives a new payload the server accepts', async () => {
    const { page, context, problems } = await openPage(browser, baseUrl);
    await serveCaptchaHost(context, baseUrl, host.dir);
    await page.goto(`${HOST_PATH}?culture=en-us`);
    await page.getByText("I'm not a robot").waitFor();

    await captchaHost.tick(page);
    await page.getByText('Verified', { exact: true }).waitFor(solveTimeout);
    const first = await captchaHost.token(page);

    await captchaHost.nextRound(page);
    await expect.poll(() => captchaHost.token(page)).toBe('');
    expect((await captchaHost.tokensHandedOver(page)).at(-1)).toBeNull();
    expect(await captchaHost.checkbox(page).isChecked()).toBe(false);

    await captchaHost.tick(page);
    await page.getByText('Verified', { exact: true }).waitFor(solveTimeout);
    const second = await captchaHost.token(page);
    expect(second).not.toBe('');
    expect(readPayload(second).challenge.signature).not.toBe(readPayload(first).challenge.signature);

    const accepted = await registerWith(baseUrl, second, `captcha-${randomUUID()}@example.test`);
    expect(accepted.status).toBe(200);
    expect(problems).toEqual([]);
    await context.close();
  });
});
