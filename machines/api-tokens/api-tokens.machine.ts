import { assign, sendTo, setup } from 'xstate';
import type { ApiToken, ApiTokenCreate, ApiTokenCreated, ApiTokenOwner } from '@contracts/admin/api-tokens';
import { errorOf, failureNotice } from '../admin-grid/failure-notice';
import { notProvided } from '../support/actors';
import type { ReportingPorts } from '../support/ports';
import { createThenShowOnce } from '../support/create-then-show-once';
import { label } from '../support/text';
import { createBodyOf, draftProblems, emptyDraft, type ApiTokenDraft } from './api-tokens-draft';

export interface ApiTokensData {
  tokens: ApiToken[];
  owners: ApiTokenOwner[];
}

export type ApiTokensEvent =
  | { type: 'tokens.retry' }
  | { type: 'create.open' }
  | { type: 'create.change'; changes: Partial<ApiTokenDraft> }
  | { type: 'create.submit' }
  | { type: 'create.cancel' }
  | { type: 'value.dismiss' }
  | { type: 'revoke.ask'; id: string }
  | { type: 'revoke.confirm' }
  | { type: 'revoke.cancel' };

export type ApiTokensContext = ReportingPorts & {
  tokens: ApiToken[];
  owners: ApiTokenOwner[];
  draft: ApiTokenDraft;
  /** The inputs the person has changed since the form opened: only their problems are shown (spec §5, after touch). */
  edited: (keyof ApiTokenDraft)[];
  /** The new token's value, held only while it is shown (cleared on leaving `showingValue`). */
  shownValue: string | undefined;
  /** The token a revoke is asked or running for. */
  revoking: ApiToken | undefined;
};

/** The new-token form and its value shown once, as every page that creates a secret. */
const valueOnce = createThenShowOnce({
  machine: 'apiTokens',
  create: 'createToken',
  input: ({ context }: { context: ApiTokensContext }) => createBodyOf(context.draft),
  shown: 'showingValue',
  show: 'showValue',
  forget: 'forgetValue',
  dismiss: 'value.dismiss',
});

/**
 * API tokens (issue 33 item 1; docs/flows/api-tokens.md): the provider administrator's list of SSWS tokens for the
 * embedded IdP's management API. A new token's value is shown once, then forgotten; a revoke asks first. A failed
 * call is reported (the error catalogue handles 401/403 and lost connections), and the list is read again after every
 * change so that what is shown is what the server holds.
 */
export const apiTokensMachine = setup({
  types: {
    context: {} as ApiTokensContext,
    events: {} as ApiTokensEvent,
    input: {} as ReportingPorts,
    tags: {} as 'busy',
  },
  actors: {
    /** GET ApiToken and GET ApiTokenOwner. */
    loadTokens: notProvided<undefined, ApiTokensData>('loadTokens'),
    /** POST ApiToken. */
    createToken: notProvided<ApiTokenCreate, ApiTokenCreated>('createToken'),
    /** DELETE ApiToken/{id}. */
    revokeToken: notProvided<{ id: string }, undefined>('revokeToken'),
  },
  guards: {
    draftIsValid: ({ context }) => draftProblems(context.draft).length === 0,
  },
  actions: {
    keepData: assign((_, data: ApiTokensData) => ({ tokens: data.tokens, owners: data.owners })),
    startDraft: assign(({ context }) => ({ draft: emptyDraft(context.owners[0]?.id ?? ''), edited: [] })),
    changeDraft: assign(({ context }, changes: Partial<ApiTokenDraft>) => ({
      draft: { ...context.draft, ...changes },
      edited: [...new Set([...context.edited, ...(Object.keys(changes) as (keyof ApiTokenDraft)[])])],
    })),
    showValue: assign((_, created: ApiTokenCreated) => ({ shownValue: created.value })),
    forgetValue: assign({ shownValue: undefined }),
    askRevoke: assign(({ context }, id: string) => ({ revoking: context.tokens.find((token) => token.id === id) })),
    forgetRevoke: assign({ revoking: undefined }),
    reportLoadFailure: sendTo(
      ({ context }) => context.notifications,
      (_, error: unknown) => ({ type: 'error.report' as const, error, action: 'apiTokens.load' }),
    ),
    reportCreateFailure: sendTo(
      ({ context }) => context.notifications,
      (_, error: unknown) => failureNotice(error, label('ApiToken_Text_CreateFailed')),
    ),
    reportRevokeFailure: sendTo(
      ({ context }) => context.notifications,
      (_, error: unknown) => failureNotice(error, label('ApiToken_Text_RevokeFailed')),
    ),
  },
}).createMachine({
  id: 'apiTokens',
  context: ({ input }) => ({
    notifications: input.notifications,
    tokens: [],
    owners: [],
    draft: emptyDraft(),
    edited: [],
    shownValue: undefined,
    revoking: undefined,
  }),
  initial: 'loading',
  states: {
    /** The tokens and the people who may own one are read (again after every change). */
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadTokens',
        src: 'loadTokens',
        onDone: { target: 'ready', actions: { type: 'keepData', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'reportLoadFailure', params: errorOf } },
      },
    },
    ready: {
      on: {
        'create.open': { target: 'creating', actions: 'startDraft' },
        'revoke.ask': {
          guard: ({ context, event }) =>
            context.tokens.some((token) => token.id === event.id && token.status === 'active'),
          target: 'confirmingRevoke',
          actions: { type: 'askRevoke', params: ({ event }) => event.id },
        },
      },
    },
    /** The list could not be read; Try again. */
    failed: { on: { 'tokens.retry': 'loading' } },
    /** The new-token form: name, owner, expiry and rate limit; then the value, this once. */
    creating: valueOnce.creating,
    showingValue: valueOnce.shown,
    /** Revoke asks first: the token stops working at once and for good. */
    confirmingRevoke: {
      on: {
        'revoke.confirm': 'revoking',
        'revoke.cancel': { target: 'ready', actions: 'forgetRevoke' },
      },
    },
    revoking: {
      tags: 'busy',
      invoke: {
        id: 'revokeToken',
        src: 'revokeToken',
        input: ({ context }) => ({ id: context.revoking?.id ?? '' }),
        onDone: { target: 'loading', actions: 'forgetRevoke' },
        onError: { target: 'loading', actions: ['forgetRevoke', { type: 'reportRevokeFailure', params: errorOf }] },
      },
    },
  },
});
