import { afterEach, describe, expect, it } from 'vitest';
import { initialTransition } from 'xstate';
import { sessionMachine } from '@machines/session/session.machine';
import { authenticatedBypass } from '@src/app/authenticated-bypass';
import { storageKeys } from '@src/app/storage-keys';
import { readAppInput } from '@src/app/wiring';
import { readStoredTokenExpiry, readStoredTokens } from '@src/auth/identity-port';
import { profile } from '../support/profiles';

const now = Date.UTC(2026, 10, 29, 12);

/** A page that stored a profile and tokens (okta-auth-js's shape, `expiresAt` in seconds). */
function storeSession(expiresAtSeconds: number | undefined) {
  window.localStorage.setItem(storageKeys.profile, JSON.stringify(profile()));
  window.localStorage.setItem(
    storageKeys.tokens,
    JSON.stringify({ accessToken: { accessToken: 'a.b.c', expiresAt: expiresAtSeconds } }),
  );
}

/** The session the page starts with, read from the browser as src/main.tsx reads it. */
function startingSession(env: { PROD: boolean; VITE_AUTHENTICATED_BYPASS?: string }) {
  const input = readAppInput(window, {
    showErrorDetails: false,
    hasToken: readStoredTokens().accessToken !== undefined,
    tokenExpiresAt: readStoredTokenExpiry(),
    now,
    bypassAuthenticated: authenticatedBypass(env),
  });
  return initialTransition(sessionMachine, input.session)[0];
}

afterEach(() => {
  window.localStorage.clear();
});

describe('the authenticated check at start (public-and-profile §4 "Authenticated")', () => {
  it('reads the stored token’s expiry: unexpired is signed in, expired is not, none counts as unexpired', () => {
    storeSession(now / 1000 + 60);
    expect(startingSession({ PROD: true }).matches('signedIn')).toBe(true);
    storeSession(now / 1000 - 60);
    expect(startingSession({ PROD: true }).value).toBe('signedOut');
    storeSession(undefined);
    expect(startingSession({ PROD: true }).matches('signedIn')).toBe(true);
  });

  it('the bypass flag skips the check in development: an expired or missing token still counts', () => {
    storeSession(now / 1000 - 60);
    expect(startingSession({ PROD: false, VITE_AUTHENTICATED_BYPASS: 'true' }).matches('signedIn')).toBe(true);
    window.localStorage.removeItem(storageKeys.tokens);
    expect(startingSession({ PROD: false, VITE_AUTHENTICATED_BYPASS: 'true' }).matches('signedIn')).toBe(true);
    // Without the setting (or with another value) development checks like production.
    storeSession(now / 1000 - 60);
    expect(startingSession({ PROD: false }).value).toBe('signedOut');
    expect(startingSession({ PROD: false, VITE_AUTHENTICATED_BYPASS: 'yes' }).value).toBe('signedOut');
  });

  it('the bypass flag is ignored in a production build', () => {
    storeSession(now / 1000 - 60);
    expect(startingSession({ PROD: true, VITE_AUTHENTICATED_BYPASS: 'true' }).value).toBe('signedOut');
    window.localStorage.removeItem(storageKeys.tokens);
    expect(startingSession({ PROD: true, VITE_AUTHENTICATED_BYPASS: 'true' }).value).toBe('signedOut');
  });
});
