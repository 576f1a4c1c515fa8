import type { Page } from 'playwright-core';
import type { AnyStateMachine } from 'xstate';
import type { Culture } from '@contracts/culture';
import type { RouteId } from '@src/app/routes';

/** Who is signed in when a shot starts: nobody, the demo world's provider administrator, or a board user (María). */
export type Person = 'anonymous' | 'providerAdmin' | 'boardUser';

/** What a shot's steps get: the page (already in the shot's culture and width) and the culture's built-in texts. */
export interface ShotContext {
  page: Page;
  culture: Culture;
  /** A message's built-in text in the shot's culture, by its id (`Application_Button_Add`): to find a button by name. */
  text: (id: string) => string;
}

/**
 * One picture: a state of a machine, reached in the real app by the steps in `open`, which resolve once the state is on
 * screen (its heading, its alert, its open dialog). `variant` names what the state shows besides its name
 * ("validation errors").
 */
export interface Shot {
  /** A state of the section's machine, as a dotted path (`editing`, `ready.idle`). */
  state: string;
  variant?: string;
  as: Person;
  open: (context: ShotContext) => Promise<void>;
}

/**
 * A machine as the gallery shows it: the states shot, and each top-level state left out with the reason. A page with no
 * machine (a plain notice) has one section without `machine`, whose shots name what they show.
 */
export interface GallerySection {
  machine?: AnyStateMachine;
  shots: readonly Shot[];
  leftOut?: Readonly<Record<string, string>>;
}

/** A page of the app (or a flow of pages) with the routes it stands for and its machines. */
export interface GalleryPage {
  id: string;
  title: string;
  routes: readonly RouteId[];
  sections: readonly GallerySection[];
}
