import { and, assign, sendTo, setup } from 'xstate';
import type { Application, ApplicationCreate, ApplicationUpdate, Region } from '@contracts/admin/applications';
import { isStaleUpdate } from '../support/api-failures';
import { errorOf, failureNotice, isConflict } from '../admin-grid/failure-notice';
import type { EditorInput } from '../admin-grid/grid.types';
import { notProvided } from '../support/actors';
import { label, raw, type Text } from '../support/text';
import {
  draftOf,
  createBody,
  invalidFields,
  isReadOnly,
  updateBody,
  type ApplicationDraft,
  type ApplicationField,
} from './application-draft';

export type ApplicationDialogEvent =
  | { type: 'field.changed'; field: ApplicationField; value: string }
  | { type: 'dialog.save' }
  | { type: 'dialog.close' };

type ApplicationDialogContext = EditorInput<Application> & {
  draft: ApplicationDraft;
  regions: readonly Region[];
  /** Inputs the person has changed: only these show their problem, so an empty form does not open in red. */
  touched: readonly ApplicationField[];
  invalid: readonly ApplicationField[];
  /** A 409 the dialog shows: a name or alias already taken (editable), or a stale update (see `stale`). */
  conflict: Text | undefined;
  /** Someone else saved this application since it was read: nothing may be overwritten, Save stays off. */
  stale: boolean;
  saved: Application | undefined;
};

/**
 * The application dialog (admin-and-board §2 "Application dialog", §4, §5, §8): create mode without a row, update
 * mode with one. It loads the regions, validates with the shared contract (Save only while valid), saves, and ends
 * with the saved entity for the grid to refresh; closing ends with nothing.
 */
export const applicationDialogMachine = setup({
  types: {
    context: {} as ApplicationDialogContext,
    events: {} as ApplicationDialogEvent,
    input: {} as EditorInput<Application>,
    output: {} as Application | undefined,
  },
  actors: {
    /** GET ApplicationRegions. */
    loadRegions: notProvided<undefined, Region[]>('loadRegions'),
    /** POST Application. */
    createApplication: notProvided<ApplicationCreate, Application>('createApplication'),
    /** PUT Application/{id}. */
    updateApplication: notProvided<{ id: string; body: ApplicationUpdate }, Application>('updateApplication'),
  },
  actions: {
    edit: assign(({ context }, { field, value }: { field: ApplicationField; value: string }) => {
      const draft = { ...context.draft, [field]: value };
      return {
        draft,
        invalid: invalidFields(draft, context.row),
        touched: context.touched.includes(field) ? context.touched : [...context.touched, field],
        conflict: context.stale ? context.conflict : undefined,
      };
    }),
    reportRegionsFailure: sendTo(
      ({ context }) => context.notifications,
      (_, error: unknown) => ({ type: 'error.report' as const, error, action: 'applicationDialog.regions' }),
    ),
    /** §8: an error snackbar with the server's message, titled by the mode's failure label. */
    reportSaveFailure: sendTo(
      ({ context }) => context.notifications,
      ({ context }, error: unknown) =>
        failureNotice(
          error,
          label(context.row ? 'Application_Text_UpdateFailTitle' : 'Application_Text_InsertFailTitle'),
        ),
    ),
    showConflict: assign((_, error: unknown) =>
      isStaleUpdate(error)
        ? { conflict: label('Application_Text_Stale'), stale: true }
        : { conflict: raw(error instanceof Error ? error.message : String(error)), stale: false },
    ),
  },
  guards: {
    isEditable: ({ context }, field: ApplicationField) => !isReadOnly(field, context.row),
    canSave: ({ context }) => !context.stale && invalidFields(context.draft, context.row).length === 0,
    isUpdate: ({ context }) => context.row !== undefined,
    isConflict: (_, error: unknown) => isConflict(error),
  },
}).createMachine({
  id: 'applicationDialog',
  context: ({ input }) => {
    const draft = draftOf(input.row);
    return {
      ...input,
      draft,
      regions: [],
      touched: [],
      invalid: invalidFields(draft, input.row),
      conflict: undefined,
      stale: false,
      saved: undefined,
    };
  },
  initial: 'loadingRegions',
  states: {
    loadingRegions: {
      tags: 'busy',
      on: { 'dialog.close': 'closed' },
      invoke: {
        id: 'loadRegions',
        src: 'loadRegions',
        onDone: { target: 'editing', actions: assign({ regions: ({ event }) => event.output }) },
        // Without regions the select is empty and Save stays off for a new application; the catalogue says why.
        onError: {
          target: 'editing',
          actions: { type: 'reportRegionsFailure', params: errorOf },
        },
      },
    },
    // Closing is possible before and between saves, never during one: a save under way cannot be taken back.
    editing: {
      on: {
        'dialog.close': 'closed',
        'field.changed': {
          guard: { type: 'isEditable', params: ({ event }) => event.field },
          actions: { type: 'edit', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'dialog.save': [
          { guard: and(['canSave', 'isUpdate']), target: 'updating' },
          { guard: 'canSave', target: 'creating' },
        ],
      },
    },
    creating: {
      tags: 'busy',
      invoke: {
        id: 'createApplication',
        src: 'createApplication',
        input: ({ context }) => createBody(context.draft),
        onDone: { target: 'saved', actions: assign({ saved: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'isConflict', params: errorOf },
            target: 'editing',
            actions: { type: 'showConflict', params: errorOf },
          },
          { target: 'editing', actions: { type: 'reportSaveFailure', params: errorOf } },
        ],
      },
    },
    updating: {
      tags: 'busy',
      invoke: {
        id: 'updateApplication',
        src: 'updateApplication',
        input: ({ context }) => ({
          id: (context.row as Application).applicationId,
          body: updateBody(context.draft, context.row as Application),
        }),
        onDone: { target: 'saved', actions: assign({ saved: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'isConflict', params: errorOf },
            target: 'editing',
            actions: { type: 'showConflict', params: errorOf },
          },
          { target: 'editing', actions: { type: 'reportSaveFailure', params: errorOf } },
        ],
      },
    },
    /** Ends with the saved entity: the grid refreshes. */
    saved: { type: 'final' },
    /** Closed without saving: the grid stays as it is. */
    closed: { type: 'final' },
  },
  output: ({ context }) => context.saved,
});
