import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { EventHook, EventHookCreate, EventHookCreated, EventHookDelivery } from '@contracts/admin/event-hooks';
import { ApiError } from '@contracts/failures';
import { eventHooksMachine, type EventHookChange } from '@machines/event-hooks/event-hooks.machine';
import {
  selectDeleteAsked,
  selectDeliveries,
  selectDeliveriesOf,
  selectMayChange,
  selectMayCreate,
  selectMayDelete,
  selectMaySubmit,
  selectShownProblems,
  selectShownSecret,
} from '@machines/event-hooks/event-hooks.selectors';
import { createdHook, delivery, eventHook, newHook } from '../../support/event-hook-fixtures';
import { createControlledActor } from '../../support/controlled-actor';
import { recordingNotifications } from '../../support/recording-ref';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const refused = new ApiError({ status: 400, code: 'validation_failed', message: 'no', requestId: 'r' });

function open() {
  const loadHooks = createControlledActor<EventHook[], undefined>();
  const createHook = createControlledActor<EventHookCreated, EventHookCreate>();
  const changeHook = createControlledActor<EventHook, { id: string; change: EventHookChange }>();
  const deleteHook = createControlledActor<undefined, { id: string }>();
  const loadDeliveries = createControlledActor<EventHookDelivery[], { id: string }>();
  const recorder = recordingNotifications();
  const actor = createActor(
    eventHooksMachine.provide({
      actors: {
        loadHooks: loadHooks.logic,
        createHook: createHook.logic,
        changeHook: changeHook.logic,
        deleteHook: deleteHook.logic,
        loadDeliveries: loadDeliveries.logic,
      },
    }),
    { input: { notifications: recorder.ref } },
  ).start();
  return { actor, loadHooks, createHook, changeHook, deleteHook, loadDeliveries, recorder };
}

async function ready(t: ReturnType<typeof open>, hooks = [eventHook(), newHook()]) {
  t.loadHooks.resolve(hooks);
  await settle();
  expect(t.actor.getSnapshot().matches('ready')).toBe(true);
}

