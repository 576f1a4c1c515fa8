import { assign, enqueueActions, sendTo, setup, type SnapshotFrom } from 'xstate';
import type { Culture } from '@contracts/culture';
import type { UserProfile } from '@contracts/profile';
import { errorOf } from '../admin-grid/failure-notice';
import { personFormInput } from '../profile-form/person-form-input';
import { profileFormMachine } from '../profile-form/profile-form.machine';
import { securityDevicesMachine } from '../security-devices/security-devices.machine';
import { progressOf } from '../profile-form/profile-form.selectors';
import type { ProfileFormInput, ProfileResult } from '../profile-form/profile-form.types';
import type { sessionMachine } from '../session/session.machine';
import { selectIsSignedIn } from '../session/session.selectors';
import { notProvided, providedAtEdge } from '../support/actors';
import { findApplication } from '../support/application-links';
import type { IdentityPorts } from '../support/ports';
import type { ReturnTo } from './return-address';
import type { LinkControls } from '../profile-form/link-controls';

export type EditProfileInput = {
  /** The signed-in person (the guard admitted them); undefined only if the session ended meanwhile. */
  profile: UserProfile | undefined;
  /** The route's redirect URL, as the route decoded it. */
  redirectUrl: string | undefined;
  culture: Culture;
  /** The `stepIndex` query parameter (default 0). */
  startStep: number;
  /** What the address asks of the form: prefills by meta tag and `DF` (profile-form/link-controls, docs/links.md). */
  link: LinkControls;
  /** Where to go back when the redirect URL may not be followed: /board/index on the board, the dashboard in admin. */
  fallback: string;
  /**
   * The route's application (`/board/editProfile/{redirectUrl}/{applicationName}`, admin-and-board §2): the application
   * the person came from. The login refreshed after a save is validated for it, as signing in validates the application
   * it opens, so the session's profile carries that application's role; a name the person does not hold is left out.
   */
  applicationName?: string | undefined;
  ports: IdentityPorts;
};

/** The route's application when the person holds it (by name or alias, as profile/validate matches it), else none. */
const heldApplication = ({ applicationName, profile }: EditProfileInput): string | undefined =>
  applicationName === undefined || profile === undefined
    ? undefined
    : findApplication(profile.applications, applicationName)?.name;

type EditProfileContext = EditProfileInput & {
  /** The kind of the form's step last seen, so `/edit-profile/security` is recorded once per arrival (spec §2). */
  trackedStep: string;
};

/**
 * Edit Profile (admin-and-board §2 "Edit Profile (board)", the admin `profile` page, public-and-profile §7 "A refresh
 * of the login is made after editing your own profile"): the profile form in Edit mode on the person's own profile.
 * Save or Cancel returns to the redirect URL only if it passes the safe-URL check and its host is one of the site's
 * application links (else the fallback); after a save the login is refreshed first, so the new tokens and the
 * session's profile carry the new name. A failed read shows the form's error card with the same return link; a 401 is
 * the one 401 policy's (the session signs out and shows the login page), so this flow then goes nowhere itself.
 */
