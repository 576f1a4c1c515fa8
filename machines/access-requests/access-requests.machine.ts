import { assign, sendTo, setup } from 'xstate';
import { ACCESS_REQUEST_REASON_MAX, type AccessRequest } from '@contracts/access-requests';
import { ApiError } from '@contracts/failures';
import type { RoleOption } from '@contracts/profile-form';
import { errorOf, failureNotice } from '../admin-grid/failure-notice';
import { notProvided } from '../support/actors';
import type { ReportingPorts } from '../support/ports';
import { label } from '../support/text';

export type AccessRequestsInput = { ports: ReportingPorts };

/** A decision as it is sent: approve with a role, or decline with a reason. */
export type AccessDecision =
  | { kind: 'approve'; id: string; version: number; roleValue: string }
  | { kind: 'decline'; id: string; version: number; reason: string };

export type AccessRequestsEvent =
  | { type: 'request.approve'; id: string }
  | { type: 'request.decline'; id: string }
  | { type: 'decision.role'; roleValue: string }
  | { type: 'decision.reason'; reason: string }
  | { type: 'decision.send' }
  | { type: 'decision.cancel' }
  | { type: 'retry' };

type AccessRequestsContext = AccessRequestsInput & {
  requests: readonly AccessRequest[];
  /** The request being decided, and the draft of the decision. */
  deciding: AccessRequest | undefined;
  kind: 'approve' | 'decline';
  roles: readonly RoleOption[];
  roleValue: string;
  reason: string;
  /** The last decision was refused as stale (decided or changed by someone else): the list was read again. */
  stale: boolean;
};

const isStale = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * Manage users' access requests (issue 34 item 4, docs/flows/access-requests.md): the open requests of the clients
 * the administrator reaches; Approve asks for the role among the application's roles (its role URL, as the user
 * dialog's role lists), Decline for a reason; a decision reads the list again, and so does one refused as stale (409:
 * someone decided it first), which the panel says.
 */
export const accessRequestsMachine = setup({
  types: {
    context: {} as AccessRequestsContext,
    input: {} as AccessRequestsInput,
    events: {} as AccessRequestsEvent,
    tags: {} as 'loading' | 'sending',
  },
  actors: {
    /** GET AccessRequest. */
    loadRequests: notProvided<undefined, AccessRequest[]>('loadRequests'),
    /** The application's roles for this person (its role URL, else its default role), without the excluded ones. */
    loadRoles: notProvided<{ request: AccessRequest }, RoleOption[]>('loadRoles'),
    /** POST AccessRequest/{id}/Approve or /Decline. */
    decide: notProvided<AccessDecision, undefined>('decide'),
  },
  actions: {
    report: sendTo(
      ({ context }) => context.ports.notifications,
      (_, error: unknown) => ({ type: 'error.report' as const, error, action: 'accessRequests' }),
    ),
    notifyFailure: sendTo(
      ({ context }) => context.ports.notifications,
      (_, error: unknown) => failureNotice(error, label('Global_Text_FailTitle')),
    ),
    clearDecision: assign({ deciding: undefined, roles: [], roleValue: '', reason: '' }),
  },
  guards: {
    isListed: ({ context, event }) =>
      (event.type === 'request.approve' || event.type === 'request.decline') &&
      context.requests.some((request) => request.id === event.id),
    hasRole: ({ context }) => context.roleValue.trim() !== '',
    isStale: ({ event }) => isStale((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'accessRequests',
  context: ({ input }) => ({
    ...input,
    requests: [],
    deciding: undefined,
    kind: 'approve',
    roles: [],
    roleValue: '',
    reason: '',
    stale: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadRequests',
        src: 'loadRequests',
        onDone: { target: 'ready', actions: assign({ requests: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: { type: 'report', params: errorOf } },
      },
    },
    failed: { on: { retry: { target: 'loading', actions: assign({ stale: false }) } } },
    ready: {
      on: {
        'request.approve': {
          guard: 'isListed',
          target: 'loadingRoles',
          actions: assign({
            deciding: ({ context, event }) => context.requests.find((request) => request.id === event.id),
            kind: 'approve',
            stale: false,
          }),
        },
        'request.decline': {
          guard: 'isListed',
          target: 'declining',
          actions: assign({
            deciding: ({ context, event }) => context.requests.find((request) => request.id === event.id),
            kind: 'decline',
            reason: '',
            stale: false,
          }),
        },
      },
    },
    loadingRoles: {
      tags: 'loading',
      invoke: {
        id: 'loadRoles',
        src: 'loadRoles',
        input: ({ context }) => ({ request: context.deciding as AccessRequest }),
        onDone: {
          target: 'approving',
          actions: assign({
            roles: ({ event }) => event.output,
            roleValue: ({ event }) => event.output[0]?.key ?? '',
          }),
        },
        onError: {
          target: 'ready',
          actions: [{ type: 'notifyFailure', params: errorOf }, 'clearDecision'],
        },
      },
    },
    /** The role to give, among the application's roles. */
    approving: {
      on: {
        'decision.role': { actions: assign({ roleValue: ({ event }) => event.roleValue }) },
        'decision.send': { guard: 'hasRole', target: 'sending' },
        'decision.cancel': { target: 'ready', actions: 'clearDecision' },
      },
    },
    /** The reason of the decline (optional, mailed to the person). */
    declining: {
      on: {
        'decision.reason': {
          actions: assign({ reason: ({ event }) => event.reason.slice(0, ACCESS_REQUEST_REASON_MAX) }),
        },
        'decision.send': { target: 'sending' },
        'decision.cancel': { target: 'ready', actions: 'clearDecision' },
      },
    },
    sending: {
      tags: 'sending',
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }): AccessDecision => {
          const request = context.deciding as AccessRequest;
          return context.kind === 'approve'
            ? { kind: 'approve', id: request.id, version: request.version, roleValue: context.roleValue }
            : { kind: 'decline', id: request.id, version: request.version, reason: context.reason };
        },
        onDone: { target: 'loading', actions: 'clearDecision' },
        onError: [
          { guard: 'isStale', target: 'loading', actions: ['clearDecision', assign({ stale: true })] },
          {
            target: 'ready',
            actions: [{ type: 'notifyFailure', params: errorOf }, 'clearDecision'],
          },
        ],
      },
    },
  },
});