describe('Event hooks (machines/event-hooks)', () => {
  it('reads the hooks when it starts; a failed read is reported and may be tried again', async () => {
    const t = open();
    expect(t.actor.getSnapshot().matches('loading')).toBe(true);
    expect(selectMayCreate(t.actor.getSnapshot())).toBe(false);
    t.loadHooks.reject(refused);
    await settle();
    expect(t.actor.getSnapshot().matches('failed')).toBe(true);
    expect(t.recorder.received).toEqual([{ type: 'error.report', error: refused, action: 'eventHooks.load' }]);
    t.actor.send({ type: 'hooks.retry' });
    await ready(t);
    expect(selectMayCreate(t.actor.getSnapshot())).toBe(true);
  });

  it('offers Register only when the contract’s rules pass, and sends the typed hook', async () => {
    const t = open();
    await ready(t);
    t.actor.send({ type: 'create.open' });
    expect(selectShownProblems(t.actor.getSnapshot())).toEqual([]);
    expect(selectMaySubmit(t.actor.getSnapshot())).toBe(false);
    t.actor.send({ type: 'create.change', changes: { name: 'HR bridge', uri: 'https://hr.example.com/hooks' } });
    // No event type chosen yet.
    expect(selectMaySubmit(t.actor.getSnapshot())).toBe(false);
    t.actor.send({ type: 'create.change', changes: { eventTypes: [] } });
    expect(selectShownProblems(t.actor.getSnapshot())).toEqual(['eventTypes']);
    t.actor.send({ type: 'create.change', changes: { eventTypes: ['user.lifecycle.create'], authHeader: 'X-Key' } });
    // A header name without its value is refused, as the server would.
    expect(selectMaySubmit(t.actor.getSnapshot())).toBe(false);
    t.actor.send({ type: 'create.change', changes: { authValue: 'k3y' } });
    expect(selectMaySubmit(t.actor.getSnapshot())).toBe(true);
    t.actor.send({ type: 'create.submit' });
    expect(t.actor.getSnapshot().matches({ creating: 'saving' })).toBe(true);
    expect(t.createHook.calls).toEqual([
      {
        name: 'HR bridge',
        uri: 'https://hr.example.com/hooks',
        eventTypes: ['user.lifecycle.create'],
        authHeader: 'X-Key',
        authValue: 'k3y',
      },
    ]);
  });

  it('shows the signing secret once and forgets it when the person is done; a refusal keeps the form', async () => {
    const t = open();
    await ready(t);
    t.actor.send({ type: 'create.open' });
    t.actor.send({
      type: 'create.change',
      changes: { name: 'HR bridge', uri: 'https://hr.example.com/hooks', eventTypes: ['system.import.complete'] },
    });
    t.actor.send({ type: 'create.submit' });
    t.createHook.reject(refused);
    await settle();
    expect(t.actor.getSnapshot().matches({ creating: 'editing' })).toBe(true);
    expect(t.actor.getSnapshot().context.draft.name).toBe('HR bridge');
    expect(t.recorder.received[0]).toMatchObject({ type: 'snackbar.show' });
    t.actor.send({ type: 'create.submit' });
    const created = createdHook();
    t.createHook.resolve(created);
    await settle();
    expect(selectShownSecret(t.actor.getSnapshot())).toBe(created.signingSecret);
    t.actor.send({ type: 'secret.dismiss' });
    expect(t.actor.getSnapshot().matches('loading')).toBe(true);
    expect(JSON.stringify(t.actor.getSnapshot().context)).not.toContain(created.signingSecret);
  });

  it('offers Verify to an unverified hook and Activate or Deactivate by status, then reads the list again', async () => {
    const t = open();
    await ready(t);
    const s = () => t.actor.getSnapshot();
    expect(selectMayChange(s(), eventHook().id, 'verify')).toBe(false);
    expect(selectMayChange(s(), newHook().id, 'verify')).toBe(true);
    expect(selectMayChange(s(), eventHook().id, 'activate')).toBe(false);
    expect(selectMayChange(s(), eventHook().id, 'deactivate')).toBe(true);
    t.actor.send({ type: 'hook.verify', id: newHook().id });
    expect(s().matches('changing')).toBe(true);
    expect(t.changeHook.calls).toEqual([{ id: newHook().id, change: 'verify' }]);
    // A failed verification is reported under its own title, and the list is read again.
    t.changeHook.reject(refused);
    await settle();
    expect(s().matches('loading')).toBe(true);
    expect(t.recorder.received.at(-1)).toMatchObject({
      type: 'snackbar.show',
      snackbar: { title: { id: 'EventHook_Text_VerifyFailed' } },
    });
    await ready(t);
    t.actor.send({ type: 'hook.deactivate', id: eventHook().id });
    t.changeHook.resolve(eventHook({ status: 'INACTIVE' }));
    await settle();
    expect(s().matches('loading')).toBe(true);
    expect(t.loadHooks.calls).toHaveLength(3);
  });

  it('deletes only an inactive hook, after asking', async () => {
    const t = open();
    const inactive = eventHook({ id: 'whoOld00000000000003', name: 'Old', status: 'INACTIVE' });
    await ready(t, [eventHook(), inactive]);
    expect(selectMayDelete(t.actor.getSnapshot(), eventHook().id)).toBe(false);
    t.actor.send({ type: 'delete.ask', id: eventHook().id });
    expect(t.actor.getSnapshot().matches('ready')).toBe(true);
    t.actor.send({ type: 'delete.ask', id: inactive.id });
    expect(selectDeleteAsked(t.actor.getSnapshot())?.name).toBe('Old');
    t.actor.send({ type: 'delete.cancel' });
    expect(t.deleteHook.calls).toEqual([]);
    t.actor.send({ type: 'delete.ask', id: inactive.id });
    t.actor.send({ type: 'delete.confirm' });
    expect(t.deleteHook.calls).toEqual([{ id: inactive.id }]);
    t.deleteHook.resolve(undefined);
    await settle();
    expect(t.actor.getSnapshot().matches('loading')).toBe(true);
    expect(selectDeleteAsked(t.actor.getSnapshot())).toBeUndefined();
  });

  it('reads a hook’s delivery log, again on Refresh, and closes it', async () => {
    const t = open();
    await ready(t);
    t.actor.send({ type: 'deliveries.open', id: eventHook().id });
    expect(selectDeliveriesOf(t.actor.getSnapshot())?.id).toBe(eventHook().id);
    expect(t.loadDeliveries.calls).toEqual([{ id: eventHook().id }]);
    t.loadDeliveries.reject(refused);
    await settle();
    expect(t.actor.getSnapshot().matches({ deliveries: 'unread' })).toBe(true);
    t.actor.send({ type: 'deliveries.refresh' });
    t.loadDeliveries.resolve([delivery()]);
    await settle();
    expect(t.actor.getSnapshot().matches({ deliveries: 'shown' })).toBe(true);
    expect(selectDeliveries(t.actor.getSnapshot())).toEqual([delivery()]);
    // While the log is open, nothing else is offered.
    expect(selectMayCreate(t.actor.getSnapshot())).toBe(false);
    t.actor.send({ type: 'deliveries.close' });
    expect(t.actor.getSnapshot().matches('ready')).toBe(true);
    expect(selectDeliveries(t.actor.getSnapshot())).toEqual([]);
  });
});
