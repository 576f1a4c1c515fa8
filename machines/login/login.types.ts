import type { Culture } from '@contracts/culture';
import type { DemoPerson } from '@contracts/demo-guide';
import type { ProfileValidateResult, UserProfile } from '@contracts/profile';
import type { SignOutReason } from '../session/session.machine';
import type { IdentityPorts } from '../support/ports';
import type { LoginAttempts } from './attempts';
import type { Destination } from './post-login';

/** The routes this flow serves (public-and-profile §2): Login's four shapes, Public/Admin, SSO, login/callback. */
export type LoginMode = 'login' | 'publicAdmin' | 'sso' | 'callback';

/** What the root knows from the address when it invokes the flow. */
export type LoginRoute = {
  mode: LoginMode;
  clientId: string | undefined;
  applicationName: string | undefined;
  culture: Culture;
  /** The address named the culture (a path segment or `?culture=`), so links from the page keep it. */
  cultureNamed: boolean;
  /** From a reset-password link (`?recoveryToken=`): the widget opens on the recovery step. */
  recoveryToken: string | undefined;
  /**
   * The address's `?redirectUrl=` (spec §2 "a query string with culture and the redirect URL"), as the route decoded
   * it: where the person asked to go after signing in. Followed only when it is safe (post-login.ts).
   */
  redirectUrl: string | undefined;
};

/** What `readStoredLogin` is told: on the SSO screen, the address's client's SSOID is asked for (StoredLogin.ssoId). */
export type StoredLoginInput = { mode: LoginMode; clientId: string | undefined };

/** What earlier pages stored for the flow, read by the `readStoredLogin` actor when the flow starts. */
export type StoredLogin = {
  /** The application remembered by an earlier Login or SSO address. */
  storedApplication: string | undefined;
  /**
   * The single-sign-on identity provider id (SSOID): on the SSO screen whose address names a client, that client's
   * (none when it has none); otherwise the stored site configuration's, when one was stored.
   */
  ssoId: string | undefined;
  attempts: LoginAttempts;
  /**
   * The redirect URL an earlier page kept (the login page's own `redirectUrl`, across the identity provider's round
   * trip to login/callback; the page a 401 ended the session on).
   */
  storedRedirect: string | undefined;
};

/** What the Sign-In Widget reports (src/auth/sign-in-widget.ts turns its callbacks into these). */
export type WidgetEvent =
  /** The person submitted; `username` is the identity provider's username after the username rule. */
  | { type: 'widget.submitted'; username: string }
  /** Primary authentication failed (wrong password, locked); `at` is the time, for the 30-minute window. */
  | { type: 'widget.failed'; at: number }
  /** Tokens were obtained and stored in the shared auth client. */
  | { type: 'widget.signedIn' }
  /** Forgot-password mail sent: the spec returns to the sign-in form. */
  | { type: 'widget.emailSent' }
  /** The widget could not be put on screen (its chunk, the auth client or the element failed to load). */
  | { type: 'widget.mountFailed' };

/** What the flow asks of the widget on screen. */
export type WidgetCommand =
  /** The demo guide's pick: the name goes into the widget's username field. */
  { type: 'widget.fillUsername'; username: string };

export type LoginEvent =
  | WidgetEvent
  /** "Retry" under the error that replaced a widget that failed to mount. */
  | { type: 'widget.retry' }
  /** A person picked in the demo guide (issue 13): what they type to sign in. */
  | { type: 'guide.picked'; username: string };

/** How an existing session was found before showing the widget. */
export type ExistingSession = 'tokens' | 'none';

/** `clientId`: the page's client (portal alias or id), the username rule's client when the typed name names none. */
export type SignInWidgetInput = { language: Culture; recoveryToken: string | undefined; clientId: string | undefined };

export type ValidateProfileInput = {
  clientId: string | undefined;
  applicationName: string | undefined;
  culture: Culture;
};

/** The route, and the session and notifications singletons as ports (machines/support/ports.ts). */
export type LoginInput = LoginRoute & { ports: IdentityPorts };

export type { DemoPerson, Destination, LoginAttempts, ProfileValidateResult, SignOutReason, UserProfile };
