import { fromCallback, fromPromise } from 'xstate';
import { appMachine } from '@machines/app/app.machine';
import { deferredWiring, flowLoaderWith, type FlowLogics } from '@machines/app/app.flows';
import type { AppInput } from '@machines/app/app.types';
import { notificationsMachine } from '@machines/notifications/notifications.machine';
import type { ErrorLogInput, NotificationsEvent } from '@machines/notifications/notifications.types';
import type { Messages } from '@lingui/core';
import { resourcesMachine, type LabelTexts, type ResourcesEvent } from '@machines/resources/resources.machine';
import { todayVersion } from '@machines/resources/version';
import type { Culture } from '@contracts/culture';
import type { NewError } from '@contracts/error-log';
import type { AggregatedResources, FaqQuestion } from '@contracts/resources';
import type { CallOptions } from '../api/http';
import type { generateOtpToken } from '../api/identity';
import type { getMyAccessRequests, requestAccess } from '../api/access-requests';
import type { acceptTerms, getPendingTerms } from '../api/terms';
import type { getFaq } from '../api/resources';
import { messageToLabelValue } from '../i18n/overrides';
import type { CatalogueRuntime } from '../i18n/runtime';
import { pushPageView } from './analytics';
import { environmentOf } from './environment';
import { identifyError } from './error-id';
import { storage } from './storage';
import { storageKeys } from './storage-keys';
import {
  readStoredCulture,
  readStoredProfile,
  readStoredResourceVersion,
  readStoredSignOutReason,
} from './stored-values';
import type { IdentityPort } from '../auth/identity-port';
import { wireIdentity, type NavigationPort } from './wire-identity';
import { wireEditMode, type EditModeApi } from '../admin/dashboard/edit-mode/wiring';
import type { ProfileApi } from '../profile/wiring';

/** The API calls the shell needs; src/api provides them, tests provide controlled fakes. */
export type ShellApi = {
  getResourceVersion: (input: { clientId: string | undefined }, options: CallOptions) => Promise<number>;
  getAggregatedByPage: (
    input: { components: readonly string[]; culture: Culture; clientId: string | undefined; version: number },
    options: CallOptions,
  ) => Promise<AggregatedResources>;
  postNewError: (entry: NewError, options: CallOptions) => Promise<void>;
  getLastRequestId: () => string | undefined;
  setRequestCulture: (culture: Culture) => void;
  /** Calls the listener whenever an API call answers 401 (src/api/http.ts); returns the function that stops it. */
  watchUnauthorised: (listener: () => void) => () => void;
  /** Calls the listener when a call gets no answer (`lost`) or any answer (`back`) (src/api/http.ts, issue 29 §3). */
  watchConnection: (listener: (state: 'lost' | 'back') => void) => () => void;
  /** The help page's questions (GET resource/faq). */
  getFaq: typeof getFaq;
  /** A one-time token for the launcher's `{otpToken}` links (POST Auth/GenerateOtpToken). */
  generateOtpToken: typeof generateOtpToken;
  /** The new-terms stop after sign-in (machines/terms-acceptance): GET and POST profile/terms. */
  getPendingTerms: typeof getPendingTerms;
  acceptTerms: typeof acceptTerms;
  /** The board's access-request offers and a person's request (machines/launcher): GET and POST MyAccessRequests. */
  getMyAccessRequests: typeof getMyAccessRequests;
  requestAccess: typeof requestAccess;
} & EditModeApi &
  ProfileApi;

export type ShellPorts = {
  api: ShellApi;
  catalogues: CatalogueRuntime;
  /** The browser window: location, user agent, focus and error events, the analytics queue. */
  window: Window;
  /** The auth client, the Sign-In Widget and the identity calls (src/auth/identity-port.ts). */
  identity: IdentityPort;
  navigation: NavigationPort;
};

