import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { FaqQuestion } from '@contracts/resources';
import { faqMachine } from '@machines/faq/faq.machine';
import {
  selectOpenPanels,
  selectPartQuestions,
  selectParts,
  selectSection,
  selectSelectedPart,
} from '@machines/faq/faq.selectors';
import { faqQuestions } from '../../support/faq-fixtures';
import { fakePorts } from '../../support/fake-ports';

/**
 * The help page's flow (machines/faq; spec public-and-profile §2 "Help (FAQ) page"): one hop per rule, with the read
 * answered by a fake at the actor seam.
 */

function openPage(answers: (readonly FaqQuestion[] | Error)[]) {
  const { ports, notifications } = fakePorts();
  const asked: unknown[] = [];
  const machine = faqMachine.provide({
    actors: {
      load: fromPromise(({ input }) => {
        asked.push(input);
        const next = answers.shift();
        if (next === undefined) return new Promise<FaqQuestion[]>(() => undefined);
        return next instanceof Error ? Promise.reject(next) : Promise.resolve([...next]);
      }),
    },
  });
  const actor = createActor(machine, { input: { clientId: 'acme', culture: 'es', ports } });
  actor.start();
  const settle = (section: ReturnType<typeof selectSection>) => waitFor(actor, (s) => selectSection(s) === section);
  return { actor, asked, notifications, settle };
}

describe('help page flow', () => {
  it('reads the questions of the client in the page culture', async () => {
    const { asked, settle } = openPage([faqQuestions]);
    await settle('questions');
    expect(asked).toEqual([{ clientId: 'acme', culture: 'es' }]);
  });

  it('selects the first question category and expands the first panel at start', async () => {
    const { actor, settle } = openPage([faqQuestions]);
    await settle('questions');
    const s = actor.getSnapshot();
    expect(selectParts(s)).toEqual(['Signing in', 'Your profile']);
    expect(selectSelectedPart(s)).toBe('Signing in');
    expect(selectOpenPanels(s)).toEqual(['q1']);
    expect(selectPartQuestions(s).map((q) => q.id)).toEqual(['q1', 'q2']);
  });

  it('expands the first panel of a category chosen from the list', async () => {
    const { actor, settle } = openPage([faqQuestions]);
    await settle('questions');
    actor.send({ type: 'part.select', part: 'Your profile' });
    expect(selectSelectedPart(actor.getSnapshot())).toBe('Your profile');
    expect(selectOpenPanels(actor.getSnapshot())).toEqual(['q3']);
    actor.send({ type: 'part.select', part: 'No such category' });
    expect(selectSelectedPart(actor.getSnapshot())).toBe('Your profile');
  });

  it('toggles a panel by its header, and ignores an id that is no question', async () => {
    const { actor, settle } = openPage([faqQuestions]);
    await settle('questions');
    actor.send({ type: 'panel.toggle', id: 'q2' });
    expect(selectOpenPanels(actor.getSnapshot())).toEqual(['q1', 'q2']);
    actor.send({ type: 'panel.toggle', id: 'q1' });
    expect(selectOpenPanels(actor.getSnapshot())).toEqual(['q2']);
    actor.send({ type: 'panel.toggle', id: 'nope' });
    expect(selectOpenPanels(actor.getSnapshot())).toEqual(['q2']);
  });

  it('shows the empty notice when the client has no questions', async () => {
    const { actor, settle } = openPage([[]]);
    await settle('empty');
    expect(selectSelectedPart(actor.getSnapshot())).toBeUndefined();
    expect(selectOpenPanels(actor.getSnapshot())).toEqual([]);
  });

  it('reports a failed read, and Retry reads again', async () => {
    const { actor, settle, notifications, asked } = openPage([new Error('offline'), faqQuestions]);
    await settle('failed');
    expect(notifications).toMatchObject([{ type: 'error.report', action: 'faq' }]);
    actor.send({ type: 'retry' });
    await settle('questions');
    expect(asked).toHaveLength(2);
  });
});
