import { setup } from 'xstate';
import type { SiteProfile } from '@contracts/resources';
import { notProvided, providedAtEdge } from '../support/actors';

export type ResetRedirectInput = { login: string };

/**
 * The Reset redirect page (spec public-and-profile §2 "Reset redirect page"; docs/flows/reset-redirect.md): looks the
 * site profile up by the login in the address, stores it, and goes to the login page of its portal alias. The server
 * answers an unknown login with the provider's profile (same status and shape), and a failed lookup goes to the
 * plain login page, so where the page leads never says whether the login exists.
 */
export const resetRedirectMachine = setup({
  types: { input: {} as ResetRedirectInput, context: {} as ResetRedirectInput },
  actors: {
    /** GET Resource/siteConfiguration?login. */
    lookUp: notProvided<{ login: string }, SiteProfile>('lookUp'),
  },
  actions: {
    /** Keeps the site profile where the login page reads it (local storage, at the edge). */
    storeSiteProfile: providedAtEdge<{ profile: SiteProfile }>(),
    /** Replaces the address (the Reset page is not a step to come back to). */
    leaveFor: providedAtEdge<{ path: string }>(),
  },
}).createMachine({
  id: 'resetRedirect',
  context: ({ input }) => input,
  initial: 'lookingUp',
  states: {
    lookingUp: {
      invoke: {
        id: 'lookUp',
        src: 'lookUp',
        input: ({ context }) => ({ login: context.login }),
        onDone: {
          target: 'left',
          actions: [
            { type: 'storeSiteProfile', params: ({ event }) => ({ profile: event.output }) },
            {
              type: 'leaveFor',
              params: ({ event }) => ({ path: `/Login/${encodeURIComponent(event.output.portalAlias)}` }),
            },
          ],
        },
        onError: { target: 'left', actions: { type: 'leaveFor', params: { path: '/Login' } } },
      },
    },
    left: { type: 'final' },
  },
});
