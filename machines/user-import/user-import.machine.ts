import { assign, sendTo, setup } from 'xstate';
import type { Culture } from '@contracts/culture';
import {
  IMPORT_FILE_LIMIT,
  type ImportClient,
  type ImportInvited,
  type ImportJob,
  type ImportMode,
  type ImportPreview,
  type ImportRoles,
} from '@contracts/user-import';
import { errorOf } from '../admin-grid/failure-notice';
import { notProvided, providedAtEdge } from '../support/actors';
import { inviteFailureOf } from './invite-failure';
import { importableRows, outcomeOf, type ImportOutcome } from './outcome';
import type {
  UploadInput,
  UploadOutcome,
  UserImportContext,
  UserImportEvent,
  UserImportInput,
} from './user-import.types';

/** The job a commit or watch call answered with (the params of `committed` and `finish`). */
const jobOf = ({ event }: { event: { output: ImportJob } }): ImportJob => event.output;

/** A committed job ends the flow in the outcome its counts say (outcome.ts). */
const doneAs = <O extends ImportOutcome>(outcome: O) =>
  ({
    guard: {
      type: 'committedAs',
      params: ({ event }: { event: { output: ImportJob } }) => ({ job: event.output, outcome }),
    },
    target: `#userImport.done.${outcome}`,
    actions: { type: 'finish', params: jobOf },
  }) as const;

/** Both calls answer with the job; once it is committed, the flow is done (the commit or the last watch). */
const committedToDone = [doneAs('nothing'), doneAs('partly'), doneAs('succeeded')] as const;

/** Every row has its outcome and the activation mails go out: the mail phase (the commit's answer, or a watch's). */
const toMailing = {
  guard: { type: 'mailing', params: jobOf },
  target: 'mailing',
  actions: { type: 'track', params: jobOf },
} as const;

/**
 * A phase of the commit followed by watching the job (the server answers once it has moved on): the first of `ends`
 * that holds leaves the phase, else the phase watches again with the answer tracked.
 */
const followed = (
  phase: 'watching' | 'mailing',
  ends: readonly ((typeof committedToDone)[number] | typeof toMailing)[],
) =>
  ({
    invoke: {
      id: 'watch',
      src: 'watch',
      input: ({ context }: { context: UserImportContext }) => ({ jobId: context.preview?.job.id ?? '' }),
      onDone: [...ends, { target: phase, reenter: true, actions: { type: 'track', params: jobOf } }],
      onError: { target: '#userImport.failed', actions: { type: 'report', params: errorOf } },
    },
  }) as const;

/**
 * Manage Import Users (admin-and-board §2, §3, §4, §5, §7, §8): choose an importable client; once its applications'
 * roles have loaded, download its template or upload a file (refused here when it is 1 MiB or more, before any call);
 * the server's dry run comes back as a preview (counts and every failing row); commit it as create, update or upsert,
 * and follow the progress of its rows, then of its activation mails (the server's mail phase), until the job is
 * done; then download the report. Or, instead of committing, invite the
 * preview's new people to sign up (confirm, then the server invites them from the job's rows, skipping members and
 * people already invited; the invitations panel then lists them), with Retry when that call fails. While a file
 * uploads, a commit runs or the invitations are sent, nothing else can be started (the buttons are disabled: `can` answers false). Downloads are effects of the edge: the
 * flow does not wait for them. Unexpected failures go to the notifications singleton and end in `failed`.
 */
