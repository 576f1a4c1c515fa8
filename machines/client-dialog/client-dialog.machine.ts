import { assign, sendTo, setup } from 'xstate';
import type { ClientApplication } from '@contracts/admin/client-applications';
import { failureNotice } from '../admin-grid/failure-notice';
import { clientApplicationDialogMachine } from '../client-application-dialog/client-application-dialog.machine';
import { notProvided } from '../support/actors';
import { label } from '../support/text';
import { clientFormOf, createBodyOf, emptyClientForm, isClientFormValid, updateBodyOf } from './client-draft';
import type {
  ClientDialogCalls,
  ClientDialogContext,
  ClientDialogEvent,
  ClientDialogInput,
  ClientDialogOutput,
} from './client-dialog.types';
import { isStaleUpdate } from '../support/api-failures';
import type { FailureParams } from './save-failure';

type Call<K extends keyof ClientDialogCalls> = ReturnType<
  typeof notProvided<ClientDialogCalls[K]['input'], ClientDialogCalls[K]['output']>
>;
const call = <K extends keyof ClientDialogCalls>(name: K): Call<K> => notProvided(name);

/** Failures without a title of their own in the catalogue are "other failed saves": Global_Text_FailTitle (§8). */
const failed = (error: unknown): FailureParams => ({ error, title: label('Global_Text_FailTitle') });

/** The application a template button names, if it may open the client-application dialog. */
export const editableTemplateOf = (
  applications: readonly ClientApplication[] | undefined,
  applicationId: string,
): ClientApplication | undefined =>
  applications?.find(
    (app) => app.applicationId === applicationId && app.active && app.id !== null && app.templateId !== null,
  );

/**
 * The client dialog (admin-and-board §2, §4). Save-then-activate is spelled out as states:
 * - a new client is created first (`creating`); the dialog stays open with its id, the applications load
 *   (`loadingApplications`) and the save-first warning goes;
 * - an existing client is updated (`updating`), the dialog closes, and only then is the activation of the full list
 *   saved (`activating`); a failure there is an error snackbar titled Global_Text_FailTitle.
 * A stale update (409 `stale_update`) is explained in the dialog and the input is kept. See docs/flows/client-dialog.md.
 */
