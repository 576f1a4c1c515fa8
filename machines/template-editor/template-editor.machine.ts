import { assign, sendTo, setup } from 'xstate';
import { failureNotice, type NotificationsRef } from '../admin-grid/failure-notice';
import type { Template, TemplateCreate, TemplateDetail } from '@contracts/admin/templates';
import { roles, type Role } from '@contracts/resources';
import { isStaleUpdate, isUnauthorised } from '../support/api-failures';
import { notProvided, providedAtEdge } from '../support/actors';
import { label } from '../support/text';
import {
  isNameValid,
  moveRow,
  newRow,
  normaliseRoles,
  rowsOf,
  templateInputOf,
  updateRow,
  type CatalogueField,
  type RowFlag,
  type TemplateRow,
} from './template-draft';

/** The grid's editor input (machines/admin-grid): no row is a new template; a row is the template to load and edit. */
export type TemplateEditorInput = { row: Template | undefined; notifications: NotificationsRef };

export type TemplateEditorEvent =
  | { type: 'name.edit'; value: string }
  | { type: 'default.set'; value: boolean }
  | { type: 'field.add'; fieldId: string }
  | { type: 'field.remove'; fieldId: string }
  /** Move up/down and drag and drop both say where the row goes. */
  | { type: 'field.move'; fieldId: string; to: number }
  | { type: 'field.flag'; fieldId: string; flag: RowFlag; value: boolean }
  | { type: 'field.lockRoles'; fieldId: string; roles: Role[] }
  | { type: 'editor.save' }
  | { type: 'editor.retry' }
  | { type: 'editor.cancel' };

/** The grid's editor output: the saved template (the grid refreshes), or nothing when closed without saving. */
export type TemplateEditorOutput = TemplateDetail | undefined;

/** What `loadTemplate` answers: the template (none when creating) and the field catalogue to add from. */
export type TemplateLoadOutput = { template: TemplateDetail | undefined; catalogue: CatalogueField[] };
export type SaveTemplateInput = { id: string | undefined; version: number | undefined; body: TemplateCreate };

type TemplateEditorContext = {
  notifications: NotificationsRef;
  templateId: string | undefined;
  version: number | undefined;
  name: string;
  isDefault: boolean;
  rows: TemplateRow[];
  catalogue: CatalogueField[];
  stale: boolean;
  saved: TemplateDetail | undefined;
};

/**
 * The template editor (issue #4 item 6, docs/templates.md): a template's name, Default flag and fields, each with
 * its order, mandatory, hidden, admin-only and locked-for-roles. Saving sends the whole template with its version.
 */
export const templateEditorMachine = setup({
  types: {
    context: {} as TemplateEditorContext,
    events: {} as TemplateEditorEvent,
    input: {} as TemplateEditorInput,
    output: {} as TemplateEditorOutput,
    tags: {} as 'busy',
  },
  actors: {
    loadTemplate: notProvided<{ templateId: string | undefined }, TemplateLoadOutput>('loadTemplate'),
    saveTemplate: notProvided<SaveTemplateInput, TemplateDetail>('saveTemplate'),
  },
  actions: {
    /** Other failures: an error snackbar with the server's message under Global_Text_FailTitle (spec §8). */
    showFailure: sendTo(
      ({ context }) => context.notifications,
      (_, { error }: { error: unknown }) => failureNotice(error, label('Global_Text_FailTitle')),
    ),
    logOff: providedAtEdge<undefined>(),
  },
  guards: {
    canSave: ({ context }) => isNameValid(context.name),
    canAdd: ({ context }, { fieldId }: { fieldId: string }) =>
      context.catalogue.some((field) => field.id === fieldId) && !context.rows.some((row) => row.fieldId === fieldId),
    isStale: (_, { error }: { error: unknown }) => isStaleUpdate(error),
    isUnauthorised: (_, { error }: { error: unknown }) => isUnauthorised(error),
  },
}).createMachine({
  id: 'templateEditor',
  context: ({ input }) => ({
    notifications: input.notifications,
    templateId: input.row?.id,
    version: undefined,
    name: '',
    isDefault: false,
    rows: [],
    catalogue: [],
    stale: false,
    saved: undefined,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadTemplate',
        src: 'loadTemplate',
        input: ({ context }) => ({ templateId: context.templateId }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => {
            const { template, catalogue } = event.output;
            return {
              catalogue: catalogue.toSorted((a, b) => a.dictionaryName.localeCompare(b.dictionaryName)),
              ...(template
                ? {
                    version: template.version,
                    name: template.name,
                    isDefault: template.default,
                    rows: rowsOf(template.fields),
                  }
                : {}),
            };
          }),
        },
        onError: [
          {
            guard: { type: 'isUnauthorised', params: ({ event }) => ({ error: event.error }) },
            target: 'loggedOff',
            actions: 'logOff',
          },
          {
            target: 'loadFailed',
            actions: {
              type: 'showFailure',
              params: ({ event }) => ({ error: event.error }),
            },
          },
        ],
      },
    },
    loadFailed: { on: { 'editor.retry': 'loading', 'editor.cancel': 'cancelled' } },
    editing: {
      on: {
        'name.edit': { actions: assign({ name: ({ event }) => event.value }) },
        'default.set': { actions: assign({ isDefault: ({ event }) => event.value }) },
        'field.add': {
          guard: { type: 'canAdd', params: ({ event }) => ({ fieldId: event.fieldId }) },
          actions: assign({
            rows: ({ context, event }) => {
              const field = context.catalogue.find((f) => f.id === event.fieldId) as CatalogueField;
              return [...context.rows, newRow(field)];
            },
          }),
        },
        'field.remove': {
          actions: assign({
            rows: ({ context, event }) => context.rows.filter((row) => row.fieldId !== event.fieldId),
          }),
        },
        'field.move': {
          actions: assign({ rows: ({ context, event }) => moveRow(context.rows, event.fieldId, event.to) }),
        },
        'field.flag': {
          actions: assign({
            rows: ({ context, event }) =>
              updateRow(context.rows, event.fieldId, (row) => ({ ...row, [event.flag]: event.value })),
          }),
        },
        'field.lockRoles': {
          actions: assign({
            rows: ({ context, event }) =>
              updateRow(context.rows, event.fieldId, (row) => ({
                ...row,
                lockForRoles: normaliseRoles(event.roles, roles),
              })),
          }),
        },
        'editor.save': { guard: 'canSave', target: 'saving' },
        'editor.cancel': 'cancelled',
      },
    },
    saving: {
      tags: 'busy',
      entry: assign({ stale: false }),
      invoke: {
        id: 'saveTemplate',
        src: 'saveTemplate',
        input: ({ context }) => ({
          id: context.templateId,
          version: context.version,
          body: templateInputOf(context.name, context.isDefault, context.rows),
        }),
        onDone: { target: 'saved', actions: assign({ saved: ({ event }) => event.output }) },
        onError: [
          // Nothing was overwritten: the edits stay on screen and the person is told the template changed meanwhile.
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
