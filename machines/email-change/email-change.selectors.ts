import type { SnapshotFrom } from 'xstate';
import { emailChangeInputFailure, type EmailChangeInput } from '@contracts/forms/email-change-rules';
import type { FieldFailure } from '@contracts/forms/rules';
import type { emailChangeMachine } from './email-change.machine';

type EmailChangeSnapshot = SnapshotFrom<typeof emailChangeMachine>;

/** The section's step: a call in flight keeps its step on screen (busy), so the form does not jump while it waits. */
export type EmailChangeStep = 'idle' | 'entering' | 'code' | 'done';

const stepOf = {
  idle: 'idle',
  entering: 'entering',
  requesting: 'entering',
  code: 'code',
  confirming: 'code',
  done: 'done',
} as const satisfies Record<EmailChangeSnapshot['value'], EmailChangeStep>;

export const selectStep = (s: EmailChangeSnapshot): EmailChangeStep => stepOf[s.value];
export const selectIsBusy = (s: EmailChangeSnapshot): boolean => s.hasTag('busy');
export const selectEmail = (s: EmailChangeSnapshot): string => s.context.email;
export const selectIsSso = (s: EmailChangeSnapshot): boolean => s.context.ssoUser;
export const selectValue = (input: EmailChangeInput) => (s: EmailChangeSnapshot) => s.context[input];
export const selectRefusal = (s: EmailChangeSnapshot) => s.context.refusal;

/** An input's first failure of the shared rules, once it is to be shown (touched, or its submit tried). */
export const selectFailure =
  (input: EmailChangeInput) =>
  (s: EmailChangeSnapshot): FieldFailure | undefined =>
    s.context.touched.includes(input) ? emailChangeInputFailure(input, s.context[input]) : undefined;
