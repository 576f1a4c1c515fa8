import { assign, sendTo, setup } from 'xstate';
import type { EventHook, EventHookCreate, EventHookCreated, EventHookDelivery } from '@contracts/admin/event-hooks';
import { errorOf, failureNotice } from '../admin-grid/failure-notice';
import { notProvided } from '../support/actors';
import type { ReportingPorts } from '../support/ports';
import { createThenShowOnce } from '../support/create-then-show-once';
import { label } from '../support/text';
import { emptyHookDraft, hookBodyOf, hookDraftProblems, type EventHookDraft } from './event-hooks-draft';

/** What a hook's row may ask of the identity provider. */
export type EventHookChange = 'verify' | 'activate' | 'deactivate';

export type EventHooksEvent =
  | { type: 'hooks.retry' }
  | { type: 'create.open' }
  | { type: 'create.change'; changes: Partial<EventHookDraft> }
  | { type: 'create.submit' }
  | { type: 'create.cancel' }
  | { type: 'secret.dismiss' }
  | { type: 'hook.verify'; id: string }
  | { type: 'hook.activate'; id: string }
  | { type: 'hook.deactivate'; id: string }
  | { type: 'delete.ask'; id: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'deliveries.open'; id: string }
  | { type: 'deliveries.refresh' }
  | { type: 'deliveries.close' };

export type EventHooksContext = ReportingPorts & {
  hooks: EventHook[];
  draft: EventHookDraft;
  /** The inputs the person has changed since the form opened: only their problems are shown. */
  edited: (keyof EventHookDraft)[];
  /** The new hook's signing secret, held only while it is shown (cleared on leaving `showingSecret`). */
  shownSecret: string | undefined;
  /** The hook a change, a delete or the delivery log is for. */
  chosen: EventHook | undefined;
  change: EventHookChange | undefined;
  deliveries: EventHookDelivery[];
};

/** Whether the listed hook with this id is as the test says. */
const hookIs = (context: EventHooksContext, id: string, test: (hook: EventHook) => boolean) =>
  context.hooks.some((hook) => hook.id === id && test(hook));

const failed = {
  verify: 'EventHook_Text_VerifyFailed',
  activate: 'EventHook_Text_ChangeFailed',
  deactivate: 'EventHook_Text_ChangeFailed',
} as const;

/** The new-hook form and its signing secret shown once, as every page that creates a secret. */
const secretOnce = createThenShowOnce({
  machine: 'eventHooks',
  create: 'createHook',
  input: ({ context }: { context: EventHooksContext }) => hookBodyOf(context.draft),
  shown: 'showingSecret',
  show: 'showSecret',
  forget: 'forgetSecret',
  dismiss: 'secret.dismiss',
});

/**
 * Event hooks (issue 33 item 4; docs/flows/event-hooks.md): the provider administrator's hooks of the identity
 * provider. A new hook's signing secret is shown once, then forgotten; a hook is verified (Okta's challenge),
 * activated and deactivated from its row; an inactive one may be deleted after a question; each hook's delivery log
 * is read on demand and again on Refresh. The list is read again after every change, so what is shown is what the
 * identity provider holds; a failed call is reported.
 */
