import { createActor, createMachine, type AnyActorRef } from 'xstate';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { answering } from '@src/inspector/answer';
import { INSPECTOR_CHANNEL, inspect, inspectorTab, listenForInspector, rootActor } from '@src/inspector/hook';
import { helloMessage, readMessage, type SnapshotMessage } from '@src/inspector/messages';

const inspectorSide = new BroadcastChannel(INSPECTOR_CHANNEL);
afterAll(() => {
  inspectorSide.close();
});

const nextSnapshot = () =>
  new Promise<SnapshotMessage>((resolve) => {
    const onMessage = ({ data }: MessageEvent) => {
      const message = readMessage(data);
      if (message?.kind !== 'snapshot') return;
      inspectorSide.removeEventListener('message', onMessage);
      resolve(message);
    };
    inspectorSide.addEventListener('message', onMessage);
  });

describe('the app’s inspector hook (run by the boot script)', () => {
  it('loads and asks nothing until an inspector tab says hello, then answers with the root’s state and follows it', async () => {
    const asked: string[] = [];
    const load = vi.fn(() =>
      Promise.resolve(
        answering(() => {
          asked.push('enabled?');
          return Promise.resolve(true);
        }, rootActor),
      ),
    );
    listenForInspector('', load);
    const root = createActor(createMachine({ id: 'app', initial: 'a', states: { a: { on: { go: 'b' } }, b: {} } }), {
      inspect,
    }).start();
    expect(load).not.toHaveBeenCalled();
    expect(asked).toEqual([]);

    const answer = nextSnapshot();
    inspectorSide.postMessage(helloMessage('inspector-tab'));
    expect(await answer).toMatchObject({ tab: inspectorTab, machine: 'app', value: 'a', eventType: null });
    expect(load).toHaveBeenCalledTimes(1);
    expect(asked).toEqual(['enabled?']);

    const next = nextSnapshot();
    root.send({ type: 'go' });
    expect(await next).toMatchObject({ machine: 'app', value: 'b', eventType: 'go' });
    root.stop();
  });
});

describe('the answer’s chunk', () => {
  it('stays silent and closes the channel when the inspector is off', async () => {
    const close = vi.fn();
    const channel = { close } as unknown as BroadcastChannel;
    const system = { inspect: vi.fn() };
    const root = Promise.resolve({ system } as unknown as AnyActorRef);
    await answering(() => Promise.resolve(false), root).answerHello(channel);
    expect(close).toHaveBeenCalledTimes(1);
    expect(system.inspect).not.toHaveBeenCalled();
  });
});
