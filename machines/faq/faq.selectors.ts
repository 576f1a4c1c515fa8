import type { SnapshotFrom } from 'xstate';
import type { FaqQuestion } from '@contracts/resources';
import type { faqMachine } from './faq.machine';

type FaqSnapshot = SnapshotFrom<typeof faqMachine>;

/** What the page shows: a spinner, the failure with Retry, no questions yet, or the questions. */
export type FaqSection = 'loading' | 'failed' | 'empty' | 'questions';

export const selectSection = (s: FaqSnapshot): FaqSection => {
  if (s.matches('loading')) return 'loading';
  if (s.matches('failed')) return 'failed';
  return s.context.questions.length === 0 ? 'empty' : 'questions';
};

export const selectClientId = (s: FaqSnapshot) => s.context.clientId;

/** The categories (each question's Part), in the order their first question comes. */
export const selectParts = (s: FaqSnapshot): string[] => [...new Set(s.context.questions.map((q) => q.part))];

export const selectSelectedPart = (s: FaqSnapshot) => s.context.part;

/** Every question (the one accordion of small screens). */
export const selectQuestions = (s: FaqSnapshot): readonly FaqQuestion[] => s.context.questions;

/** The questions of the selected category (the panels beside the list on large screens). */
export const selectPartQuestions = (s: FaqSnapshot): FaqQuestion[] =>
  s.context.questions.filter((question) => question.part === s.context.part);

export const selectOpenPanels = (s: FaqSnapshot): readonly string[] => s.context.open;
