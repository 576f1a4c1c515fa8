import type { ProfileValidateResult } from '@contracts/profile';
import {
  isFetchFailureMessage,
  isGatewayStatus,
  isNetworkFailure,
  NetworkError,
  SessionEndedError,
} from '@contracts/failures';
import type { Menu } from '@contracts/resources';
import type { Culture } from '@contracts/culture';
import type { LinkTokens } from '@machines/support/application-links';
import type { ExistingSession, SignInWidgetInput, WidgetEvent } from '@machines/login/login.types';
import type { DemoGuide } from '@contracts/demo-guide';
import { MAX_LOGIN_ATTEMPTS } from '@machines/login/attempts';
import { getDemoGuide } from '../api/demo-guide';
import { loginLogoUrl } from '../api/resources';
import { getMenu, getSiteConfiguration, validateProfile } from '../api/identity';
import type { CallOptions } from '../api/http';
import { storageKeys } from '../app/storage-keys';
import { storage } from '../app/storage';
import { PORTAL_MENU_SECTION } from '@machines/guard/menu';
import { paths } from '../app/routes';
import { createIdentitySetup } from './auth-client';
import { mySecurityCalls, type MySecurityCalls } from './my-security';
import type { MountedWidget } from './sign-in-widget';
import { WIDGET_ELEMENT_ID } from './widget-options';

/**
 * Everything the identity flows ask of the outside world: the auth client, the widget and the identity calls of
 * the API. src/auth provides the real one (okta-auth-js and the Sign-In Widget); tests provide fakes.
 */
export type IdentityPort = {
  findExistingSession: (options: { checkIdpSession: boolean }) => Promise<ExistingSession>;
  handleLoginRedirect: () => Promise<void>;
  redirectToIdentityProvider: (idp: string) => Promise<void>;
  /** Renders the widget once its element is on the page, with the client's logo and FAQ; resolves to its handle. */
  mountWidget: (options: SignInWidgetInput & { sendBack: (event: WidgetEvent) => void }) => Promise<MountedWidget>;
  /**
   * Fetches, while the person types, what the steps after the password need and would otherwise fetch one after
   * another: the issuer's discovery document and its signing keys (okta-auth-js keeps both), which the authorize and
   * token calls and the ID token's check read. Never fails.
   */
  prepareSignIn: () => void;
  /**
   * GET demo/guide: the demo people while the demo world is on. Asked only when `config/public` says so
   * (`demoWorld`); otherwise it rejects without a call, so a production page never asks for an address that is not
   * there (a 404 in the console).
   */
  loadDemoGuide: (options: CallOptions) => Promise<DemoGuide>;
  /** `config/public` → `lockoutAttempts`, else the specification's 5: what the attempt counter counts down from. */
  loadSignInPolicy: () => Promise<{ maxAttempts: number }>;
  validateProfile: (
    input: { clientId: string | undefined; applicationName: string | undefined; culture: Culture },
    options: CallOptions,
  ) => Promise<ProfileValidateResult>;
  loadMenu: (input: { clientId: string; culture: Culture }, options: CallOptions) => Promise<Menu>;
  renewTokens: () => Promise<void>;
  /** Revokes the tokens and closes the identity-provider session; never rejects for an already-ended session. */
  signOut: () => Promise<void>;
  /** The stored tokens, read synchronously (bearer header, link placeholders). */
  readTokens: () => LinkTokens;
  /** The person's own sessions and passkeys on the identity provider, by its session cookie (src/auth/my-security). */
  mySecurity: MySecurityCalls;
};

type StoredToken = { accessToken?: string; idToken?: string; refreshToken?: string; expiresAt?: number };

/** okta-auth-js's token storage under our key: `{ accessToken: { accessToken }, idToken: { idToken }, … }`. */
export function readStoredTokens(): LinkTokens {
  try {
    const parsed = JSON.parse(storage.read(storageKeys.tokens) ?? '{}') as Record<string, StoredToken | undefined>;
    const tokens: LinkTokens = {};
    if (typeof parsed.accessToken?.accessToken === 'string') tokens.accessToken = parsed.accessToken.accessToken;
    if (typeof parsed.idToken?.idToken === 'string') tokens.idToken = parsed.idToken.idToken;
    if (typeof parsed.refreshToken?.refreshToken === 'string') tokens.refreshToken = parsed.refreshToken.refreshToken;
    return tokens;
  } catch {
    return {};
  }
}

/**
 * When the stored access token expires, in ms since the epoch (okta-auth-js stores `expiresAt` in seconds); undefined
 * when no token is stored or it carries no expiry (spec §4 "Authenticated": no expiry counts as unexpired).
 */
