import { createActor, createMachine } from 'xstate';
import { afterAll, describe, expect, it } from 'vitest';
import { INSPECTOR_CHANNEL, inspect, inspectorTab, listenForInspector } from '@src/inspector/hook';
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

describe('the app’s inspector hook (the only piece in the entry)', () => {
  it('publishes nothing until an inspector tab says hello, then answers with the root’s state and follows it', async () => {
    const asked: string[] = [];
    listenForInspector(() => {
      asked.push('enabled?');
      return Promise.resolve(true);
    }, '');
    const root = createActor(createMachine({ id: 'app', initial: 'a', states: { a: { on: { go: 'b' } }, b: {} } }), {
      inspect,
    }).start();
    expect(asked).toEqual([]);

    const answer = nextSnapshot();
    inspectorSide.postMessage(helloMessage('inspector-tab'));
    expect(await answer).toMatchObject({ tab: inspectorTab, machine: 'app', value: 'a', eventType: null });
    expect(asked).toEqual(['enabled?']);

    const next = nextSnapshot();
    root.send({ type: 'go' });
    expect(await next).toMatchObject({ machine: 'app', value: 'b', eventType: 'go' });
    root.stop();
  });
});
