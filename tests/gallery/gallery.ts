import type { AnyStateMachine } from 'xstate';
import type { RouteId } from '@src/app/routes';
import { adminPages } from './admin-pages';
import { boardPages } from './board-pages';
import type { GalleryPage } from './gallery-types';
import { publicPages } from './public-pages';

/**
 * The designer's gallery (docs/gallery.md): every page of the route table with the states of its machines, each either
 * shot or left out with the reason. tests/unit/gallery.test.ts keeps this list whole: a new route, or a new top-level
 * state in a machine shown here, fails it until the gallery says what to do with it.
 */
export const galleryPages: readonly GalleryPage[] = [...publicPages, ...boardPages, ...adminPages];

/** Routes with nothing of their own to show (a spinner while the browser is sent on), or nothing for a designer. */
export const routesLeftOut: Readonly<Partial<Record<RouteId, string>>> = {
  flowInspector:
    'a developer tool, off unless INSPECTOR=true; it shows the live machines of another tab, not a page of the product',
  loginCallback: 'transit page: a spinner while the sign-in finishes, then the next page',
  logout: 'transit page: a spinner while the session ends, then the login page',
  reset: 'transit page: a spinner while the recovery link is looked up, then the login page',
  apiTokens:
    'provider administrators’ API tokens (issue 33), a page the gallery does not picture yet: tests/e2e/api-tokens.spec.ts drives it in Chromium (made, used by a script, revoked)',
  identityProviders:
    'the provider administrator’s federation registry (issue 31 item 1), a page the gallery does not picture yet: tests/e2e/identity-providers.spec.ts drives it in Chromium (added, listed, assigned to a client, deleted)',
  eventHooks:
    'the provider administrator’s event hooks (issue 33 item 4), a page the gallery does not picture yet: tests/model/event-hooks.model.test.tsx walks every state of it through the real page; tests/e2e/event-hooks.spec.ts drives it in Chromium (registered, verified, a signed delivery in the log)',
  termsEditor:
    'a client’s terms of use and privacy notice (issue 34 item 2), a page the gallery does not picture yet: tests/dom/terms-editor-page.test.tsx renders it and tests/model/terms-dialog.model.test.tsx walks its dialog; tests/e2e/terms-editor.spec.ts drives it in Chromium',
  myAccount:
    'a person’s My account page (issue 34 item 3), a page the gallery does not picture yet: tests/e2e/my-account.spec.ts drives it in Chromium (data downloaded, account closed)',
  goodbye:
    'the page after closing one’s account (issue 34 item 3), a page the gallery does not picture yet: tests/e2e/my-account.spec.ts lands on it',
  findPerson:
    'the agent’s Find a person is the Manage Users grid and user dialog (shown there) for the agent role, whom the gallery’s people do not include yet; tests/e2e/agent-mode.spec.ts drives it',
};

/** A machine's top-level states: the unit the gallery accounts for (nested states are variants of these). */
export const topLevelStates = (machine: AnyStateMachine): string[] => Object.keys(machine.root.states);

/** Every shot, flattened, with where it belongs: the runner's work list. */
export const galleryShots = galleryPages.flatMap((page) =>
  page.sections.flatMap((section) => section.shots.map((shot) => ({ page, section, shot }))),
);
