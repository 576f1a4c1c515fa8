import { assign, sendTo, setup } from 'xstate';
import type { ClientApplicationTemplate, ClientApplicationTemplateUpdate } from '@contracts/admin/client-applications';
import type { Template } from '@contracts/admin/templates';
import { failureNotice, type NotificationsRef } from '../admin-grid/failure-notice';
import type { FailureParams } from '../client-dialog/save-failure';
import { isStaleUpdate } from '../support/api-failures';
import { notProvided } from '../support/actors';
import { label } from '../support/text';
import {
  isTemplateFormValid,
  offeredTemplates,
  templateBodyOf,
  templateFormOf,
  type TemplateForm,
} from './template-form';

export type ClientApplicationDialogInput = {
  /** The client application (its id is also the ClientApplicationTemplate's). */
  clientApplicationId: string;
  /** For the dialog's title. */
  applicationName: string;
  /** The notifications singleton (admin page actors live outside the root's system). */
  notifications: NotificationsRef;
};

export type ClientApplicationDialogEvent =
  { type: 'template.edit'; changes: Partial<TemplateForm> } | { type: 'template.save' } | { type: 'dialog.cancel' };

/** The saved record, or undefined when the dialog closed without saving. */
export type ClientApplicationDialogOutput = { saved: ClientApplicationTemplate | undefined };

type Context = ClientApplicationDialogInput & {
  templates: Template[];
  record: ClientApplicationTemplate | undefined;
  form: TemplateForm;
  problem: 'stale_update' | undefined;
  saved: ClientApplicationTemplate | undefined;
};

const blankForm: TemplateForm = { templateId: null, oktaContainerLabel: '', oktaContainer: '', rolesApiUrl: '' };

/**
 * The client-application dialog (admin-and-board §2, edit only): the template of one client application and its
 * Okta container and roles API. GET, then PUT ClientApplicationTemplate/{id}; a failed save keeps the dialog open
 * with the person's input (title Global_Text_FailTitle, §8).
 */
export const clientApplicationDialogMachine = setup({
  types: {
    context: {} as Context,
    events: {} as ClientApplicationDialogEvent,
    input: {} as ClientApplicationDialogInput,
    output: {} as ClientApplicationDialogOutput,
    tags: {} as 'busy',
  },
  actors: {
    /** GET Template: every template (the Default ones are filtered here, not by the server). */
    loadTemplates: notProvided<undefined, Template[]>('loadTemplates'),
    /** GET ClientApplicationTemplate/{id}. */
    loadRecord: notProvided<{ id: string }, ClientApplicationTemplate>('loadRecord'),
    /** PUT ClientApplicationTemplate/{id}: the full record. */
    saveRecord: notProvided<{ id: string; body: ClientApplicationTemplateUpdate }, ClientApplicationTemplate>(
      'saveRecord',
    ),
  },
  actions: {
    notifyFailure: sendTo(
      ({ context }) => context.notifications,
      (_, { error, title }: FailureParams) => failureNotice(error, title),
    ),
  },
  guards: {
    canSave: ({ context }) => context.record !== undefined && isTemplateFormValid(context.form, context.record.version),
    isStale: (_, { error }: { error: unknown }) => isStaleUpdate(error),
  },
}).createMachine({
  id: 'clientApplicationDialog',
  context: ({ input }) => ({
    ...input,
    templates: [],
    record: undefined,
    form: blankForm,
    problem: undefined,
    saved: undefined,
  }),
  initial: 'loadingTemplates',
  states: {
    loadingTemplates: {
      tags: 'busy',
      on: { 'dialog.cancel': 'closed' },
      invoke: {
        id: 'loadTemplates',
        src: 'loadTemplates',
        onDone: {
          target: 'loadingRecord',
          actions: assign({ templates: ({ event }) => offeredTemplates(event.output) }),
        },
        onError: {
          target: 'closed',
          actions: { type: 'notifyFailure', params: ({ event }) => loadFailure(event.error) },
        },
      },
    },
    loadingRecord: {
      tags: 'busy',
      on: { 'dialog.cancel': 'closed' },
      invoke: {
        id: 'loadRecord',
        src: 'loadRecord',
        input: ({ context }) => ({ id: context.clientApplicationId }),
        onDone: {
          target: 'editing',
          actions: assign({
            record: ({ event }) => event.output,
            form: ({ context, event }) => templateFormOf(event.output, context.templates),
          }),
        },
        onError: {
          target: 'closed',
          actions: { type: 'notifyFailure', params: ({ event }) => loadFailure(event.error) },
        },
      },
    },
    editing: {
      on: {
        'dialog.cancel': 'closed',
        'template.edit': {
          actions: assign({ form: ({ context, event }) => ({ ...context.form, ...event.changes }) }),
        },
        'template.save': { guard: 'canSave', target: 'saving', actions: assign({ problem: undefined }) },
      },
    },
    // Closing is refused while saving: the answer decides whether the dialog closes or keeps the input.
    saving: {
      tags: 'busy',
      invoke: {
        id: 'saveRecord',
        src: 'saveRecord',
        input: ({ context }) => ({
          id: context.clientApplicationId,
          body: templateBodyOf(context.form, context.record?.version ?? 0),
        }),
        onDone: { target: 'saved', actions: assign({ saved: ({ event }) => event.output }) },
        onError: [
          // Someone else saved this record since it was read: say so, keep what the person typed.
          {
            guard: { type: 'isStale', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({ problem: 'stale_update' }),
          },
          {
            target: 'editing',
            actions: {
              type: 'notifyFailure',
              params: ({ event }) => ({ error: event.error, title: label('Global_Text_FailTitle') }),
            },
          },
        ],
      },
    },
    saved: { type: 'final' },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ saved: context.saved }),
});

function loadFailure(error: unknown): FailureParams {
  return { error, title: label('Global_Text_FailTitle') };
}
