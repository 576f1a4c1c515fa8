import { assign, sendTo, setup, type ActorRef, type Snapshot } from 'xstate';
import type { Culture } from '@contracts/culture';
import { labelEditorMachine } from '../label-editor/label-editor.machine';
import type { EditScope, EditTarget, OpenText } from '../label-editor/label-editor.types';
import type { NotificationsEvent } from '../notifications/notifications.types';
import { notProvidedListener } from '../support/actors';
import type { ReportingPorts } from '../support/ports';
import { label } from '../support/text';

/** The culture and client of the page on screen (the root's: the address's, else the stored ones). */
export type PageScope = { culture: Culture; clientId: string | undefined };

/** What Edit Mode tells the root after a save: the page's texts changed on the server, read them again. */
export type TextsChangedEvent = { type: 'texts.changed' };

/** The root, as Edit Mode sees it: something that re-reads the page's texts when told (the resources flow's check). */
export type TextsPort = ActorRef<Snapshot<unknown>, TextsChangedEvent>;

export type EditModePorts = ReportingPorts & { texts: TextsPort };

export type EditModeInput = { page: PageScope; ports: EditModePorts };

/**
 * What a click on a marked text (or the dashboard's "edit by key", or the input dialog's "edit the title text") asks
 * for. Without a scope, the dialog starts on the page's culture and client; it may change them.
 */
export type TextPick = { target: EditTarget; shownText: string; scope?: EditScope };

export type EditModeEvent =
  | { type: 'editMode.toggle' }
  /** An administrator chose a text to edit (sent by the `watchTexts` listener, or by the dashboard form). */
  | { type: 'text.pick'; pick: TextPick }
  /** The root moved to another address: later picks start on its culture and client. */
  | { type: 'page.changed'; page: PageScope };

type EditModeContext = { page: PageScope; ports: EditModePorts; open: OpenText | undefined };

/** An input's title is the label `<Area>_Field_<Name>`; its input resource has the same key (docs/i18n.md). */
export const targetOfKey = (key: string): EditTarget => ({
  kind: /^[A-Za-z0-9]+_Field_/.test(key) ? 'input' : 'label',
  key,
});

/** The text a pick opens: its own scope, else the page's culture and client. */
function openTextOf({ target, shownText, scope }: TextPick, page: PageScope): OpenText {
  const pageClientId = page.clientId ?? null;
  return { target, shownText, scope: scope ?? { culture: page.culture, clientId: pageClientId }, pageClientId };
}

/**
 * Dashboard Edit Mode (admin-and-board §2, §4 "toggles on and off"), a flow the root owns: spawned once per tab with
 * the notifications port and the root as its `texts` port, so it stays on across pages until turned off. While on,
 * `watchTexts` marks every translated text and reports clicks on them; one picked text at a time is edited by the
 * label-editor child. A saved edit asks the root to re-read the page's texts (the save raised the resource version,
 * so the resources flow reloads) and says so in a snackbar. The dialog is rendered by the app shell's EditModeHost
 * (src/admin/dashboard/edit-mode/EditModeHost.tsx), which follows this actor.
 */
export const editModeMachine = setup({
  types: {
    context: {} as EditModeContext,
    events: {} as EditModeEvent,
    input: {} as EditModeInput,
    children: {} as { labelEditor: 'labelEditor' },
    /** Edit Mode is on (texts are outlined and pickable); a picked text's dialog is open. */
    tags: {} as 'on',
  },
  actors: {
    labelEditor: labelEditorMachine,
    /** Marks the texts of the page, outlines them and sends `text.pick` for a click on one (provided at the edge). */
    watchTexts: notProvidedListener<EditModeEvent>('watchTexts'),
  },
  actions: {
    /** Tells the root that the page's texts changed on the server (it has the resources flow check the version). */
    refreshTexts: sendTo(({ context }) => context.ports.texts, { type: 'texts.changed' }),
    notify: sendTo(
      ({ context }) => context.ports.notifications,
      (_, params: NotificationsEvent) => params,
    ),
    assignPick: assign({
      open: ({ context, event }) => (event.type === 'text.pick' ? openTextOf(event.pick, context.page) : context.open),
    }),
  },
}).createMachine({
  id: 'editMode',
  context: ({ input }) => ({ page: input.page, ports: input.ports, open: undefined }),
  initial: 'off',
  on: {
    'page.changed': { actions: assign({ page: ({ event }) => event.page }) },
  },
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
          invoke: {
            id: 'labelEditor',
            src: 'labelEditor',
            // assignPick ran on the way in, so the text is there.
            input: ({ context }) => ({
              ...(context.open ??
                openTextOf({ target: targetOfKey('Dashboard_Text_Title'), shownText: '' }, context.page)),
              notifications: context.ports.notifications,
            }),
            onDone: [
              {
                // The editor ends with the saved text; cancelled (or a lost session) it ends with nothing.
                guard: ({ event }) => event.output !== undefined,
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
