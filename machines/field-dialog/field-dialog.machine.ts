import { assign, sendTo, setup } from 'xstate';
import { failureNotice, type NotificationsRef } from '../admin-grid/failure-notice';
import type { Field, FieldCreate, FieldDataType, FieldMetaTag } from '@contracts/admin/fields';
import type { ListItem } from '@contracts/resources';
import { notProvided, providedAtEdge } from '../support/actors';
import { label } from '../support/text';
import { isStaleUpdate, isUnauthorised } from '../support/api-failures';
import {
  canAddSubfield,
  canSaveDraft,
  draftOf,
  emptyDraft,
  emptySubDraft,
  inputOf,
  sortedDataTypes,
  sortedMetaTags,
  withDataType,
  type FieldDraft,
  type FieldTextInput,
  type SubFieldDraft,
  type SubFieldInput,
} from './field-draft';

/**
 * The grid's editor input (machines/admin-grid): no row is create mode; a row is update mode, at the version it was
 * read.
 */
export type FieldDialogInput = { row: Field | undefined; notifications: NotificationsRef };

export type FieldDialogEvent =
  | { type: 'input.edit'; input: FieldTextInput; value: string }
  | { type: 'disable.set'; value: boolean }
  | { type: 'dataType.choose'; dataType: FieldDataType }
  | { type: 'metaTag.choose'; metaTag: FieldMetaTag | null }
  | { type: 'subfield.edit'; input: SubFieldInput; value: string }
  | { type: 'subfield.add' }
  | { type: 'subfield.remove'; index: number }
  | { type: 'dialog.save' }
  | { type: 'dialog.cancel' };

/** The grid's editor output: the saved field (the grid refreshes), or nothing when closed without saving. */
export type FieldDialogOutput = Field | undefined;

export type FieldDialogContext = {
  notifications: NotificationsRef;
  id: string | undefined;
  version: number | undefined;
  draft: FieldDraft;
  subfields: SubFieldDraft[];
  subDraft: SubFieldDraft;
  dataTypes: { key: FieldDataType; value: string }[];
  metaTags: { key: FieldMetaTag; value: string }[];
  /** Set when the server refused the save because someone else changed the field since it was read. */
  stale: boolean;
  saved: Field | undefined;
};

/** What `saveField` sends: POST without an id, PUT with the id and the version it was read at. */
export type SaveFieldInput = { id: string | undefined; version: number | undefined; body: FieldCreate };
/** The two resource lists of the dialog (Global_List_DataType, Global_List_MetaTag). */
export type FieldListsOutput = { dataTypes: ListItem[]; metaTags: ListItem[] };

/**
 * The field dialog (admin-and-board §2 Field dialog, §4, §5, §8): inputs shown by data type, sub-fields edited
 * locally and saved with the field, Save only while the draft is valid.
 */
export const fieldDialogMachine = setup({
  types: {
    context: {} as FieldDialogContext,
    events: {} as FieldDialogEvent,
    input: {} as FieldDialogInput,
    output: {} as FieldDialogOutput,
    tags: {} as 'busy',
  },
  actors: {
    loadLists: notProvided<undefined, FieldListsOutput>('loadLists'),
    saveField: notProvided<SaveFieldInput, Field>('saveField'),
  },
  actions: {
    /** Spec §8: a list that fails to load is logged only; the selects stay empty. */
    logFailure: providedAtEdge<{ error: unknown }>(),
    /** Other failures: an error snackbar with the server's message under Global_Text_FailTitle (spec §8). */
    showFailure: sendTo(
      ({ context }) => context.notifications,
      (_, { error }: { error: unknown }) => failureNotice(error, label('Global_Text_FailTitle')),
    ),
    /** Spec §6/§8: a 401 on field update logs the person off. */
    logOff: providedAtEdge<undefined>(),
  },
  guards: {
    canSave: ({ context }) => canSaveDraft(context.draft, context.subfields),
    canAddSubfield: ({ context }) => canAddSubfield(context.subDraft, context.subfields),
    isStale: (_, { error }: { error: unknown }) => isStaleUpdate(error),
    isUnauthorised: (_, { error }: { error: unknown }) => isUnauthorised(error),
  },
}).createMachine({
  id: 'fieldDialog',
  context: ({ input }) => ({
    notifications: input.notifications,
    id: input.row?.id,
    version: input.row?.version,
    draft: input.row ? draftOf(input.row) : emptyDraft(),
    subfields: (input.row?.subfields ?? [])
      .toSorted((a, b) => a.order - b.order)
      .map(({ subDictionaryName, subDefaultValue, subCssField }) => ({
        subDictionaryName,
        subDefaultValue,
        subCssField,
      })),
    subDraft: emptySubDraft(),
    dataTypes: [],
    metaTags: [],
    stale: false,
    saved: undefined,
  }),
  // The lists load beside whatever the person does; the dialog works (with empty selects) without them.
  invoke: {
    id: 'loadLists',
    src: 'loadLists',
    onDone: {
      actions: assign({
        dataTypes: ({ event }) => sortedDataTypes(event.output.dataTypes),
        metaTags: ({ event }) => sortedMetaTags(event.output.metaTags),
      }),
    },
    onError: { actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) } },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'input.edit': {
          actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.input]: event.value }) }),
        },
        'disable.set': {
          actions: assign({ draft: ({ context, event }) => ({ ...context.draft, disable: event.value }) }),
        },
        'dataType.choose': {
          actions: assign({ draft: ({ context, event }) => withDataType(context.draft, event.dataType) }),
        },
        'metaTag.choose': {
          actions: assign({ draft: ({ context, event }) => ({ ...context.draft, metaTag: event.metaTag }) }),
        },
        'subfield.edit': {
          actions: assign({ subDraft: ({ context, event }) => ({ ...context.subDraft, [event.input]: event.value }) }),
        },
        'subfield.add': {
          guard: 'canAddSubfield',
          actions: assign({
            subfields: ({ context }) => [...context.subfields, context.subDraft],
            subDraft: emptySubDraft,
          }),
        },
        'subfield.remove': {
          actions: assign({ subfields: ({ context, event }) => context.subfields.filter((_, i) => i !== event.index) }),
        },
        'dialog.save': { guard: 'canSave', target: 'saving' },
        'dialog.cancel': 'cancelled',
      },
    },
    saving: {
      tags: 'busy',
      entry: assign({ stale: false }),
      invoke: {
        id: 'saveField',
        src: 'saveField',
        input: ({ context }) => ({
          id: context.id,
          version: context.version,
          body: inputOf(context.draft, context.subfields) as FieldCreate,
        }),
        onDone: { target: 'saved', actions: assign({ saved: ({ event }) => event.output }) },
        onError: [
          // Nothing was overwritten: the person keeps their input and is told the field changed meanwhile.
          {
            guard: { type: 'isStale', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({ stale: true }),
          },
          {
            guard: { type: 'isUnauthorised', params: ({ event }) => ({ error: event.error }) },
            target: 'loggedOff',
            actions: 'logOff',
          },
          {
            target: 'editing',
            actions: {
              type: 'showFailure',
              params: ({ event }) => ({ error: event.error }),
            },
          },
        ],
      },
    },
    saved: { type: 'final' },
    cancelled: { type: 'final' },
    loggedOff: { type: 'final' },
  },
  output: ({ context }) => context.saved,
});
