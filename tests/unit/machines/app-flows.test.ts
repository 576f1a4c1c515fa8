import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { deferredWiring, flowLoaderWith, type FlowWiring } from '@machines/app/app.flows';
import { faqMachine } from '@machines/faq/faq.machine';
import { signUpMachine } from '@machines/sign-up/sign-up.machine';

const load = (wiring: FlowWiring, key: 'faq' | 'signUp') =>
  toPromise(createActor(flowLoaderWith(wiring), { input: { key } }).start());

describe('app flows: loading a flow’s machine with its route', () => {
  it('answers the machine from its own chunk as it is when nothing wires it', async () => {
    expect(await load({}, 'signUp')).toEqual({ key: 'signUp', logic: signUpMachine });
  });

  it('answers the machine as the wiring provides it', async () => {
    const wired = faqMachine.provide({});
    const wire = vi.fn(() => wired);
    expect(await load({ faq: wire }, 'faq')).toEqual({ key: 'faq', logic: wired });
    expect(wire).toHaveBeenCalledWith(faqMachine);
  });
});

describe('app flows: wiring kept in a chunk of its own', () => {
  it('imports the wiring once, however many of its flows are wanted', async () => {
    const importWiring = vi.fn(() =>
      Promise.resolve({
        signUp: (machine: typeof signUpMachine) => machine,
        faq: (machine: typeof faqMachine) => machine,
      }),
    );
    const wiring = deferredWiring(['signUp', 'faq'], importWiring);
    expect(importWiring).not.toHaveBeenCalled();
    expect((await load(wiring, 'signUp')).logic).toBe(signUpMachine);
    expect((await load(wiring, 'faq')).logic).toBe(faqMachine);
    expect(importWiring).toHaveBeenCalledTimes(1);
  });

  it('tries a chunk that failed again on the next visit instead of remembering the failure', async () => {
    const importWiring = vi
      .fn<() => Promise<{ faq: (machine: typeof faqMachine) => typeof faqMachine }>>()
      .mockRejectedValueOnce(new Error('chunk failed to load'))
      .mockResolvedValueOnce({ faq: (machine) => machine });
    const wiring = deferredWiring(['faq'], importWiring);
    await expect(load(wiring, 'faq')).rejects.toThrow('chunk failed to load');
    expect((await load(wiring, 'faq')).logic).toBe(faqMachine);
    expect(importWiring).toHaveBeenCalledTimes(2);
  });
});
