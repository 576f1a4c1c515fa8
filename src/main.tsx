// Inter ships with the app (variable weights, latin and the other subsets, each fetched only when a page uses it): no
// page depends on the Sign-In Widget's stylesheet, or on a font the person happens to have, for its typeface.
import '@fontsource-variable/inter/wght.css';
import { i18n } from '@lingui/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import {
  getLastRequestId,
  setAccessTokenSource,
  setRequestCulture,
  watchConnection,
  watchUnauthorised,
} from './api/http';
import { postNewError } from './api/error-log';
import { generateOtpToken, getPublicConfig, getSiteConfiguration } from './api/identity';
import { getAggregatedByPage, getFaq, getResourceVersion } from './api/resources';
import { deferred } from './api/deferred';
import { AppRoot } from './app/AppRoot';
import { describeLocation } from './app/routes';
import { readAppInput, wireApp } from './app/wiring';
import { normaliseCulture } from '@contracts/culture';
import { createCatalogueRuntime } from './i18n/runtime';
import { createIdentityPort, readStoredTokenExpiry, readStoredTokens } from './auth/identity-port';
import { authenticatedBypass } from './app/authenticated-bypass';
import { OfflineShellHost } from './offline/OfflineShellHost';
import { offlineShellEnabled, wireOfflineShell } from './offline/wiring';

// Every API call carries the signed-in person's access token, read from the auth client's storage.
setAccessTokenSource(() => readStoredTokens().accessToken);

// The calls of the profile flows and of Edit Mode load with their first use: no login page makes them.
const instanceCalls = () => import('./api/instance');
const resetCalls = () => import('./api/password-reset');
const invitationsCalls = () => import('./api/invitations');
const termsCalls = () => import('./api/terms');
const accessCalls = () => import('./api/access-requests');
const editCalls = () => import('./api/admin/resources-edit');

const catalogues = createCatalogueRuntime(i18n);
const identity = createIdentityPort(window);
const logic = wireApp({
  api: {
    getResourceVersion,
    getAggregatedByPage,
    getFaq,
    generateOtpToken,
    getPendingTerms: deferred(termsCalls, 'getPendingTerms'),
    acceptTerms: deferred(termsCalls, 'acceptTerms'),
    getMyAccessRequests: deferred(accessCalls, 'getMyAccessRequests'),
    requestAccess: deferred(accessCalls, 'requestAccess'),
    postNewError,
    getLastRequestId,
    setRequestCulture,
    watchUnauthorised,
    watchConnection,
    readText: deferred(editCalls, 'readText'),
    saveText: deferred(editCalls, 'saveText'),
    getPublicConfig,
    getRegisterForm: deferred(instanceCalls, 'getRegisterForm'),
    getInstanceForm: deferred(instanceCalls, 'getInstanceForm'),
    getClientForm: deferred(instanceCalls, 'getClientForm'),
    createInstance: deferred(instanceCalls, 'createInstance'),
    getSignQuestions: deferred(instanceCalls, 'getSignQuestions'),
    getSecurityRecord: deferred(instanceCalls, 'getSecurityRecord'),
    getRoleList: deferred(instanceCalls, 'getRoleList'),
    register: deferred(instanceCalls, 'register'),
    updateInstance: deferred(instanceCalls, 'updateInstance'),
    createOtp: deferred(resetCalls, 'createOtp'),
    validateOtp: deferred(resetCalls, 'validateOtp'),
    resetPassword: deferred(resetCalls, 'resetPassword'),
    getSiteConfiguration,
    decryptInvitation: deferred(invitationsCalls, 'decryptInvitation'),
    getCurrentTerms: deferred(termsCalls, 'getCurrentTerms'),
  },
  catalogues,
  window,
  identity,
  navigation: {
    navigate: (path, options) => {
      navigate(path, options);
    },
    leave: (url) => {
      window.location.assign(url);
    },
  },
});
// Production builds hide the error modal's error code line and Error Details (spec §2); development and test builds show them.
// The authenticated bypass flag (spec §4) is a development setting: a production build ignores it.
const input = readAppInput(window, {
  showErrorDetails: !import.meta.env.PROD,
  hasToken: readStoredTokens().accessToken !== undefined,
  tokenExpiresAt: readStoredTokenExpiry(),
  now: Date.now(),
  bypassAuthenticated: authenticatedBypass(import.meta.env),
});

// The first render is already in the culture the address or local storage asks for: a Spanish visitor never sees an
// English flash while the Spanish catalogue chunk loads. The root actor activates the same culture again (cached).
const requested = describeLocation(window.location.pathname, window.location.search)?.culture;
await catalogues.activate(requested === undefined ? input.culture : normaliseCulture(requested));

// The flow inspector (docs/spa.md): its boot script, on the page only where the inspector may run, has set the root
// actor's observer before this entry ran (src/inspector/global.ts); its menu entry comes with the menu the server answers.
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AppRoot i18n={i18n} logic={logic} input={input} inspect={window.__gatehouseInspect}>
        {offlineShellEnabled(window) ? <OfflineShellHost logic={wireOfflineShell(window)} /> : null}
      </AppRoot>
    </StrictMode>,
  );
}