/** A catalogue's messages as the texts an administrator would write; messages with no such form are left out. */
function builtInLabelTexts(messages: Messages): LabelTexts {
  const texts: LabelTexts = {};
  for (const [key, message] of Object.entries(messages)) {
    const text = messageToLabelValue(message);
    if (text !== undefined) texts[key] = text;
  }
  return texts;
}

const clip = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);

/** The error log entry (spec §3): the machine's fields plus what only the browser knows. */
function toNewError(input: ErrorLogInput, target: Window): NewError {
  return {
    Code: clip(input.code, 100),
    Message: clip(input.message, 4000),
    Details: clip(input.details, 20_000),
    Audience: 'ALL',
    Action: clip(input.action, 200),
    Level: 'ERROR',
    ApplicationName: clip(storage.read(storageKeys.application) ?? 'Gatehouse', 200),
    LocationURL: clip(target.location.href, 2000),
    DeviceInfo: clip(target.navigator.userAgent, 1000),
    Environment: environmentOf(target.location.hostname),
  };
}

/**
 * The one place that joins machines to the outside world: API calls, Lingui, local storage, analytics and browser
 * events. Every failure leaves here with its error id (spec §8), so machines never generate ids.
 */
export function wireApp({ api, catalogues, window: target, identity, navigation }: ShellPorts) {
  const identified =
    <TInput, TOutput>(run: (input: TInput, options: CallOptions) => Promise<TOutput>) =>
    async ({ input, signal }: { input: TInput; signal: AbortSignal }) => {
      try {
        return await run(input, { signal });
      } catch (error) {
        throw identifyError(error, api.getLastRequestId());
      }
    };

  const resources = resourcesMachine.provide({
    actors: {
      activateCulture: fromPromise(
        identified(async ({ culture }: { culture: Culture }) => {
          const builtIn = await catalogues.activate(culture);
          api.setRequestCulture(culture);
          // The built-in texts as label values: the resources machine tells a configured label from a default.
          return builtInLabelTexts(builtIn);
        }),
      ),
      fetchVersion: fromPromise(identified(api.getResourceVersion)),
      loadResources: fromPromise<AggregatedResources, Parameters<ShellApi['getAggregatedByPage']>[0]>(
        identified(api.getAggregatedByPage),
      ),
      watchWindowFocus: fromCallback<ResourcesEvent, undefined>(({ sendBack }) => {
        const onFocus = () => {
          sendBack({ type: 'window.focused' });
        };
        const onOnline = () => {
          sendBack({ type: 'connection.back' });
        };
        target.addEventListener('focus', onFocus);
        target.addEventListener('online', onOnline);
        return () => {
          target.removeEventListener('focus', onFocus);
          target.removeEventListener('online', onOnline);
        };
      }),
    },
    actions: {
      applyLabels: (_, { culture, labels, fallbackLabels }) => {
        catalogues.applyOverrides(culture, labels, fallbackLabels);
      },
      persistVersion: (_, { version }) => {
        storage.write(storageKeys.resourceVersion, String(version));
      },
    },
  });

  const notifications = notificationsMachine.provide({
    actors: {
      logError: fromPromise<undefined, ErrorLogInput>(async ({ input, signal }) => {
        // The error log must never produce errors of its own: a failed post is dropped.
        await api.postNewError(toNewError(input, target), { signal }).catch(() => undefined);
        return undefined;
      }),
      watchUncaughtErrors: fromCallback<NotificationsEvent, undefined>(({ sendBack }) => {
        const onError = (event: ErrorEvent) => {
          sendBack({
            type: 'error.report',
            error: identifyError(event.error ?? event.message, api.getLastRequestId()),
          });
        };
        const onRejection = (event: PromiseRejectionEvent) => {
          sendBack({ type: 'error.report', error: identifyError(event.reason, api.getLastRequestId()) });
        };
        target.addEventListener('error', onError);
        target.addEventListener('unhandledrejection', onRejection);
        return () => {
          target.removeEventListener('error', onError);
          target.removeEventListener('unhandledrejection', onRejection);
        };
      }),
      watchConnection: fromCallback<NotificationsEvent, undefined>(({ sendBack }) => {
        const lost = () => {
          sendBack({ type: 'connection.lost' });
        };
        const back = () => {
          sendBack({ type: 'connection.back' });
        };
        // A page that starts offline (the service worker's shell) hears no `offline` event: it says so at once.
        if (!target.navigator.onLine) lost();
        target.addEventListener('offline', lost);
        target.addEventListener('online', back);
        const stopCalls = api.watchConnection((state) => {
          if (state === 'lost') lost();
          else back();
        });
        return () => {
          target.removeEventListener('offline', lost);
          target.removeEventListener('online', back);
          stopCalls();
        };
      }),
    },
  });

  const { login, session, guard, launcher, go } = wireIdentity({
    identity,
    navigation,
    target,
    watchUnauthorised: api.watchUnauthorised,
    generateOtpToken: api.generateOtpToken,
    terms: { getPendingTerms: api.getPendingTerms, acceptTerms: api.acceptTerms },
    accessRequests: { getMyAccessRequests: api.getMyAccessRequests, requestAccess: api.requestAccess },
    getSiteConfiguration: api.getSiteConfiguration,
  });

  // The profile flows' wiring (and the profile form it brings) is in a chunk of its own, as their machines are.
  const profileFlows = deferredWiring(['signUp', 'editProfile', 'passwordReset', 'resetRedirect'], async () =>
    (await import('../profile/wiring')).wireProfile({ api, identity, target, go }),
  );

  const faq = (machine: FlowLogics['faq']) =>
    machine.provide({
      actors: {
        load: fromPromise<FaqQuestion[], Parameters<ShellApi['getFaq']>[0]>(identified(api.getFaq)),
      },
    });

  const editMode = wireEditMode({
    i18n: catalogues.i18n,
    api: { readText: api.readText, saveText: api.saveText },
    document: target.document,
  });

  return appMachine.provide({
    actors: {
      resources,
      notifications,
      session,
      guard,
      editMode,
      flowLoader: flowLoaderWith({ login, launcher, faq, ...profileFlows }),
    },
    actions: {
      trackPageView: (_, view) => {
        pushPageView(target, view);
      },
      persistCulture: (_, { culture }) => {
        storage.write(storageKeys.culture, culture);
      },
      persistClientId: (_, { clientId }) => {
        storage.write(storageKeys.clientId, clientId);
      },
    },
  });
}