export const eventHooksMachine = setup({
  types: {
    context: {} as EventHooksContext,
    events: {} as EventHooksEvent,
    input: {} as ReportingPorts,
    tags: {} as 'busy',
  },
  actors: {
    /** GET EventHook. */
    loadHooks: notProvided<undefined, EventHook[]>('loadHooks'),
    /** POST EventHook. */
    createHook: notProvided<EventHookCreate, EventHookCreated>('createHook'),
    /** POST EventHook/{id}/verify, …/activate, …/deactivate. */
    changeHook: notProvided<{ id: string; change: EventHookChange }, EventHook>('changeHook'),
    /** DELETE EventHook/{id}. */
    deleteHook: notProvided<{ id: string }, undefined>('deleteHook'),
    /** GET EventHook/{id}/Delivery. */
    loadDeliveries: notProvided<{ id: string }, EventHookDelivery[]>('loadDeliveries'),
  },
  guards: {
    draftIsValid: ({ context }) => hookDraftProblems(context.draft).length === 0,
  },
  actions: {
    keepHooks: assign((_, hooks: EventHook[]) => ({ hooks })),
    startDraft: assign({ draft: emptyHookDraft(), edited: [] }),
    changeDraft: assign(({ context }, changes: Partial<EventHookDraft>) => ({
      draft: { ...context.draft, ...changes },
      edited: [...new Set([...context.edited, ...(Object.keys(changes) as (keyof EventHookDraft)[])])],
    })),
    showSecret: assign((_, created: EventHookCreated) => ({ shownSecret: created.signingSecret })),
    forgetSecret: assign({ shownSecret: undefined }),
    choose: assign(({ context }, params: { id: string; change?: EventHookChange }) => ({
      chosen: context.hooks.find((hook) => hook.id === params.id),
      change: params.change,
    })),
    forget: assign({ chosen: undefined, change: undefined, deliveries: [] }),
    keepDeliveries: assign((_, deliveries: EventHookDelivery[]) => ({ deliveries })),
    reportLoadFailure: sendTo(
      ({ context }) => context.notifications,
      (_, error: unknown) => ({ type: 'error.report' as const, error, action: 'eventHooks.load' }),
    ),
    reportCreateFailure: sendTo(
      ({ context }) => context.notifications,
      (_, error: unknown) => failureNotice(error, label('EventHook_Text_CreateFailed')),
    ),
    reportChangeFailure: sendTo(
      ({ context }) => context.notifications,
      ({ context }, error: unknown) => failureNotice(error, label(failed[context.change ?? 'activate'])),
    ),
    reportDeleteFailure: sendTo(
      ({ context }) => context.notifications,
      (_, error: unknown) => failureNotice(error, label('EventHook_Text_DeleteFailed')),
    ),
    reportDeliveriesFailure: sendTo(
      ({ context }) => context.notifications,
      (_, error: unknown) => ({ type: 'error.report' as const, error, action: 'eventHooks.deliveries' }),
    ),
  },
}).createMachine({
  id: 'eventHooks',
  context: ({ input }) => ({
    notifications: input.notifications,
    hooks: [],
    draft: emptyHookDraft(),
    edited: [],
    shownSecret: undefined,
    chosen: undefined,
    change: undefined,
    deliveries: [],
  }),
  initial: 'loading',
  states: {
    /** The hooks are read (again after every change). */
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadHooks',
        src: 'loadHooks',
        onDone: { target: 'ready', actions: { type: 'keepHooks', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'reportLoadFailure', params: errorOf } },
      },
    },
    ready: {
      on: {
        'create.open': { target: 'creating', actions: 'startDraft' },
        // Verify is offered until the endpoint has proved itself; activate and deactivate as the status allows.
        'hook.verify': {
          guard: ({ context, event }) => hookIs(context, event.id, (hook) => hook.verificationStatus === 'UNVERIFIED'),
          target: 'changing',
          actions: { type: 'choose', params: ({ event }) => ({ id: event.id, change: 'verify' as const }) },
        },
        'hook.activate': {
          guard: ({ context, event }) => hookIs(context, event.id, (hook) => hook.status === 'INACTIVE'),
          target: 'changing',
          actions: { type: 'choose', params: ({ event }) => ({ id: event.id, change: 'activate' as const }) },
        },
        'hook.deactivate': {
          guard: ({ context, event }) => hookIs(context, event.id, (hook) => hook.status === 'ACTIVE'),
          target: 'changing',
          actions: { type: 'choose', params: ({ event }) => ({ id: event.id, change: 'deactivate' as const }) },
        },
        // As Okta: an active hook is deactivated before it is deleted.
        'delete.ask': {
          guard: ({ context, event }) => hookIs(context, event.id, (hook) => hook.status === 'INACTIVE'),
          target: 'confirmingDelete',
          actions: { type: 'choose', params: ({ event }) => ({ id: event.id }) },
        },
        'deliveries.open': {
          guard: ({ context, event }) => hookIs(context, event.id, () => true),
          target: 'deliveries',
          actions: { type: 'choose', params: ({ event }) => ({ id: event.id }) },
        },
      },
    },
    /** The list could not be read; Try again. */
    failed: { on: { 'hooks.retry': 'loading' } },
    /** The new-hook form (Register is offered when the contract's rules pass); then the signing secret, this once. */
    creating: secretOnce.creating,
    showingSecret: secretOnce.shown,
    /** Verify, activate or deactivate one hook; the list is read again either way. */
    changing: {
      tags: 'busy',
      invoke: {
        id: 'changeHook',
        src: 'changeHook',
        input: ({ context }) => ({ id: context.chosen?.id ?? '', change: context.change ?? 'verify' }),
        onDone: { target: 'loading', actions: 'forget' },
        onError: {
          target: 'loading',
          actions: [{ type: 'reportChangeFailure', params: errorOf }, 'forget'],
        },
      },
    },
    /** Delete asks first: the hook and its pending deliveries go for good. */
    confirmingDelete: {
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': { target: 'ready', actions: 'forget' },
      },
    },
    deleting: {
      tags: 'busy',
      invoke: {
        id: 'deleteHook',
        src: 'deleteHook',
        input: ({ context }) => ({ id: context.chosen?.id ?? '' }),
        onDone: { target: 'loading', actions: 'forget' },
        onError: { target: 'loading', actions: ['forget', { type: 'reportDeleteFailure', params: errorOf }] },
      },
    },
    /** One hook's delivery log, the newest first; Refresh reads it again, Close goes back to the list. */
    deliveries: {
      initial: 'reading',
      on: { 'deliveries.close': { target: 'ready', actions: 'forget' } },
      states: {
        reading: {
          tags: 'busy',
          invoke: {
            id: 'loadDeliveries',
            src: 'loadDeliveries',
            input: ({ context }) => ({ id: context.chosen?.id ?? '' }),
            onDone: { target: 'shown', actions: { type: 'keepDeliveries', params: ({ event }) => event.output } },
            onError: { target: 'unread', actions: { type: 'reportDeliveriesFailure', params: errorOf } },
          },
        },
        shown: { on: { 'deliveries.refresh': 'reading' } },
        /** The log could not be read; Refresh tries again. */
        unread: { on: { 'deliveries.refresh': 'reading' } },
      },
    },
  },
});
