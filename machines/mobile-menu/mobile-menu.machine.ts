import { setup } from 'xstate';
import { notProvidedListener } from '../support/actors';

/** The spec's medium threshold (admin-and-board §9): above 992 px the menu sits beside the page. */
export const NARROW_MAX_WIDTH = 992;

export type MobileMenuEvent =
  /** The viewport crossed the threshold (sent by the `watchViewport` listener). */
  | { type: 'viewport.changed'; narrow: boolean }
  | { type: 'menu.toggle' }
  | { type: 'menu.close' }
  /** Any navigation began (a menu link, the initials menu, the browser's back button). */
  | { type: 'navigation.started' };

/**
 * The admin layout's left menu on small screens (admin-and-board §2 "Main layout behaviour", §4 "Mobile menu"): on a
 * wide screen it is always shown beside the page; on a narrow one it is an overlay that a button opens and closes,
 * and that closes at every navigation start.
 */
export const mobileMenuMachine = setup({
  types: {
    context: {} as { startedNarrow: boolean },
    events: {} as MobileMenuEvent,
    input: {} as { narrow: boolean },
    /** What the layout shows: the menu as an overlay behind a button, and that overlay open. */
    tags: {} as 'narrow' | 'overlayOpen',
  },
  actors: {
    /** A media-query listener for `(max-width: 992px)`, provided at the wiring edge. */
    watchViewport: notProvidedListener<MobileMenuEvent>('watchViewport'),
  },
  guards: {
    /** Only the first decision reads the input; afterwards the state is the truth. */
    startedNarrow: ({ context }) => context.startedNarrow,
    isNarrow: (_, narrow: boolean) => narrow,
  },
}).createMachine({
  id: 'mobileMenu',
  context: ({ input }) => ({ startedNarrow: input.narrow }),
  invoke: { id: 'watchViewport', src: 'watchViewport' },
  initial: 'measuring',
  states: {
    measuring: {
      always: [{ guard: 'startedNarrow', target: 'narrow' }, { target: 'wide' }],
    },
    /** The menu is beside the page; there is no overlay to open. */
    wide: {
      on: {
        'viewport.changed': {
          guard: { type: 'isNarrow', params: ({ event }) => event.narrow },
          target: 'narrow',
        },
      },
    },
    narrow: {
      tags: ['narrow'],
      initial: 'closed',
      on: {
        'viewport.changed': {
          guard: { type: 'isNarrow', params: ({ event }) => !event.narrow },
          target: 'wide',
        },
      },
      states: {
        closed: { on: { 'menu.toggle': 'open' } },
        open: {
          tags: ['overlayOpen'],
          on: {
            'menu.toggle': 'closed',
            'menu.close': 'closed',
            'navigation.started': 'closed',
          },
        },
      },
    },
  },
});
