import { assign, createActor, setup, type InspectionEvent } from 'xstate';
import { describe, expect, it } from 'vitest';
import { MASK } from '@machines/support/inspector-mask';
import { helloMessage, readMessage, type InspectorMessage } from '@src/inspector/messages';
import { startPublishing } from '@src/inspector/publisher';

/** A flow small enough to read, with a secret in its context and in its events. */
const signInMachine = setup({
  types: {
    context: {} as { username: string; password: string },
    events: {} as { type: 'credentials.entered'; username: string; password: string } | { type: 'submit' },
  },
}).createMachine({
  id: 'signIn',
  context: { username: '', password: '' },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'credentials.entered': {
          actions: assign(({ event }) => ({ username: event.username, password: event.password })),
        },
        submit: 'submitting',
      },
    },
    submitting: {},
  },
});

/** A channel that keeps what is posted, and lets the test play the inspector tab's hello. */
function fakeChannel() {
  const posted: InspectorMessage[] = [];
  const channel = {
    onmessage: null as ((event: MessageEvent) => void) | null,
    postMessage: (message: unknown) => {
      const read = readMessage(message);
      if (read === undefined) throw new Error(`not a message of the inspector's: ${JSON.stringify(message)}`);
      posted.push(read);
    },
  };
  const hello = (tab: string) => channel.onmessage?.({ data: helloMessage(tab) } as MessageEvent);
  return { channel: channel as unknown as BroadcastChannel, posted, hello };
}

function publishedActor() {
  const { channel, posted, hello } = fakeChannel();
  // As in hook.ts: the actor runs before the publisher is there, which then takes over the inspection events.
  const forwarding: { to?: (event: InspectionEvent) => void } = {};
  const actor = createActor(signInMachine, { inspect: (event) => forwarding.to?.(event) });
  actor.start();
  forwarding.to = startPublishing(channel, 'tab-a', actor);
  return { actor, posted, hello };
}

describe('the messages an app tab posts to the flow inspector', () => {
  it('answers at once with where each flow is, without an event, and again for each later hello from another tab', () => {
    const { posted, hello } = publishedActor();
    expect(posted).toEqual([
      {
        protocol: 1,
        kind: 'snapshot',
        tab: 'tab-a',
        actor: expect.any(String) as string,
        machine: 'signIn',
        status: 'active',
        value: 'editing',
        eventType: null,
        event: null,
        context: { username: '', password: MASK },
        at: expect.any(Number) as number,
      },
    ]);
    hello('tab-b');
    expect(posted).toHaveLength(2);
    // Its own hello (the inspector page is an app tab too) is not answered.
    hello('tab-a');
    expect(posted).toHaveLength(2);
  });

  it('posts a snapshot after each event, with the password masked in the event and in the context', () => {
    const { actor, posted } = publishedActor();
    actor.send({ type: 'credentials.entered', username: 'maria@acme.test', password: 'Gatehouse-demo-2026!' });
    actor.send({ type: 'submit' });
    expect(
      posted
        .slice(1)
        .map(
          (message) =>
            message.kind === 'snapshot' && [message.eventType, message.event, message.value, message.context],
        ),
    ).toEqual([
      [
        'credentials.entered',
        { type: 'credentials.entered', username: 'maria@acme.test', password: MASK },
        'editing',
        { username: 'maria@acme.test', password: MASK },
      ],
      ['submit', { type: 'submit' }, 'submitting', { username: 'maria@acme.test', password: MASK }],
    ]);
    expect(JSON.stringify(posted)).not.toContain('Gatehouse-demo-2026!');
  });

  it('reads only messages of its own protocol off the channel', () => {
    expect(readMessage(helloMessage('tab-b'))).toEqual({ protocol: 1, kind: 'hello', tab: 'tab-b' });
    expect(readMessage({ protocol: 2, kind: 'hello', tab: 'tab-b' })).toBeUndefined();
    expect(readMessage({ kind: 'snapshot', tab: 'tab-b' })).toBeUndefined();
    expect(readMessage('hello')).toBeUndefined();
  });

  it('reads a snapshot whose state value is a state’s name or an object of regions, and nothing else', () => {
    const snapshot = (value: unknown) => ({
      protocol: 1,
      kind: 'snapshot',
      tab: 'tab-b',
      actor: 'x:1',
      machine: 'signIn',
      status: 'active',
      value,
      eventType: null,
      event: null,
      context: {},
      at: 1,
    });
    expect(readMessage(snapshot('editing'))?.kind).toBe('snapshot');
    expect(readMessage(snapshot({ flow: 'editing', menu: 'closed' }))?.kind).toBe('snapshot');
    for (const value of [null, 3, ['editing'], undefined]) expect(readMessage(snapshot(value))).toBeUndefined();
  });
});
