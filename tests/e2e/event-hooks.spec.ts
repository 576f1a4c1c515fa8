import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPages } from './admin';
import { profilePages } from './profile';
import { providerAdminToken } from './support/admin-token';
import { ownServerPerFile } from './support/own-server';
import { startHookReceiver, type HookReceiver } from '../support/hook-receiver';

// The journey registers a hook and signs in: a server of its own, allowed to reach a receiver on 127.0.0.1.
const own = ownServerPerFile({ EVENT_HOOKS_ALLOW_PRIVATE: 'true' });

describe('the event hooks page end to end (issue 33 item 4)', () => {
  let receiver: HookReceiver;
  beforeAll(async () => {
    receiver = await startHookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('the provider administrator registers a hook, sees its secret once, verifies and activates it, and a sign-in reaches the receiver signed and shows in the delivery log', async () => {
    const admin = await adminPages.signedIn(own.browser, own.server.baseUrl, 'admin@gatehouse.test');
    const { page } = admin;
    await page.getByRole('navigation').getByRole('link', { name: 'Event hooks' }).click();

    // Register: a name, the receiver's URL, one event type.
    await page.getByRole('button', { name: 'New event hook' }).click();
    const form = page.getByRole('form', { name: 'New event hook' });
    await form.getByLabel(/^Name/).fill('E2E receiver');
    await form.getByLabel(/^Endpoint URL/).fill(receiver.uri);
    await profilePages.tick(page, 'user.session.start');
    await form.getByRole('button', { name: 'Register hook' }).click();

    // The signing secret, this once; gone when the administrator says they copied it.
    const secret = (await page.getByTestId('event-hook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await expect.poll(() => page.getByTestId('event-hook-secret').count()).toBe(0);
    expect(await page.content()).not.toContain(secret);

    // Registered active but unverified (Okta's); the receiver answers the challenge, so Verify verifies it.
    const row = page.getByRole('row', { name: /E2E receiver/ });
    await expect.poll(() => row.textContent()).toContain('Not verified');
    await page.getByRole('button', { name: 'Verify E2E receiver' }).click();
    await expect.poll(() => row.textContent()).toContain('Verified');
    expect(await row.textContent()).not.toContain('Not verified');
    await page.getByRole('button', { name: 'Deactivate E2E receiver' }).click();
    await expect.poll(() => row.textContent()).toContain('Inactive');
    await page.getByRole('button', { name: 'Activate E2E receiver' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Deactivate E2E receiver' }).count()).toBe(1);
    expect(await row.textContent()).toContain('Active');

    // A sign-in is the event: the receiver gets it, signed with the secret the page showed.
    await providerAdminToken(own.server.baseUrl);
    await expect.poll(() => receiver.posts().length, { timeout: 30_000 }).toBeGreaterThan(0);
    const [delivery] = receiver.posts();
    if (delivery === undefined) throw new Error('no delivery');
    expect(delivery.headers['x-gatehouse-signature']).toBe(
      `sha256=${createHmac('sha256', secret).update(delivery.body).digest('hex')}`,
    );
    const body = JSON.parse(delivery.body) as { data: { events: { eventType: string }[] } };
    expect(body.data.events[0]?.eventType).toBe('user.session.start');

    // The delivery log shows it, delivered, after Refresh.
    await page.getByRole('button', { name: 'Delivery log E2E receiver' }).click();
    const log = page.getByRole('region', { name: 'Deliveries of “E2E receiver”' });
    await log.waitFor();
    const logged = log.getByRole('row', { name: new RegExp(delivery.eventId) });
    await expect
      .poll(
        async () => {
          await log.getByRole('button', { name: 'Refresh' }).click();
          return (await logged.count()) === 1 ? logged.textContent() : '';
        },
        { timeout: 30_000 },
      )
      .toContain('Delivered');
    expect(await logged.textContent()).toContain('user.session.start');
    await admin.context.close();
  });
});