export const editProfileMachine = setup({
  types: {
    context: {} as EditProfileContext,
    input: {} as EditProfileInput,
    children: {} as { profileForm: 'profileForm'; refreshLogin: 'refreshLogin'; securityDevices: 'securityDevices' },
    tags: {} as 'refreshing',
  },
  actors: {
    profileForm: profileFormMachine,
    /** The Security step's sessions and passkeys (machines/security-devices); it reads nothing until shown. */
    securityDevices: securityDevicesMachine,
    /** New tokens, then profile/validate: the person as the portal now sees them. */
    refreshLogin: notProvided<{ clientId: string; culture: Culture; applicationName: string | undefined }, UserProfile>(
      'refreshLogin',
    ),
  },
  actions: {
    /**
     * Goes back (provided at the edge, which knows the portal's origin): to `returnAddressOf(…)` — in-app navigation,
     * or a full load of an application's page.
     */
    leave: providedAtEdge<ReturnTo>(),
    /** A page view under the edit-profile analytics name of the Security step (provided at the edge: the data layer). */
    trackPage: providedAtEdge<{ page: '/edit-profile/security'; culture: Culture; clientId: string | undefined }>(),
    // Runs on the form's snapshot events (onSnapshot below).
    trackProgress: enqueueActions(({ context, event, enqueue }) => {
      const { step } = progressOf(event);
      if (step === context.trackedStep) return;
      if (step === 'security') {
        enqueue({
          type: 'trackPage',
          params: { page: '/edit-profile/security', culture: context.culture, clientId: context.profile?.clientId },
        });
      }
      enqueue.assign({ trackedStep: step });
    }),
    /** Stores the refreshed profile where a reload finds it (provided at the edge: storage). */
    persistProfile: providedAtEdge<{ profile: UserProfile }>(),
    /** The form crashed as an actor (its own failures are reported inside it). */
    reportFormCrash: sendTo(
      ({ context }) => context.ports.notifications,
      (_, error: unknown) => ({ type: 'error.report' as const, error, action: 'editProfile.profileForm' }),
    ),
    reportRefreshFailure: sendTo(
      ({ context }) => context.ports.notifications,
      (_, error: unknown) => ({ type: 'error.report' as const, error, action: 'editProfile.refreshLogin' }),
    ),
  },
  guards: {
    isUpdated: ({ event }) => (event as { output?: ProfileResult }).output?.kind === 'updated',
    /** A form that ended without a save: Cancel, or a 401 (after which the session has already signed out). */
    // The port is typed by the events it takes; the session singleton behind it answers its own snapshot, read by the
    // session's own selector (the one place that knows its states).
    isSignedIn: ({ context }) =>
      selectIsSignedIn(context.ports.session.getSnapshot() as SnapshotFrom<typeof sessionMachine>),
  },
}).createMachine({
  id: 'editProfile',
  context: ({ input }) => ({ ...input, trackedStep: 'profile' }),
  initial: 'checking',
  states: {
    checking: { always: [{ guard: ({ context }) => context.profile !== undefined, target: 'editing' }, 'ended'] },
    editing: {
      invoke: [
        // The person's sessions and passkeys, shown on the Security step: ends with the form.
        { id: 'securityDevices', src: 'securityDevices' },
        {
          id: 'profileForm',
          src: 'profileForm',
          input: ({ context }): ProfileFormInput => {
            const profile = context.profile as UserProfile;
            return personFormInput(
              { id: profile.userId, email: profile.email },
              {
                mode: 'Edit',
                viewer: { admin: false, role: profile.role },
                culture: context.culture,
                ownProfile: true,
                startStep: context.startStep,
                footer: 'navigation',
                link: context.link,
                notifications: context.ports.notifications,
              },
            );
          },
          // The form's progress as analytics: arriving on the Security step (the Profile step is the route's view).
          onSnapshot: { actions: 'trackProgress' },
          onDone: [
            { guard: 'isUpdated', target: 'refreshing' },
            { guard: 'isSignedIn', target: 'leaving' },
            { target: 'ended' },
          ],
          onError: {
            target: 'leaving',
            actions: { type: 'reportFormCrash', params: errorOf },
          },
        },
      ],
    },
    refreshing: {
      tags: 'refreshing',
      invoke: {
        id: 'refreshLogin',
        src: 'refreshLogin',
        input: ({ context }) => ({
          clientId: context.profile?.clientId ?? '',
          culture: context.culture,
          applicationName: heldApplication(context),
        }),
        onDone: {
          target: 'leaving',
          actions: [
            assign({ profile: ({ event }) => event.output }),
            { type: 'persistProfile', params: ({ event }) => ({ profile: event.output }) },
            enqueueActions(({ context, event, enqueue }) => {
              enqueue.sendTo(context.ports.session, { type: 'session.signedIn', profile: event.output });
            }),
          ],
        },
        // The save stands; a refresh that fails is reported, and the old tokens serve until the next sign-in.
        onError: {
          target: 'leaving',
          actions: { type: 'reportRefreshFailure', params: errorOf },
        },
      },
    },
    leaving: {
      type: 'final',
      entry: {
        type: 'leave',
        params: ({ context }): ReturnTo => ({
          redirectUrl: context.redirectUrl,
          profile: context.profile,
          fallback: context.fallback,
        }),
      },
    },
    /** Nothing left to do here: the session ended (the 401 policy shows the login page). */
    ended: { type: 'final' },
  },
});
