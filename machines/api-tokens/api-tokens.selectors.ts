import type { SnapshotFrom } from 'xstate';
import type { ApiToken, ApiTokenOwner } from '@contracts/admin/api-tokens';
import { draftProblems, type ApiTokenDraft } from './api-tokens-draft';
import type { apiTokensMachine } from './api-tokens.machine';

type ApiTokensSnapshot = SnapshotFrom<typeof apiTokensMachine>;

/** The tokens to list (newest first, as the server orders them). */
export const selectTokens = (s: ApiTokensSnapshot): ApiToken[] => s.context.tokens;
export const selectOwners = (s: ApiTokensSnapshot): ApiTokenOwner[] => s.context.owners;

/** The first read runs: the page says it is loading. */
export const selectIsLoading = (s: ApiTokensSnapshot): boolean => s.matches('loading');
export const selectHasFailed = (s: ApiTokensSnapshot): boolean => s.matches('failed');

/** New token is offered only on the list at rest. */
export const selectMayCreate = (s: ApiTokensSnapshot): boolean => s.can({ type: 'create.open' });

/** The new-token form is open (editing or saving). */
export const selectIsCreating = (s: ApiTokensSnapshot): boolean => s.matches('creating');
export const selectIsSaving = (s: ApiTokensSnapshot): boolean => s.matches({ creating: 'saving' });
export const selectDraft = (s: ApiTokensSnapshot): ApiTokenDraft => s.context.draft;
/** The inputs the rules refuse, for their messages. */
export const selectDraftProblems = (s: ApiTokensSnapshot): (keyof ApiTokenDraft)[] => draftProblems(s.context.draft);
/** The problems the form shows: those of inputs the person has changed, so a form just opened shows no message. */
export const selectShownProblems = (s: ApiTokensSnapshot): (keyof ApiTokenDraft)[] =>
  selectDraftProblems(s).filter((input) => s.context.edited.includes(input));
export const selectMaySubmit = (s: ApiTokensSnapshot): boolean => s.can({ type: 'create.submit' });

/** The new token's value, while it is shown; undefined otherwise. */
export const selectShownValue = (s: ApiTokensSnapshot): string | undefined =>
  s.matches('showingValue') ? s.context.shownValue : undefined;

/** The token a revoke is asked for (the confirmation names it). */
export const selectRevokeAsked = (s: ApiTokensSnapshot): ApiToken | undefined =>
  s.matches('confirmingRevoke') || s.matches('revoking') ? s.context.revoking : undefined;
export const selectIsRevoking = (s: ApiTokensSnapshot): boolean => s.matches('revoking');

/** Revoke is offered for an active token while the list is at rest. */
export const selectMayRevoke = (s: ApiTokensSnapshot, id: string): boolean => s.can({ type: 'revoke.ask', id });