/**
 * What the root starts with, read from the browser. `showErrorDetails` is the build's decision: production builds hide
 * the error modal's error code line and Error Details panel (spec §2). `tokenExpiresAt` (ms since the epoch, undefined
 * for a token without one) and `now` say whether the stored token has expired; `bypassAuthenticated` is the
 * configuration bypass flag as the build honours it (authenticated-bypass.ts): the stored profile is read without a
 * token and its expiry is not checked (spec §4 "Authenticated").
 */
export function readAppInput(
  target: Window,
  {
    showErrorDetails,
    hasToken,
    tokenExpiresAt,
    now,
    bypassAuthenticated = false,
  }: {
    showErrorDetails: boolean;
    hasToken: boolean;
    tokenExpiresAt?: number | undefined;
    now?: number;
    bypassAuthenticated?: boolean;
  },
): AppInput {
  return {
    userAgent: target.navigator.userAgent,
    culture: readStoredCulture(),
    clientId: storage.read(storageKeys.clientId),
    resources: { today: todayVersion(new Date()), storedVersion: readStoredResourceVersion() },
    notifications: { showErrorDetails },
    session: {
      signOutReason: readStoredSignOutReason(),
      profile: readStoredProfile(hasToken || bypassAuthenticated),
      tokenExpiry: tokenExpiresAt === undefined ? undefined : { expiresAt: tokenExpiresAt, now: now ?? Date.now() },
      bypassAuthenticated,
    },
  };
}
