import { fromCallback, fromPromise } from 'xstate';
import { guardMachine } from '@machines/guard/guard.machine';
import type { FlowLogics } from '@machines/app/app.flows';
import type {
  SignInWidgetInput,
  StoredLogin,
  StoredLoginInput,
  WidgetCommand,
  WidgetEvent,
} from '@machines/login/login.types';
import { redirectTargetOf, type Destination } from '@machines/login/post-login';
import { sessionMachine, type SessionEvent } from '@machines/session/session.machine';
import { termsAcceptanceMachine } from '@machines/terms-acceptance/terms-acceptance.machine';
import { applicationHosts, substitutePlaceholders } from '@machines/support/application-links';
import type { OtpTokenRequest } from '@machines/support/one-time-token';
import { safeRedirectTarget, sameOriginPath } from '@machines/support/safe-redirect';
import type { ProfileApplication, UserProfile } from '@contracts/profile';
import type { IdentityPort } from '../auth/identity-port';
import type { MountedWidget } from '../auth/sign-in-widget';
import type {
  generateOtpToken as GenerateOtpToken,
  getSiteConfiguration as GetSiteConfiguration,
} from '../api/identity';
import type { getMyAccessRequests, requestAccess } from '../api/access-requests';
import type { acceptTerms, getPendingTerms } from '../api/terms';
import { pushPageView } from './analytics';
import { prefetchLandings, whenIdle } from './route-prefetch';
import { resolveRoute } from './routes';
import { storage } from './storage';
import { storageKeys, type StorageKey } from './storage-keys';
import { readStoredAttempts, readStoredCulture, readStoredSsoId } from './stored-values';

/** How the flows move the browser: within the SPA (wouter), or a full load of another page or site. */
export type NavigationPort = {
  navigate: (path: string, options?: { replace?: boolean }) => void;
  leave: (url: string) => void;
};

/** Spec public-and-profile §4 "Sign-out clears tokens, login info, client id, application, logo and redirect URL,
 * stored site configuration and menu data". The culture, the resource version, the attempt counter and the reason
 * the session ended stay. */
export const signOutKeys: readonly StorageKey[] = [
  storageKeys.tokens,
  storageKeys.profile,
  storageKeys.clientId,
  storageKeys.application,
  storageKeys.logo,
  storageKeys.redirectUrl,
  storageKeys.siteConfiguration,
  storageKeys.menu,
  storageKeys.adminPortal,
  storageKeys.clientPrefix,
];

const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'scroll', 'touchstart'] as const;