export function readStoredTokenExpiry(): number | undefined {
  try {
    const parsed = JSON.parse(storage.read(storageKeys.tokens) ?? '{}') as Record<string, StoredToken | undefined>;
    const expiresAt = parsed.accessToken?.expiresAt;
    return typeof expiresAt === 'number' && Number.isFinite(expiresAt) ? expiresAt * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Resolves once an element with the id is in the document (the login view renders it with the widget state). */
function elementById(document: Document, id: string): Promise<HTMLElement> {
  const found = document.getElementById(id);
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const element = document.getElementById(id);
      if (!element) return;
      observer.disconnect();
      resolve(element);
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

const ignoreFailure = () => undefined;

/**
 * A renewal that got no answer, as the one NetworkError (issue 29 §3): okta-auth-js wraps a fetch's TypeError in an
 * AuthApiError without a response (`xhr`) that keeps the browser's message; a browser that knows it is offline says so;
 * a gateway answered for a server it could not reach (502, 503, 504, `isGatewayStatus`). Anything else (the identity
 * provider refused the refresh token) stays what it was: the session may then sign out.
 */
/**
 * okta-auth-js's OAuthError for a refresh token the token endpoint refused (`invalid_grant`), from Okta or the
 * embedded identity provider alike: the session behind it was ended or the token revoked, and no retry can help.
 */
export function isRefreshTokenRefused(error: unknown): error is Error {
  return (
    error instanceof Error &&
    error.name === 'OAuthError' &&
    (error as { errorCode?: unknown }).errorCode === 'invalid_grant'
  );
}

export function asNetworkFailure(error: unknown, online: boolean): unknown {
  if (isNetworkFailure(error)) return error;
  const xhr = typeof error === 'object' && error !== null ? (error as { xhr?: { status?: unknown } }).xhr : undefined;
  const message = error instanceof Error ? error.message : '';
  if (xhr === undefined && (!online || isFetchFailureMessage(message)))
    return new NetworkError(message, { cause: error });
  if (typeof xhr?.status === 'number' && isGatewayStatus(xhr.status))
    return new NetworkError(message, { cause: error });
  return error;
}

/** The real identity port: okta-auth-js 8 built from GET config/public, and the Classic Sign-In Widget. */
export function createIdentityPort(target: Window): IdentityPort {
  const setup = createIdentitySetup();
  /**
   * The code exchange under way, if any. okta-auth-js takes the code out of the address (`/login/callback?code=…` →
   * `/login/callback`) before it redeems it; the root starts the login flow afresh on that new address, and that flow
   * asks again. It must wait for the same exchange: a second call finds no code, resolves at once without tokens, and
   * the profile call that follows is refused (401), signing the person out.
   */
  let exchanging: Promise<void> | undefined;
  return {
    async findExistingSession({ checkIdpSession }) {
      const { client } = await setup();
      if (await client.isAuthenticated()) return 'tokens';
      // Spec §4: an ACTIVE identity-provider session allows silent token retrieval (single sign-on).
      if (!checkIdpSession || !(await client.session.exists())) return 'none';
      const { tokens } = await client.token.getWithoutPrompt();
      client.tokenManager.setTokens(tokens);
      return 'tokens';
    },
    handleLoginRedirect() {
      exchanging ??= (async () => {
        const { client } = await setup();
        await client.handleLoginRedirect();
      })().finally(() => {
        exchanging = undefined;
      });
      return exchanging;
    },
    async redirectToIdentityProvider(idp) {
      const { client } = await setup();
      // Spec §2 SSO: the return address is login/callback (the configured redirect URI), the original URI the root.
      await client.signInWithRedirect({ idp, originalUri: '/' });
    },
    async mountWidget({ language, recoveryToken, clientId, sendBack }) {
      // The logo and FAQ are the page's (the root's client): the address's client, else the one an earlier page stored.
      const brandClient = clientId ?? storage.read(storageKeys.clientId);
      const [{ client, config }, { mountSignInWidget }, element] = await Promise.all([
        setup(),
        import('./sign-in-widget'),
        elementById(target.document, WIDGET_ELEMENT_ID),
      ]);
      return mountSignInWidget({
        client,
        config,
        element,
        language,
        recoveryToken,
        logoUrl: loginLogoUrl(brandClient),
        helpUrl: paths.faq({ clientId: brandClient }),
        sendBack,
        now: () => Date.now(),
        lookupRule: async (typed) => {
          const site = await getSiteConfiguration({ login: typed.trim(), clientId });
          return {
            prefix: site.oktaPrefix,
            agentUserDomain: config.agentUserDomain ?? '',
            testDomainSuffix: config.testDomainSuffix ?? null,
          };
        },
      });
    },
    prepareSignIn() {
      void Promise.all([setup(), import('@okta/okta-auth-js')])
        .then(async ([{ client }, { getWellKnown, httpRequest }]) => {
          const { jwks_uri: keys } = await getWellKnown(client);
          // The signing keys, kept by okta-auth-js's HTTP cache as its own key lookup keeps them: the ID token's
          // check after the token call then reads them there instead of asking for them in between.
          await httpRequest(client, { url: keys, method: 'GET', cacheResponse: true });
        })
        .catch(ignoreFailure);
    },
    async loadDemoGuide(options) {
      const { config } = await setup();
      if (config.demoWorld !== true) throw new Error('The demo world is off: no demo guide.');
      return getDemoGuide(options);
    },
    async loadSignInPolicy() {
      const { config } = await setup();
      return { maxAttempts: config.lockoutAttempts ?? MAX_LOGIN_ATTEMPTS };
    },
    validateProfile: (input, options) => validateProfile(input, options),
    loadMenu: ({ clientId, culture }, options) => getMenu({ section: PORTAL_MENU_SECTION, clientId, culture }, options),
    async renewTokens() {
      try {
        const { client } = await setup();
        const tokens = await client.token.renewTokens();
        client.tokenManager.setTokens(tokens);
      } catch (error) {
        if (isRefreshTokenRefused(error)) throw new SessionEndedError(error.message, { cause: error });
        throw asNetworkFailure(error, target.navigator.onLine);
      }
    },
    async signOut() {
      const { client } = await setup();
      // Each step is best effort: an expired token or an already-closed session must not keep anyone signed in.
      await client.revokeRefreshToken().catch(ignoreFailure);
      await client.revokeAccessToken().catch(ignoreFailure);
      await client.closeSession().catch(ignoreFailure);
      client.tokenManager.clear();
    },
    readTokens: readStoredTokens,
    mySecurity: mySecurityCalls(async () => new URL((await setup()).config.issuer).origin),
  };
}
