import * as v from 'valibot';
import { ApiTokenCreateSchema, RATE_LIMIT_DEFAULT, type ApiTokenCreate } from '@contracts/admin/api-tokens';

/** The new-token form as typed: every input a string, as the inputs hold them. */
export interface ApiTokenDraft {
  name: string;
  ownerId: string;
  /** '' for no expiry, else days. */
  expiresInDays: string;
  rateLimitPerMinute: string;
}

export const emptyDraft = (ownerId = ''): ApiTokenDraft => ({
  name: '',
  ownerId,
  expiresInDays: '90',
  rateLimitPerMinute: String(RATE_LIMIT_DEFAULT),
});

const numberOrNaN = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The body of POST ApiToken the draft makes. */
export const createBodyOf = (draft: ApiTokenDraft): ApiTokenCreate => ({
  name: draft.name,
  ownerId: draft.ownerId,
  expiresInDays: draft.expiresInDays === '' ? null : numberOrNaN(draft.expiresInDays),
  rateLimitPerMinute: numberOrNaN(draft.rateLimitPerMinute),
});

/** The inputs the server's contract would refuse, by name: the same rules, so Create is offered only when they pass. */
export function draftProblems(draft: ApiTokenDraft): (keyof ApiTokenDraft)[] {
  const result = v.safeParse(ApiTokenCreateSchema, createBodyOf(draft));
  if (result.success) return [];
  const names = result.issues.map((issue) => v.getDotPath(issue)).filter((path): path is string => path !== null);
  return (['name', 'ownerId', 'expiresInDays', 'rateLimitPerMinute'] as const).filter((input) => names.includes(input));
}
