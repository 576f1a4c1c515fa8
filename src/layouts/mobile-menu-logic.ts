import { fromCallback } from 'xstate';
import { mobileMenuMachine, NARROW_MAX_WIDTH, type MobileMenuEvent } from '@machines/mobile-menu/mobile-menu.machine';

// eslint-disable-next-line lingui/no-unlocalized-strings -- a media query, not a text a person reads
const query = `(max-width: ${NARROW_MAX_WIDTH}px)`;

/** `matchMedia`, where the environment has it (some test environments do not: the layout then stays wide). */
const mediaQuery = (target: Window): MediaQueryList | undefined =>
  'matchMedia' in target && typeof target.matchMedia === 'function' ? target.matchMedia(query) : undefined;

/** Whether the window is at or below the medium threshold now. */
export const isNarrowWindow = (target: Window): boolean => mediaQuery(target)?.matches ?? false;

/** The mobile-menu machine joined to the window's media query. */
export const mobileMenuLogic = (target: Window) =>
  mobileMenuMachine.provide({
    actors: {
      watchViewport: fromCallback<MobileMenuEvent, undefined>(({ sendBack }) => {
        const list = mediaQuery(target);
        if (!list) return undefined;
        const onChange = (event: MediaQueryListEvent) => {
          sendBack({ type: 'viewport.changed', narrow: event.matches });
        };
        list.addEventListener('change', onChange);
        return () => {
          list.removeEventListener('change', onChange);
        };
      }),
    },
  });
