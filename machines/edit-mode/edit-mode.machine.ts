import { assign, setup } from 'xstate';
import { labelEditorMachine } from '../label-editor/label-editor.machine';
import type { LabelEditorInput } from '../label-editor/label-editor.types';
import type { NotificationsEvent } from '../notifications/notifications.types';
import { notProvidedListener, providedAtEdge } from '../support/actors';
import { label } from '../support/text';

/**
 * What a click on a marked text (or the dashboard's "edit by key") asks for. The scope starts as the page's culture
 * and client; the dialog may change it.
 */
export type TextPick = LabelEditorInput;

export type EditModeEvent =
  | { type: 'editMode.toggle' }
  /** An administrator chose a text to edit (sent by the `watchTexts` listener, or by the dashboard form). */
  | { type: 'text.pick'; pick: TextPick };

type EditModeContext = { pick: TextPick | undefined };

/**
 * Dashboard Edit Mode (admin-and-board §2, §4 "toggles on and off"). A singleton per browser tab, hosted by the
 * admin area's edit-mode host (src/admin/dashboard/edit-mode/host.ts), so it stays on across pages until turned off.
 * While on, `watchTexts` marks every translated text and reports clicks on them; one picked text at a time is edited
 * by the label-editor child. A saved edit asks the page to re-read its texts (`refreshTexts`: the save raised the
 * resource version, so the resources flow reloads) and says so in a snackbar.
 */
export const editModeMachine = setup({
  types: {
    context: {} as EditModeContext,
    events: {} as EditModeEvent,
    children: {} as { labelEditor: 'labelEditor' },
    /** Edit Mode is on (texts are outlined and pickable); a picked text's dialog is open. */
    tags: {} as 'on' | 'pickOpen',
  },
  actors: {
    labelEditor: labelEditorMachine,
    /** Marks the texts of the page, outlines them and sends `text.pick` for a click on one (provided at the edge). */
    watchTexts: notProvidedListener<EditModeEvent>('watchTexts'),
  },
  actions: {
    /** Makes the page read its texts again from the server (provided at the edge: the resources flow re-checks). */
    refreshTexts: providedAtEdge<undefined>(),
    /** Posts to the notifications singleton (provided at the edge). */
    notify: providedAtEdge<NotificationsEvent>(),
    assignPick: assign({ pick: ({ context, event }) => (event.type === 'text.pick' ? event.pick : context.pick) }),
  },
}).createMachine({
  id: 'editMode',
  context: { pick: undefined },
  initial: 'off',
  states: {
    off: {
      on: { 'editMode.toggle': 'on' },
    },
    on: {
      tags: 'on',
      invoke: { id: 'watchTexts', src: 'watchTexts' },
      initial: 'browsing',
      on: {
        'editMode.toggle': 'off',
        // Another text while a dialog is open (the input dialog's "edit the title text") replaces the dialog.
        'text.pick': { target: '.editing', reenter: true, actions: 'assignPick' },
      },
      states: {
        browsing: {},
        editing: {
          tags: 'pickOpen',
          invoke: {
            id: 'labelEditor',
            src: 'labelEditor',
            // assignPick ran on the way in, so the pick is there.
            input: ({ context }) =>
              context.pick ?? {
                target: { kind: 'label', key: 'Dashboard_Text_Title' },
                scope: { culture: 'en-us', clientId: null },
                pageClientId: null,
                shownText: '',
              },
            onDone: [
              {
                guard: ({ event }) => event.output.result === 'saved',
                target: 'browsing',
                actions: [
                  'refreshTexts',
                  {
                    type: 'notify',
                    params: {
                      type: 'snackbar.show',
                      snackbar: { type: 'success', message: label('Dashboard_Text_Saved') },
                    },
                  },
                ],
              },
              { target: 'browsing' },
            ],
          },
        },
      },
    },
  },
});