export const clientDialogMachine = setup({
  types: {
    context: {} as ClientDialogContext,
    events: {} as ClientDialogEvent,
    input: {} as ClientDialogInput,
    output: {} as ClientDialogOutput,
    tags: {} as 'busy' | 'closed',
  },
  actors: {
    loadCmsSites: call('loadCmsSites'),
    loadApplications: call('loadApplications'),
    createClient: call('createClient'),
    updateClient: call('updateClient'),
    saveActivation: call('saveActivation'),
    clientApplicationDialog: clientApplicationDialogMachine,
  },
  actions: {
    notifyFailure: sendTo(
      ({ context }) => context.notifications,
      (_, { error, title }: FailureParams) => failureNotice(error, title),
    ),
  },
  guards: {
    isSaved: ({ context }) => context.client !== undefined,
    isNewAndValid: ({ context }) => context.client === undefined && isClientFormValid(context.form),
    isSavedAndValid: ({ context }) => context.client !== undefined && isClientFormValid(context.form),
    hasApplications: ({ context }) => context.applications !== undefined,
    canEditTemplate: ({ context, event }) =>
      event.type === 'template.edit' && editableTemplateOf(context.applications, event.applicationId) !== undefined,
    isStale: (_, { error }: { error: unknown }) => isStaleUpdate(error),
  },
}).createMachine({
  id: 'clientDialog',
  context: ({ input }) => ({
    notifications: input.notifications,
    client: input.row,
    form: input.row ? clientFormOf(input.row) : emptyClientForm,
    sites: [],
    applications: undefined,
    problem: undefined,
    changed: false,
  }),
  initial: 'loadingSites',
  states: {
    loadingSites: {
      tags: 'busy',
      on: { 'dialog.cancel': 'cancelled' },
      invoke: {
        id: 'loadCmsSites',
        src: 'loadCmsSites',
        onDone: [
          { guard: 'isSaved', target: 'loadingApplications', actions: assign({ sites: ({ event }) => event.output }) },
          { target: 'editing', actions: assign({ sites: ({ event }) => event.output }) },
        ],
        // Without the sites the select offers "none" only; the rest of the dialog still works.
        onError: [
          {
            guard: 'isSaved',
            target: 'loadingApplications',
            actions: { type: 'notifyFailure', params: ({ event }) => failed(event.error) },
          },
          {
            target: 'editing',
            actions: { type: 'notifyFailure', params: ({ event }) => failed(event.error) },
          },
        ],
      },
    },
    loadingApplications: {
      tags: 'busy',
      on: { 'dialog.cancel': 'cancelled' },
      invoke: {
        id: 'loadApplications',
        src: 'loadApplications',
        input: ({ context }) => ({ clientId: context.client?.id ?? '' }),
        onDone: { target: 'editing', actions: assign({ applications: ({ event }) => event.output }) },
        // The applications stay unknown, so a later save leaves their activation as it is.
        onError: {
          target: 'editing',
          actions: { type: 'notifyFailure', params: ({ event }) => failed(event.error) },
        },
      },
    },
    editing: {
      on: {
        'client.edit': {
          actions: assign({ form: ({ context, event }) => ({ ...context.form, ...event.changes }) }),
        },
        'application.toggle': {
          guard: 'hasApplications',
          actions: assign({
            applications: ({ context, event }) =>
              context.applications?.map((app) =>
                app.applicationId === event.applicationId ? { ...app, active: event.active } : app,
              ),
          }),
        },
        'template.edit': { guard: 'canEditTemplate', target: 'editingTemplate' },
        'client.save': [
          { guard: 'isNewAndValid', target: 'creating', actions: assign({ problem: undefined }) },
          { guard: 'isSavedAndValid', target: 'updating', actions: assign({ problem: undefined }) },
        ],
        'dialog.cancel': 'cancelled',
      },
    },
    /** The client-application dialog is open over this one; the client's unsaved input waits in context. */
    editingTemplate: {
      invoke: {
        id: 'clientApplicationDialog',
        src: 'clientApplicationDialog',
        input: ({ context, event }) => {
          const app = editableTemplateOf(
            context.applications,
            event.type === 'template.edit' ? event.applicationId : '',
          ) as ClientApplication;
          return {
            clientApplicationId: app.id ?? '',
            applicationName: app.applicationName,
            notifications: context.notifications,
          };
        },
        onDone: {
          target: 'editing',
          // The template save moved the client application's row version on; the activation must send the new one.
          actions: assign({
            applications: ({ context, event }) => {
              const saved = event.output;
              if (!saved) return context.applications;
              return context.applications?.map((app) =>
                app.id === saved.id
                  ? {
                      ...app,
                      templateId: saved.templateId,
                      oktaContainer: saved.oktaContainer,
                      oktaContainerLabel: saved.oktaContainerLabel,
                      rolesApiUrl: saved.rolesApiUrl,
                      version: saved.version,
                    }
                  : app,
              );
            },
          }),
        },
      },
    },
    /** POST Client. On success the dialog stays open: the new client's applications can now be activated. */
    creating: {
      tags: 'busy',
      invoke: {
        id: 'createClient',
        src: 'createClient',
        input: ({ context }) => ({ body: createBodyOf(context.form) }),
        onDone: {
          target: 'loadingApplications',
          actions: assign({
            client: ({ event }) => event.output.object,
            form: ({ event }) => clientFormOf(event.output.object),
            changed: true,
          }),
        },
        onError: {
          target: 'editing',
          actions: { type: 'notifyFailure', params: ({ event }) => failed(event.error) },
        },
      },
    },
    /** PUT Client/{id}. */
    updating: {
      tags: 'busy',
      invoke: {
        id: 'updateClient',
        src: 'updateClient',
        input: ({ context }) => {
          const client = context.client as NonNullable<ClientDialogContext['client']>;
          return { id: client.id, body: updateBodyOf(context.form, client) };
        },
        onDone: [
          {
            guard: 'hasApplications',
            target: 'activating',
            actions: assign({ client: ({ event }) => event.output, changed: true }),
          },
          { target: 'saved', actions: assign({ client: ({ event }) => event.output, changed: true }) },
        ],
        onError: [
          // Someone else saved this client since it was read: say so, keep everything the person typed.
          {
            guard: { type: 'isStale', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({ problem: 'stale_update' }),
          },
          {
            target: 'editing',
            actions: { type: 'notifyFailure', params: ({ event }) => failed(event.error) },
          },
        ],
      },
    },
    /** The dialog is closed; PUT ClientApplication/{id} with the full list of applications and their flags. */
    activating: {
      tags: 'closed',
      invoke: {
        id: 'saveActivation',
        src: 'saveActivation',
        input: ({ context }) => ({
          clientId: context.client?.id ?? '',
          body: {
            applications: (context.applications ?? []).map((app) => ({
              applicationId: app.applicationId,
              active: app.active,
              version: app.version,
            })),
          },
        }),
        onDone: 'saved',
        onError: {
          target: 'saved',
          actions: { type: 'notifyFailure', params: ({ event }) => failed(event.error) },
        },
      },
    },
    saved: { type: 'final', tags: 'closed' },
    cancelled: { type: 'final', tags: 'closed' },
  },
  output: ({ context }) => (context.changed ? context.client : undefined),
});