export const userImportMachine = setup({
  types: {
    input: {} as UserImportInput,
    context: {} as UserImportContext,
    events: {} as UserImportEvent,
    tags: {} as 'busy',
  },
  actors: {
    loadClients: notProvided<undefined, ImportClient[]>('loadClients'),
    /** The chosen client's roles (each application's role list) and its import history. */
    loadClient: notProvided<{ clientId: string }, { roles: ImportRoles; history: ImportJob[] }>('loadClient'),
    /** POST Instance/uploadtemplate: the dry run started (its job `checking`), or the server's refusal of the file. */
    upload: notProvided<UploadInput, UploadOutcome>('upload'),
    /** GET UserImport/jobs/{id}/preview after a pause the edge chooses: the dry run as far as it is. */
    check: notProvided<{ jobId: string }, ImportPreview>('check'),
    /** POST UserImport/jobs/{id}/commit: the job as the commit starts it. */
    commit: notProvided<{ jobId: string; mode: ImportMode }, ImportJob>('commit'),
    /** GET UserImport/jobs/{id} after a pause the edge chooses: the job's progress. */
    watch: notProvided<{ jobId: string }, ImportJob>('watch'),
    /** POST UserImport/jobs/{id}/invite: the job's new people invited, in their row's language or the admin's. */
    invite: notProvided<{ jobId: string; culture: Culture }, ImportInvited>('invite'),
  },
  actions: {
    downloadTemplate: providedAtEdge<{ clientId: string }>(),
    downloadReport: providedAtEdge<{ jobId: string; fileName: string }>(),
    /** The job as a call answered it while the commit runs (the progress). */
    track: assign((_, job: ImportJob) => ({ job })),
    /** A committed job: the outcome, and the history with it first (in place of the copy it had while running). */
    finish: assign(({ context }, job: ImportJob) => ({
      job,
      history: [job, ...context.history.filter((each) => each.id !== job.id)],
    })),
    /** The users grid reads its page again: the people a commit created or changed show without a reload. */
    refreshGrid: sendTo(({ context }) => context.ports.grid, { type: 'grid.refresh' as const }),
    /** The invitations panel reads the client's invitations again, the new ones among them. */
    refreshInvitations: sendTo(
      ({ context }) => context.ports.invitations,
      ({ context }) => ({ type: 'invitations.added' as const, clientId: context.clientId ?? '' }),
    ),
    report: sendTo(
      ({ context }) => context.ports.notifications,
      (_, error: unknown) => ({ type: 'error.report' as const, error, action: 'userImport' }),
    ),
  },
  guards: {
    tooLarge: ({ event }) => event.type === 'file.choose' && event.file.size >= IMPORT_FILE_LIMIT,
    committedAs: (_, { job, outcome }: { job: ImportJob; outcome: ImportOutcome }) =>
      job.status === 'committed' && outcomeOf(job) === outcome,
    mailing: (_, job: ImportJob) => job.status === 'mailing',
    /** The dry run has every row checked (its job is no longer `checking`). */
    checked: (_, preview: ImportPreview) => preview.job.status !== 'checking',
    /** Import is offered only when the commit would import someone in its mode (issue 29 §4). */
    importable: ({ context, event }) =>
      event.type === 'import.commit' &&
      context.preview !== null &&
      importableRows(context.preview.job.counts, event.mode) > 0,
    hasNewPeople: ({ context }) => (context.preview?.job.counts.new ?? 0) > 0,
  },
}).createMachine({
  id: 'userImport',
  context: ({ input }) => ({
    ...input,
    clients: [],
    clientId: null,
    roles: [],
    file: null,
    refusal: null,
    preview: null,
    mode: null,
    job: null,
    history: [],
    invited: null,
    inviteFailure: null,
  }),
  initial: 'idle',
  on: {
    // Another client can be chosen whenever nothing is running (not while uploading or committing).
    'client.select': {
      guard: ({ context, event }) => context.clients.some((client) => client.id === event.clientId),
      target: '.loadingRoles',
      actions: assign({ clientId: ({ event }) => event.clientId }),
    },
  },
  states: {
    idle: {
      invoke: {
        id: 'loadClients',
        src: 'loadClients',
        onDone: { actions: assign({ clients: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: { type: 'report', params: errorOf } },
      },
    },
    loadingRoles: {
      entry: assign({
        roles: [],
        history: [],
        refusal: null,
        preview: null,
        job: null,
      }),
      invoke: {
        id: 'loadClient',
        src: 'loadClient',
        input: ({ context }) => ({ clientId: context.clientId ?? '' }),
        onDone: {
          target: 'ready',
          actions: assign({ roles: ({ event }) => event.output.roles, history: ({ event }) => event.output.history }),
        },
        onError: { target: 'failed', actions: { type: 'report', params: errorOf } },
      },
    },
    ready: {
      on: {
        'template.download': {
          actions: { type: 'downloadTemplate', params: ({ context }) => ({ clientId: context.clientId ?? '' }) },
        },
        'file.choose': [
          {
            guard: 'tooLarge',
            actions: assign({ refusal: ({ event }) => ({ kind: 'tooLarge' as const, fileName: event.file.name }) }),
          },
          { target: 'uploading', actions: assign({ file: ({ event }) => event.file, refusal: null }) },
        ],
      },
    },
    /**
     * The file goes up and the server starts its dry run as a job (answered at once), which is then followed until
     * every row is checked: never one request held open under the browser's timeout (issue 29 §7).
     */
    uploading: {
      tags: 'busy',
      on: { 'client.select': {} },
      initial: 'sending',
      states: {
        sending: {
          invoke: {
            id: 'upload',
            src: 'upload',
            input: ({ context }) => ({
              clientId: context.clientId ?? '',
              roles: context.roles,
              file: context.file ?? { name: '', size: 0, type: '', lastModified: 0 },
            }),
            onDone: [
              {
                guard: ({ event }) => event.output.ok,
                target: 'checking',
                actions: assign({ preview: ({ event }) => (event.output.ok ? event.output.preview : null) }),
              },
              {
                target: '#userImport.ready',
                actions: assign({
                  refusal: ({ event }) => ({
                    kind: 'refused' as const,
                    message: event.output.ok ? '' : event.output.message,
                  }),
                }),
              },
            ],
            onError: { target: '#userImport.failed', actions: { type: 'report', params: errorOf } },
          },
        },
        /** The dry run's job is read again (after the edge's pause) until its rows are all checked. */
        checking: {
          invoke: {
            id: 'check',
            src: 'check',
            input: ({ context }) => ({ jobId: context.preview?.job.id ?? '' }),
            onDone: [
              {
                guard: { type: 'checked', params: ({ event }) => event.output },
                target: '#userImport.preview',
                actions: assign({ preview: ({ event }) => event.output }),
              },
              { target: 'checking', reenter: true, actions: assign({ preview: ({ event }) => event.output }) },
            ],
            onError: { target: '#userImport.failed', actions: { type: 'report', params: errorOf } },
          },
        },
      },
    },
    preview: {
      on: {
        'import.commit': {
          guard: 'importable',
          target: 'committing',
          actions: assign({ mode: ({ event }) => event.mode }),
        },
        'import.discard': { target: 'ready', actions: assign({ preview: null }) },
        'invite.start': { guard: 'hasNewPeople', target: 'inviting' },
      },
    },
    /** Inviting the preview's new people instead of creating them: a confirmation, the call, Retry when it fails. */
    inviting: {
      initial: 'confirming',
      states: {
        confirming: {
          on: { 'invite.confirm': 'sending', 'invite.cancel': '#userImport.preview' },
        },
        sending: {
          tags: 'busy',
          on: { 'client.select': {} },
          entry: assign({ inviteFailure: null }),
          invoke: {
            id: 'invite',
            src: 'invite',
            input: ({ context }) => ({ jobId: context.preview?.job.id ?? '', culture: context.culture }),
            onDone: {
              target: '#userImport.invited',
              actions: [assign({ invited: ({ event }) => event.output }), 'refreshInvitations'],
            },
            onError: {
              target: 'failed',
              actions: assign({ inviteFailure: ({ event }) => inviteFailureOf(event.error) }),
            },
          },
        },
        failed: {
          on: { 'invite.retry': 'sending', 'invite.cancel': '#userImport.preview' },
        },
      },
    },
    /** The invitations went out: how many, and how many new people already had one or an account. */
    invited: {
      on: {
        'import.again': { target: 'ready', actions: assign({ preview: null, file: null, invited: null }) },
      },
    },
    committing: {
      tags: 'busy',
      on: { 'client.select': {} },
      initial: 'starting',
      states: {
        starting: {
          invoke: {
            id: 'commit',
            src: 'commit',
            input: ({ context }) => ({ jobId: context.preview?.job.id ?? '', mode: context.mode ?? 'upsert' }),
            onDone: [
              ...committedToDone,
              toMailing,
              { target: 'watching', actions: assign({ job: ({ event }) => event.output }) },
            ],
            onError: { target: '#userImport.failed', actions: { type: 'report', params: errorOf } },
          },
        },
        watching: followed('watching', [...committedToDone, toMailing]),
        /** The rows are done; the activation mails of the people created go out, and the bar counts them. */
        mailing: followed('mailing', committedToDone),
      },
    },
    /**
     * The commit ended: the outcome the server's counts say (never "imported successfully" when nobody was), and the
     * users grid reads its page again so the new people show.
     */
    done: {
      entry: 'refreshGrid',
      initial: 'succeeded',
      states: { succeeded: {}, partly: {}, nothing: {} },
      on: {
        'report.download': {
          actions: {
            type: 'downloadReport',
            params: ({ context }) => ({ jobId: context.job?.id ?? '', fileName: context.job?.fileName ?? '' }),
          },
        },
        'import.again': { target: 'ready', actions: assign({ preview: null, job: null, file: null }) },
      },
    },
    failed: {
      on: {
        'import.again': [
          { guard: ({ context }) => context.clientId !== null, target: 'loadingRoles' },
          { target: 'idle' },
        ],
      },
    },
  },
});
