import { assign, sendTo, setup } from 'xstate';
import type { Culture } from '@contracts/culture';
import type { FaqQuestion } from '@contracts/resources';
import { errorOf } from '../admin-grid/failure-notice';
import { notProvided } from '../support/actors';
import type { FaqContext, FaqEvent, FaqInput } from './faq.types';

/** The first question of a category: the panel that opens when the category is chosen. */
const firstOf = (questions: readonly FaqQuestion[], part: string | undefined) =>
  questions.find((question) => question.part === part);

/**
 * The help page (spec public-and-profile §2 "Help (FAQ) page"; docs/flows/faq.md): reads the client's questions in
 * the page's culture (the server falls back to English), then selects the first question's category and expands its
 * panel. Choosing another category expands that category's first panel; a panel's header toggles it.
 */
export const faqMachine = setup({
  types: {
    context: {} as FaqContext,
    input: {} as FaqInput,
    events: {} as FaqEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** GET resource/faq?clientId&culture. */
    load: notProvided<{ clientId: string | undefined; culture: Culture }, FaqQuestion[]>('load'),
  },
  actions: {
    /** Spec §2: the first question's category is selected and the first panel expanded. */
    keepQuestions: assign((_, questions: readonly FaqQuestion[]) => {
      const first = questions[0];
      return { questions, part: first?.part, open: first === undefined ? [] : [first.id] };
    }),
    selectPart: assign(({ context, event }) => {
      if (event.type !== 'part.select') return {};
      const first = firstOf(context.questions, event.part);
      return first === undefined ? {} : { part: event.part, open: [first.id] };
    }),
    togglePanel: assign(({ context, event }) => {
      if (event.type !== 'panel.toggle') return {};
      const open = context.open.includes(event.id)
        ? context.open.filter((id) => id !== event.id)
        : [...context.open, event.id];
      return { open };
    }),
    /** The questions could not be read: the error catalogue says why (and the error log keeps it). */
    report: sendTo(
      ({ context }) => context.ports.notifications,
      (_, error: unknown) => ({ type: 'error.report' as const, error, action: 'faq' }),
    ),
  },
  guards: {
    isQuestion: ({ context, event }) =>
      event.type === 'panel.toggle' && context.questions.some((question) => question.id === event.id),
  },
}).createMachine({
  id: 'faq',
  context: ({ input }) => ({ ...input, questions: [], part: undefined, open: [] }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ clientId: context.clientId, culture: context.culture }),
        onDone: { target: 'ready', actions: { type: 'keepQuestions', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'report', params: errorOf } },
      },
    },
    /** The questions could not be read; Retry reads them again. */
    failed: { on: { retry: 'loading' } },
    ready: {
      on: {
        'part.select': { actions: 'selectPart' },
        'panel.toggle': { guard: 'isQuestion', actions: 'togglePanel' },
      },
    },
  },
});
