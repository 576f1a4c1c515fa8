import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EventHookCreatedSchema,
  EventHookDeliveryListSchema,
  EventHookListSchema,
  EventHookSchema,
} from '@contracts/admin/event-hooks';
import { auditRowsOf, openDemoWorld, problemOf } from '../admin/harness';
import { embeddedApiToken } from '@server/auth/embedded-api-token';
import { TEST_SERVER_SECRET, type TestApp } from '../support/app';
import { databaseKinds } from '../support/database';
import { startHookReceiver, type HookReceiver } from '../../support/hook-receiver';

type Caller = Awaited<ReturnType<typeof openDemoWorld>>['call'];

/**
 * The event hooks page's API (issue 33 item 4, docs/api.md "Event hooks"): the provider administrator registers,
 * verifies, activates, deactivates and deletes the identity provider's hooks through the portal, each change audited,
 * and reads a hook's delivery log; anyone else is refused. EVENT_HOOKS_ALLOW_PRIVATE lets the hooks reach 127.0.0.1.
 */
describe.each(databaseKinds)('event hooks admin (%s)', (kind) => {
  let t: TestApp;
  let call: Caller;
  let receiver: HookReceiver;

  beforeAll(async () => {
    ({ t, call } = await openDemoWorld(kind, { identities: true, env: { EVENT_HOOKS_ALLOW_PRIVATE: 'true' } }));
    receiver = await startHookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.dispose();
  });

  const register = async (name: string, extra: Record<string, unknown> = {}) => {
    const created = await call('POST', 'EventHook', {
      body: { name, uri: receiver.uri, eventTypes: ['user.lifecycle.create', 'system.import.complete'], ...extra },
    });
    expect(created).toAnswer(201);
    return v.parse(EventHookCreatedSchema, created.json());
  };
  const hookOf = (answer: { json(): unknown }) => v.parse(EventHookSchema, answer.json());
  const remove = async (id: string) => {
    expect(await call('POST', `EventHook/${id}/deactivate`)).toAnswer(200);
    expect(await call('DELETE', `EventHook/${id}`)).toAnswer(204);
  };

  it('registers a hook, shows its secret once, verifies, activates, lists its deliveries and deletes it, audited', async () => {
    const { hook, signingSecret } = await register('SIEM feed', {
      authHeader: 'Authorization',
      authValue: 'Bearer receiver-secret',
    });
    expect(signingSecret.length).toBeGreaterThan(20);
    expect(hook).toMatchObject({
      name: 'SIEM feed',
      uri: receiver.uri,
      // Okta's: registered ACTIVE, yet it hears nothing until verified.
      status: 'ACTIVE',
      verificationStatus: 'UNVERIFIED',
      authHeader: 'Authorization',
    });
    const listed = v.parse(EventHookListSchema, (await call('GET', 'EventHook')).json());
    const shown = listed.find((entry) => entry.id === hook.id);
    expect(shown?.eventTypes).toEqual(['user.lifecycle.create', 'system.import.complete']);
    // Neither the secret nor the header's value is readable again.
    expect(JSON.stringify(listed)).not.toContain(signingSecret);
    expect(JSON.stringify(listed)).not.toContain('receiver-secret');

    const verified = await call('POST', `EventHook/${hook.id}/verify`);
    expect(verified).toAnswer(200);
    expect(hookOf(verified).verificationStatus).toBe('VERIFIED');
    expect(hookOf(await call('POST', `EventHook/${hook.id}/deactivate`)).status).toBe('INACTIVE');
    expect(hookOf(await call('POST', `EventHook/${hook.id}/activate`)).status).toBe('ACTIVE');

    // A person created now is an event the hook asked for: it is in the delivery log.
    const person = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users?activate=false',
      headers: { authorization: `SSWS ${embeddedApiToken(TEST_SERVER_SECRET)}` },
      payload: {
        profile: { login: 'hooked@umbrella.test', email: 'hooked@umbrella.test', firstName: 'H', lastName: 'K' },
      },
    });
    expect(person.statusCode).toBe(200);
    let deliveries = v.parse(EventHookDeliveryListSchema, (await call('GET', `EventHook/${hook.id}/Delivery`)).json());
    for (let tries = 0; deliveries.length === 0 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      deliveries = v.parse(EventHookDeliveryListSchema, (await call('GET', `EventHook/${hook.id}/Delivery`)).json());
    }
    expect(deliveries[0]).toMatchObject({ eventType: 'user.lifecycle.create' });
    expect(['PENDING', 'DELIVERED']).toContain(deliveries[0]?.status);

    // An active hook is not deleted (Okta's rule); deactivated, it is.
    expect(await call('DELETE', `EventHook/${hook.id}`)).toAnswer(400);
    expect(hookOf(await call('POST', `EventHook/${hook.id}/deactivate`)).status).toBe('INACTIVE');
    expect(await call('DELETE', `EventHook/${hook.id}`)).toAnswer(204);
    expect(await call('GET', `EventHook/${hook.id}/Delivery`)).toAnswer(404);

    const audit = await auditRowsOf(t, 'event_hook', hook.id);
    expect(audit.map((row) => row.action)).toEqual([
      'create',
      'verify',
      'deactivate',
      'activate',
      'deactivate',
      'delete',
    ]);
    expect(audit.every((row) => row.actor === 'AUL__admin@gatehouse.test' && row.clientId === null)).toBe(true);
    expect(JSON.stringify(audit)).not.toContain(signingSecret);
    expect(JSON.stringify(audit)).not.toContain('receiver-secret');
  });

  it('names the administrator, not the portal’s token, as the actor of the System Log’s event_hook events', async () => {
    const { hook } = await register('Actor check');
    expect(await call('POST', `EventHook/${hook.id}/verify`)).toAnswer(200);
    expect(await call('POST', `EventHook/${hook.id}/deactivate`)).toAnswer(200);
    expect(await call('POST', `EventHook/${hook.id}/activate`)).toAnswer(200);
    await remove(hook.id);
    const logs = await t.app.inject({
      method: 'GET',
      url: `/api/v1/logs?filter=${encodeURIComponent(`target.id eq "${hook.id}"`)}`,
      headers: { authorization: `SSWS ${embeddedApiToken(TEST_SERVER_SECRET)}` },
    });
    expect(logs.statusCode).toBe(200);
    const events = logs.json<{ eventType: string; actor: { type: string; alternateId: string } }[]>();
    expect(events.map((event) => event.eventType)).toEqual([
      'event_hook.created',
      'event_hook.verified',
      'event_hook.deactivated',
      'event_hook.activated',
      'event_hook.deactivated',
      'event_hook.deleted',
    ]);
    for (const event of events)
      expect(event.actor).toMatchObject({ type: 'User', alternateId: 'AUL__admin@gatehouse.test' });
  });

  it('refuses the portal’s token acting for someone the identity provider does not know', async () => {
    const acting = await t.app.inject({
      method: 'GET',
      url: '/api/v1/eventHooks',
      headers: {
        authorization: `SSWS ${embeddedApiToken(TEST_SERVER_SECRET)}`,
        'x-gatehouse-acting-user': 'nobody@nowhere.test',
      },
    });
    expect(acting.statusCode).toBe(403);
    expect(acting.json()).toMatchObject({ errorCode: 'E0000006' });
  });

  it('says why a verification failed and leaves the hook unverified', async () => {
    const { hook } = await register('Wrong answer');
    receiver.answerChallenge = false;
    const refused = await call('POST', `EventHook/${hook.id}/verify`);
    receiver.answerChallenge = true;
    expect(refused).toAnswer(400);
    expect(JSON.stringify(problemOf(refused))).toContain('did not answer the verification challenge');
    const listed = v.parse(EventHookListSchema, (await call('GET', 'EventHook')).json());
    expect(listed.find((entry) => entry.id === hook.id)?.verificationStatus).toBe('UNVERIFIED');
    await remove(hook.id);
  });

  it('refuses a bad body, a taken name and an unknown hook, changing nothing', async () => {
    const before = (await call('GET', 'EventHook')).json<unknown[]>().length;
    for (const body of [
      { name: '', uri: receiver.uri, eventTypes: ['user.lifecycle.create'] },
      { name: 'No types', uri: receiver.uri, eventTypes: [] },
      { name: 'Bad type', uri: receiver.uri, eventTypes: ['user.nothing'] },
      { name: 'Not a URL', uri: 'receiver', eventTypes: ['user.lifecycle.create'] },
      { name: 'Half header', uri: receiver.uri, eventTypes: ['user.lifecycle.create'], authHeader: 'X-Key' },
    ])
      expect(await call('POST', 'EventHook', { body })).toAnswer(400);
    const { hook } = await register('Taken');
    const taken = await call('POST', 'EventHook', {
      body: { name: 'Taken', uri: receiver.uri, eventTypes: ['user.lifecycle.create'] },
    });
    expect(taken).toAnswer(409);
    expect(problemOf(taken).details?.[0]?.field).toBe('body.name');
    expect(await call('POST', 'EventHook/whoNoSuchHook000000/activate')).toAnswer(404);
    await remove(hook.id);
    expect((await call('GET', 'EventHook')).json<unknown[]>()).toHaveLength(before);
  });

  it('lets only the provider administrator reach the hooks (deny by default)', async () => {
    for (const as of ['acmeClientAdmin', 'acmeUser', 'agent'] as const) {
      expect(await call('GET', 'EventHook', { as })).toAnswer(403);
      expect(
        await call('POST', 'EventHook', {
          as,
          body: { name: 'Sneaky', uri: receiver.uri, eventTypes: ['user.lifecycle.create'] },
        }),
      ).toAnswer(403);
    }
    expect(await call('GET', 'EventHook', { as: 'anonymous' })).toAnswer(401);
    expect(
      v.parse(EventHookListSchema, (await call('GET', 'EventHook')).json()).some((hook) => hook.name === 'Sneaky'),
    ).toBe(false);
  });
});
