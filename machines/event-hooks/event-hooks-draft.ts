import * as v from 'valibot';
import { EventHookCreateSchema, type EventHookCreate } from '@contracts/admin/event-hooks';
import type { EventHookType } from '@contracts/event-hooks';

/** The new-hook form as typed: the texts as the inputs hold them, the event types as the checkboxes tick them. */
export interface EventHookDraft {
  name: string;
  uri: string;
  eventTypes: EventHookType[];
  authHeader: string;
  authValue: string;
}

export const emptyHookDraft = (): EventHookDraft => ({
  name: '',
  uri: 'https://',
  eventTypes: [],
  authHeader: '',
  authValue: '',
});

/** The body of POST EventHook the draft makes. */
export const hookBodyOf = (draft: EventHookDraft): EventHookCreate => ({ ...draft });

const inputs = ['name', 'uri', 'eventTypes', 'authHeader', 'authValue'] as const;

/** The inputs the server's contract would refuse, by name: the same rules, so Register is offered only when they pass. */
export function hookDraftProblems(draft: EventHookDraft): (keyof EventHookDraft)[] {
  const result = v.safeParse(EventHookCreateSchema, hookBodyOf(draft));
  if (result.success) return [];
  const names = result.issues.map((issue) => v.getDotPath(issue)?.split('.')[0]).filter((path) => path !== undefined);
  return inputs.filter((input) => names.includes(input));
}
