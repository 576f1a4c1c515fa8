import type { I18n } from '@lingui/core';
import { fromCallback, fromPromise } from 'xstate';
import { editModeMachine, targetOfKey, type EditModeEvent } from '@machines/edit-mode/edit-mode.machine';
import { labelEditorMachine } from '@machines/label-editor/label-editor.machine';
import type {
  Draft,
  ReadText,
  ReadTextInput,
  SavedText,
  SaveTextInput,
} from '@machines/label-editor/label-editor.types';
import { enableEditMarkers } from '@src/i18n/edit-markers';
import { messageToLabelValue } from '@src/i18n/overrides';

/** The calls Edit Mode makes (src/api/admin/resources-edit.ts; tests provide controlled fakes). */
export type EditModeApi = {
  readText: (input: ReadTextInput, options: { signal: AbortSignal }) => Promise<ReadText>;
  /** Rejects with the server's problem: a 409 `stale_update` is the editor's conflict. */
  saveText: (input: SaveTextInput, options: { signal: AbortSignal }) => Promise<void>;
};

export type EditModeEdge = {
  /** The Lingui instance the page renders with: Edit Mode marks its texts. */
  i18n: I18n;
  api: EditModeApi;
  document: Document;
};

/**
 * HTML label values are sanitised before they are stored, so what is saved is what every page will render. DOMPurify
 * loads with the first save, not with the public entry (docs/spa.md).
 */
async function sanitisedDraft(draft: Draft): Promise<Draft> {
  if (draft.kind !== 'label') return draft;
  const { looksLikeHtml, sanitiseHtml } = await import('@src/i18n/sanitise');
  return looksLikeHtml(draft.value) ? { kind: 'label', value: sanitiseHtml(draft.value) } : draft;
}

/**
 * Edit Mode joined to the page (called by src/app/wiring.ts): its DOM, its Lingui instance and the API. The root
 * spawns the machine with its ports (notifications, and itself for re-reading texts); nothing here looks anything up.
 */
export function wireEditMode({ i18n, api, document: doc }: EditModeEdge) {
  return editModeMachine.provide({
    actors: {
      labelEditor: labelEditorMachine.provide({
        actors: {
          // The draft names the scope to read: a change of culture or client reads that scope afresh.
          load: fromPromise(({ input, signal }) =>
            api.readText({ target: input.input.target, scope: input.draft.scope }, { signal }),
          ),
          save: fromPromise(async ({ input, signal }): Promise<SavedText> => {
            await api.saveText({ ...input, draft: await sanitisedDraft(input.draft) }, { signal });
            return { target: input.target, scope: input.scope };
          }),
        },
      }),
      watchTexts: fromCallback<EditModeEvent, undefined>(({ sendBack }) => {
        const disableMarkers = enableEditMarkers(i18n);
        let stopWatching: (() => void) | undefined;
        let stopped = false;
        // The DOM watcher (and the HTML label it knows) loads when Edit Mode is first turned on, not with the entry.
        void import('./marked-texts').then(({ shownTextOf, watchMarkedTexts }) => {
          if (stopped) return;
          stopWatching = watchMarkedTexts(doc, (key, element) => {
            // The catalogue's own message keeps its HTML and {{placeholders}}; the DOM only has the rendered text.
            const shownText = messageToLabelValue(i18n.messages[key]) ?? shownTextOf(element);
            sendBack({ type: 'text.pick', pick: { target: targetOfKey(key), shownText } });
          });
        });
        return () => {
          stopped = true;
          stopWatching?.();
          disableMarkers();
        };
      }),
    },
  });
}
