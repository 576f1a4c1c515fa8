import { ChakraProvider } from '@chakra-ui/react';
import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createRoot } from 'react-dom/client';
import { createActor, fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import type { appMachine } from '@machines/app/app.machine';
import { editModeMachine, type EditModeEvent, type TextPick } from '@machines/edit-mode/edit-mode.machine';
import { labelEditorMachine } from '@machines/label-editor/label-editor.machine';
import type { Draft, EditScope, EditTarget, ReadText, SaveOutcome } from '@machines/label-editor/label-editor.types';
import type { Culture } from '@contracts/culture';
import { enableEditMarkers } from '@src/i18n/edit-markers';
import { messageToLabelValue } from '@src/i18n/overrides';
import { looksLikeHtml, sanitiseHtml } from '@src/i18n/sanitise';
import { system } from '@src/ui/system';
import { EditModeLayer } from './EditModeLayer';
import { shownTextOf, watchMarkedTexts } from './marked-texts';

/** The calls Edit Mode makes (src/api/admin/resources-edit.ts; tests provide controlled fakes). */
export type EditModeApi = {
  readText: (input: { target: EditTarget; scope: EditScope }, options: { signal: AbortSignal }) => Promise<ReadText>;
  saveText: (
    input: { target: EditTarget; scope: EditScope; draft: Draft; version: number },
    options: { signal: AbortSignal },
  ) => Promise<SaveOutcome>;
};

export type EditModePorts = {
  /** The Lingui instance the page renders with: Edit Mode marks its texts. */
  i18n: I18n;
  /** The root actor: the page's culture and client, and the resources and notifications singletons. */
  app: ActorRefFrom<typeof appMachine>;
  api: EditModeApi;
  document: Document;
};

/** An input's title is the label `<Area>_Field_<Name>`; its input resource has the same key (docs/i18n.md). */
const kindOf = (key: string): EditTarget['kind'] => (/^[A-Za-z0-9]+_Field_/.test(key) ? 'input' : 'label');

/** What a click on a text picks: that text, for the culture and client of the page on screen. */
export function pickOf(
  key: string,
  shownText: string,
  page: { culture: Culture; clientId: string | undefined },
): TextPick {
  const clientId = page.clientId ?? null;
  return {
    target: { kind: kindOf(key), key },
    scope: { culture: page.culture, clientId },
    pageClientId: clientId,
    shownText,
  };
}

/** HTML label values are sanitised before they are stored, so what is saved is what every page will render. */
const sanitisedDraft = (draft: Draft): Draft =>
  draft.kind === 'label' && looksLikeHtml(draft.value) ? { kind: 'label', value: sanitiseHtml(draft.value) } : draft;

/** Edit Mode joined to the page: its DOM, its Lingui instance, the API and the root's singletons. */
export function wireEditMode({ i18n, app, api, document: doc }: EditModePorts) {
  // The root's singletons, read from its snapshot's children when an effect runs (STYLE §7.5), never looked up by id.
  const singletons = () => app.getSnapshot().children;
  return editModeMachine.provide({
    actors: {
      labelEditor: labelEditorMachine.provide({
        actors: {
          readText: fromPromise(({ input, signal }) => api.readText(input, { signal })),
          saveText: fromPromise(({ input, signal }) =>
            api.saveText({ ...input, draft: sanitisedDraft(input.draft) }, { signal }),
          ),
        },
      }),
      watchTexts: fromCallback<EditModeEvent, undefined>(({ sendBack, system: actors }) => {
        const disableMarkers = enableEditMarkers(i18n);
        const stopWatching = watchMarkedTexts(doc, (key, element) => {
          const page = app.getSnapshot().context;
          // The catalogue's own message keeps its HTML and {{placeholders}}; the DOM only has the rendered text.
          const shown = messageToLabelValue(i18n.messages[key]) ?? shownTextOf(element);
          sendBack({ type: 'text.pick', pick: pickOf(key, shown, page) });
        });
        const unmountLayer = mountLayer(doc, i18n, actors.get(EDIT_MODE_SYSTEM_ID) as EditModeRef);
        return () => {
          unmountLayer();
          stopWatching();
          disableMarkers();
        };
      }),
    },
    actions: {
      // The save raised the resource version, so the resources flow's version check reloads the page's texts.
      refreshTexts: () => {
        singletons().resources?.send({ type: 'window.focused' });
      },
      notify: (_, event) => {
        singletons().notifications?.send(event);
      },
    },
  });
}

type EditModeRef = ActorRefFrom<typeof editModeMachine>;

/** The system id the Edit Mode actor runs under, so its listener can hand the layer the actor itself. */
const EDIT_MODE_SYSTEM_ID = 'editMode';

/**
 * Mounts the layer (the dialog of the picked text) in a React root of its own at the end of <body>, for as long as
 * Edit Mode is on: it stays over every page of the tab (admin area, board, public pages), and no layout hosts it.
 */
function mountLayer(doc: Document, i18n: I18n, editMode: EditModeRef): () => void {
  const container = doc.createElement('div');
  container.dataset.testid = 'edit-mode-layer';
  doc.body.append(container);
  const root = createRoot(container);
  root.render(
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <EditModeLayer editModeRef={editMode} />
      </I18nProvider>
    </ChakraProvider>,
  );
  return () => {
    // Turning Edit Mode off happens inside another root's event handler; unmount once that has finished.
    queueMicrotask(() => {
      root.unmount();
      container.remove();
    });
  };
}

/** Starts an Edit Mode actor (off) for a page. */
export function startEditMode(ports: EditModePorts): EditModeRef {
  return createActor(wireEditMode(ports), { systemId: EDIT_MODE_SYSTEM_ID }).start();
}