/** The identity flows' effects: the login flow, the session, the guards and the launcher. */
export function wireIdentity({
  identity,
  navigation,
  target,
  watchUnauthorised,
  generateOtpToken,
  terms,
  accessRequests,
  getSiteConfiguration,
}: {
  identity: IdentityPort;
  navigation: NavigationPort;
  target: Window;
  /** The HTTP port's 401 signal (src/api/http.ts), the start of the one 401 policy. */
  watchUnauthorised: (listener: () => void) => () => void;
  /** POST Auth/GenerateOtpToken: the launcher's one-time token for a `{otpToken}` link. */
  generateOtpToken: typeof GenerateOtpToken;
  /** GET and POST profile/terms: the new-terms stop the login flow makes after a valid profile. */
  terms: { getPendingTerms: typeof getPendingTerms; acceptTerms: typeof acceptTerms };
  /** GET and POST MyAccessRequests: the board's access-request offers and a person's request (issue 34 item 4). */
  accessRequests: { getMyAccessRequests: typeof getMyAccessRequests; requestAccess: typeof requestAccess };
  /** GET Resource/siteConfiguration: the SSO screen's client's SSOID. */
  getSiteConfiguration: typeof GetSiteConfiguration;
}) {
  /** An address of the SPA goes through the router; anything else (an application's page) is a full load. */
  const go = (url: string) => {
    const path = sameOriginPath(url, target.location.origin);
    if (path !== undefined && resolveRoute(path.split(/[?#]/)[0] ?? path).kind !== 'notFound') {
      navigation.navigate(path);
    } else {
      navigation.leave(url);
    }
  };
  const openApplication = (application: ProfileApplication, profile: UserProfile, otpToken?: string) => {
    go(
      substitutePlaceholders(application.applicationLink, {
        profile,
        application,
        tokens: otpToken === undefined ? identity.readTokens() : { ...identity.readTokens(), otpToken },
        currentPath: target.location.pathname,
      }),
    );
  };
  const openDestination = (destination: Destination, profile: UserProfile, otpToken?: string) => {
    if (destination.kind === 'application') openApplication(destination.application, profile, otpToken);
    else if (destination.kind === 'page') navigation.navigate(destination.path, { replace: true });
    else {
      // Followed once: the kept URL goes before the browser does, so a later sign-in does not follow it again.
      storage.remove(storageKeys.redirectUrl);
      go(redirectTargetOf(destination.url, profile, target.location.origin));
    }
  };
  /** Follows a redirect only to this origin or an application's host (never an open redirect). */
  const followSafely = (url: string | undefined, profile: UserProfile | undefined): boolean => {
    const safe = safeRedirectTarget(url, {
      origin: target.location.origin,
      allowedHosts: applicationHosts(profile?.applications ?? []),
    });
    if (safe === undefined) return false;
    go(safe);
    return true;
  };
  const signOutEverywhere = async () => {
    try {
      await identity.signOut();
    } finally {
      for (const key of signOutKeys) storage.remove(key);
    }
    return undefined;
  };
  /**
   * POST Auth/GenerateOtpToken for the person's OtpDto: the one implementation of the `issueOtpToken` piece
   * (machines/support/one-time-token.ts) that the launcher and the login flow both invoke.
   */
  const issueOtpToken = fromPromise<string, OtpTokenRequest>(async ({ input, signal }) => {
    const { profile } = input;
    const answer = await generateOtpToken(
      {
        accessToken: identity.readTokens().accessToken ?? '',
        userInformation: { userId: profile.userId, userName: profile.userName, email: profile.email },
      },
      { signal },
    );
    return answer.otpToken;
  });
  /** The login page, keeping a recovery token and naming the page to come back to (its `redirectUrl`). */
  const openLogin = (recoveryToken: string | undefined, returnTo?: string) => {
    const query = new URLSearchParams();
    if (recoveryToken) query.set('recoveryToken', recoveryToken);
    if (returnTo) query.set('redirectUrl', returnTo);
    const search = query.toString();
    navigation.navigate(search === '' ? '/Login' : `/Login?${search}`, { replace: true });
  };

  /**
   * The SSOID the SSO screen signs in with (spec §2 "Single sign-on screen"): the address's client's own when it names
   * one (`/SSO/initech` in a browser that stored nothing), else the stored site configuration's. A client that cannot
   * be asked about (unknown, no answer) leaves the stored one.
   */
  const ssoIdOf = async ({ mode, clientId }: StoredLoginInput, signal: AbortSignal) => {
    if (mode !== 'sso' || clientId === undefined) return readStoredSsoId();
    try {
      return (await getSiteConfiguration({ clientId }, { signal })).ssoId ?? undefined;
    } catch {
      return readStoredSsoId();
    }
  };

  const login = (machine: FlowLogics['login']) =>
    machine.provide({
      actors: {
        readStoredLogin: fromPromise<StoredLogin, StoredLoginInput>(async ({ input, signal }) => ({
          storedApplication: storage.read(storageKeys.application),
          ssoId: await ssoIdOf(input, signal),
          attempts: readStoredAttempts(),
          storedRedirect: storage.read(storageKeys.redirectUrl),
        })),
        findExistingSession: fromPromise(({ input }) => identity.findExistingSession(input)),
        handleLoginRedirect: fromPromise(async () => {
          await identity.handleLoginRedirect();
          return undefined;
        }),
        redirectToIdentityProvider: fromPromise<undefined, { idp: string }>(async ({ input }) => {
          await identity.redirectToIdentityProvider(input.idp);
          return undefined;
        }),
        signInWidget: fromCallback<WidgetCommand, SignInWidgetInput>(({ input, sendBack, receive }) => {
          let removed = false;
          let mounted: MountedWidget | undefined;
          // A name picked in the demo guide while the widget shows its form but has not yet handed itself over is
          // kept and filled in once it has: a quick click is never lost.
          let pendingUsername: string | undefined;
          // What signing in goes through next is fetched while the person types, once the widget is up and the page
          // idle, and again at the submit for someone quicker than that (a second time costs nothing: the browser
          // keeps what it fetched). Not a step of the flow: only the network's head start.
          const prepare = () => {
            identity.prepareSignIn();
            prefetchLandings();
          };
          const tell = (event: WidgetEvent) => {
            if (event.type === 'widget.submitted') prepare();
            sendBack(event);
          };
          identity.mountWidget({ ...input, sendBack: tell }).then(
            (widget) => {
              if (removed) widget.remove();
              else {
                mounted = widget;
                if (pendingUsername !== undefined) widget.fillUsername(pendingUsername);
                pendingUsername = undefined;
                whenIdle(() => {
                  if (!removed) prepare();
                });
              }
            },
            // A failed mount is a state of the flow (an error with Retry), never a blank area.
            () => {
              if (!removed) sendBack({ type: 'widget.mountFailed' });
            },
          );
          receive((command) => {
            if (mounted) mounted.fillUsername(command.username);
            else pendingUsername = command.username;
          });
          return () => {
            removed = true;
            mounted?.remove();
          };
        }),
        loadDemoGuide: fromPromise(({ signal }) => identity.loadDemoGuide({ signal })),
        loadSignInPolicy: fromPromise(() => identity.loadSignInPolicy()),
        validateProfile: fromPromise(({ input, signal }) => identity.validateProfile(input, { signal })),
        signOut: fromPromise(signOutEverywhere),
        issueOtpToken,
        termsAcceptance: termsAcceptanceMachine.provide({
          actors: {
            loadPendingTerms: fromPromise(({ input, signal }) => terms.getPendingTerms(input.culture, { signal })),
            acceptTerms: fromPromise(async ({ input, signal }) => {
              await terms.acceptTerms(input, { signal });
              return undefined;
            }),
          },
        }),
      },
      actions: {
        persistApplication: (_, { applicationName }) => {
          storage.write(storageKeys.application, applicationName);
        },
        persistRedirect: (_, { redirectUrl }) => {
          storage.write(storageKeys.redirectUrl, redirectUrl);
        },
        persistAdminPortal: () => {
          storage.write(storageKeys.adminPortal, 'true');
        },
        persistAttempts: (_, { attempts }) => {
          storage.write(storageKeys.loginAttempts, JSON.stringify(attempts));
        },
        persistProfile: (_, { profile }) => {
          storage.write(storageKeys.profile, JSON.stringify(profile));
        },
        persistSignOutReason: (_, { reason }) => {
          storage.write(storageKeys.applicationError, JSON.stringify(reason));
        },
        openDestination: (_, { destination, profile, otpToken }) => {
          openDestination(destination, profile, otpToken);
        },
        openLogin: () => {
          openLogin(undefined);
        },
        trackLoginOutcome: (_, { page }) => {
          pushPageView(target, { page, culture: readStoredCulture(), clientId: storage.read(storageKeys.clientId) });
        },
      },
    });

  const session = sessionMachine.provide({
    actors: {
      watchActivity: fromCallback<SessionEvent, undefined>(({ sendBack }) => {
        const onActivity = () => {
          sendBack({ type: 'activity' });
        };
        for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onActivity, { passive: true });
        return () => {
          for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity);
        };
      }),
      watchUnauthorised: fromCallback<SessionEvent, undefined>(({ sendBack }) =>
        watchUnauthorised(() => {
          sendBack({ type: 'session.expired' });
        }),
      ),
      renewTokens: fromPromise(async () => {
        await identity.renewTokens();
        return undefined;
      }),
      hasToken: fromPromise(() => Promise.resolve(identity.readTokens().accessToken !== undefined)),
      signOut: fromPromise(signOutEverywhere),
    },
    actions: {
      forgetStoredSignOutReason: () => {
        storage.remove(storageKeys.applicationError);
      },
      keepReturnPage: (_, { path }) => {
        storage.write(storageKeys.redirectUrl, path);
      },
      leaveAfterSignOut: (_, { redirectUrl, profile }) => {
        if (!followSafely(redirectUrl, profile)) navigation.navigate('/Login', { replace: true });
      },
    },
  });

  const guard = guardMachine.provide({
    actors: {
      readStoredRedirect: fromPromise(() => Promise.resolve(storage.read(storageKeys.redirectUrl))),
      loadMenu: fromPromise(({ input, signal }) => identity.loadMenu(input, { signal })),
    },
    actions: {
      openLogin: (_, { recoveryToken, returnTo }) => {
        openLogin(recoveryToken, returnTo);
      },
      followStoredRedirect: (_, { redirectUrl, profile }) => {
        // Admin-and-board §4: remove the identity-provider logo key, navigate, then remove the stored URL.
        storage.remove(storageKeys.logo);
        if (!followSafely(redirectUrl, profile)) navigation.navigate('/board/index', { replace: true });
        storage.remove(storageKeys.redirectUrl);
      },
      openPath: (_, { path }) => {
        navigation.navigate(path, { replace: true });
      },
      persistMenu: (_, { menu }) => {
        storage.write(storageKeys.menu, JSON.stringify(menu));
      },
    },
  });

  const launcher = (machine: FlowLogics['launcher']) =>
    machine.provide({
      actors: {
        // The profile answered by profile/validate already lists the client's applications for this person.
        loadApplications: fromPromise(({ input }) => Promise.resolve(input.profile.applications)),
        issueOtpToken,
        // Access requests (issue 34 item 4): src/main.tsx defers their module, so they stay out of the public entry.
        loadOffers: fromPromise(({ signal }) => accessRequests.getMyAccessRequests({ signal })),
        requestAccess: fromPromise(
          ({ input, signal }: { input: { applicationId: string; reason: string }; signal: AbortSignal }) =>
            accessRequests.requestAccess(input, { signal }),
        ),
      },
      actions: {
        openApplication: (_, { application, profile, otpToken }) => {
          openApplication(application, profile, otpToken);
        },
      },
    });

  return { login, session, guard, launcher, go };
}
