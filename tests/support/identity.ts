import type { WidgetEvent } from '@machines/login/login.types';
import type { IdentityPort } from '@src/auth/identity-port';
import type { ProfileValidateResult, UserProfile } from '@contracts/profile';
import type { Menu } from '@contracts/resources';
import type { DemoGuide } from '@contracts/demo-guide';
import type { MyPasskey, MySession, PasskeyAttestation, PendingPasskey } from '@contracts/my-security';
import { createControlledCall } from './controlled-actor';

/**
 * A fake identity port: every call the flows make waits until the test answers it, and the "widget" is a handle the
 * test uses to play the person (submit, fail, succeed). Nothing reaches okta-auth-js or the network.
 */
export function fakeIdentity({
  demoGuide,
  maxAttempts,
}: {
  demoGuide?: DemoGuide;
  /** The server's lockout (`config/public` → `lockoutAttempts`); unset: the server does not say. */
  maxAttempts?: number;
} = {}) {
  const existingSession = createControlledCall<'tokens' | 'none', { checkIdpSession: boolean }>();
  const callback = createControlledCall<undefined>();
  const profile = createControlledCall<ProfileValidateResult, Parameters<IdentityPort['validateProfile']>[0]>();
  const menu = createControlledCall<Menu, Parameters<IdentityPort['loadMenu']>[0]>();
  const renew = createControlledCall<undefined>();
  const signOut = createControlledCall<undefined>();
  /** The Security step's sessions and passkeys (IdentityPort.mySecurity), each call answered by the test. */
  const mySessions = createControlledCall<MySession[]>();
  const myPasskeys = createControlledCall<MyPasskey[]>();
  const myChanges = createControlledCall<undefined, { call: string; id?: string }>();
  /** "Add a passkey": the identity provider's options, then the activation of the browser's attestation. */
  const myNewPasskey = createControlledCall<PendingPasskey>();
  const myActivation = createControlledCall<MyPasskey, { id: string; attestation: PasskeyAttestation }>();
  const idpRedirects: string[] = [];
  let widgetSend: ((event: WidgetEvent) => void) | undefined;
  const widgetMounts: { language: string; recoveryToken: string | undefined; clientId: string | undefined }[] = [];
  /** What the flow typed into the widget's username field (the demo guide's picks). */
  const filledUsernames: string[] = [];
  let tokens: { accessToken?: string } = {};
  let signInPreparations = 0;

  const port: IdentityPort = {
    findExistingSession: (options) => existingSession.call(options),
    handleLoginRedirect: async () => {
      await callback.call(undefined);
    },
    redirectToIdentityProvider: (idp) => {
      idpRedirects.push(idp);
      return Promise.resolve();
    },
    prepareSignIn: () => {
      signInPreparations += 1;
    },
    mountWidget: ({ language, recoveryToken, clientId, sendBack }) => {
      widgetMounts.push({ language, recoveryToken, clientId });
      widgetSend = sendBack;
      return Promise.resolve({
        remove: () => {
          if (widgetSend === sendBack) widgetSend = undefined;
        },
        fillUsername: (username: string) => {
          filledUsernames.push(username);
        },
      });
    },
    // A server without the demo world answers 404; a test that plays one passes its guide.
    loadDemoGuide: () =>
      demoGuide ? Promise.resolve(demoGuide) : Promise.reject(new Error('no demo guide (404) in this test')),
    loadSignInPolicy: () =>
      maxAttempts === undefined
        ? Promise.reject(new Error('no lockout said in this test'))
        : Promise.resolve({ maxAttempts }),
    validateProfile: (input) => profile.call(input),
    loadMenu: (input) => menu.call(input),
    renewTokens: async () => {
      await renew.call(undefined);
    },
    signOut: async () => {
      await signOut.call(undefined);
    },
    readTokens: () => tokens,
    mySecurity: {
      listMySessions: () => mySessions.call(undefined),
      listMyPasskeys: () => myPasskeys.call(undefined),
      endMySession: (id) => myChanges.call({ call: 'endMySession', id }),
      endMyOtherSessions: () => myChanges.call({ call: 'endMyOtherSessions' }),
      removeMyPasskey: (id) => myChanges.call({ call: 'removeMyPasskey', id }),
      startMyPasskey: () => myNewPasskey.call(undefined),
      activateMyPasskey: (id, attestation) => myActivation.call({ id, attestation }),
    },
  };

  return {
    port,
    existingSession,
    callback,
    profile,
    menu,
    renew,
    signOut,
    mySessions,
    myPasskeys,
    myChanges,
    myNewPasskey,
    myActivation,
    idpRedirects,
    widgetMounts,
    filledUsernames,
    /** Plays the widget: throws when no widget is on screen, as a person could not type into none. */
    widget: (event: WidgetEvent) => {
      if (!widgetSend) throw new Error('the widget is not on screen');
      widgetSend(event);
    },
    isWidgetMounted: () => widgetSend !== undefined,
    /** How often the flow asked to fetch ahead what signing in needs next (IdentityPort.prepareSignIn). */
    signInPreparations: () => signInPreparations,
    setTokens: (next: { accessToken?: string }) => {
      tokens = next;
    },
    validProfile: (userProfile: UserProfile): ProfileValidateResult => ({
      valid: true,
      validationMessage: null,
      userProfile,
    }),
  };
}

/** Records full-page loads (application links) instead of letting jsdom try to navigate. */
export function fakeNavigation(navigate: (path: string, options?: { replace?: boolean }) => void) {
  const left: string[] = [];
  return {
    left,
    port: {
      navigate,
      leave: (url: string) => {
        left.push(url);
      },
    },
  };
}
