import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '@src/app/storage-keys';
import { profile } from '../support/profiles';
import { renderShell } from '../support/render-shell';
import { answeringApi } from '../support/shell-api';

/**
 * Public-and-profile §4 "Sign-out": tokens, login info, client id, application, logo, redirect URL, the stored site
 * configuration and the menu data are cleared. The culture, the resource version and the attempt counter stay: they
 * belong to the browser, not to the person who signed out.
 */
const cleared = [
  storageKeys.tokens,
  storageKeys.profile,
  storageKeys.clientId,
  storageKeys.application,
  storageKeys.logo,
  storageKeys.redirectUrl,
  storageKeys.siteConfiguration,
  storageKeys.menu,
  storageKeys.clientPrefix,
];
const kept = [storageKeys.culture, storageKeys.resourceVersion, storageKeys.loginAttempts];

describe('signing out (public-and-profile §4 "Sign-out")', () => {
  it('clears the stored login, client, application, logo, redirect URL, site configuration and menu, and keeps the culture', async () => {
    for (const key of [...cleared, ...kept]) window.localStorage.setItem(key, `"stored ${key}"`);
    const shell = renderShell({
      path: '/logout',
      api: answeringApi().api,
      input: { session: { signOutReason: undefined, profile: profile({ role: 'user' }) } },
    });
    await waitFor(() => {
      expect(shell.identity.signOut.waiting()).toBe(1);
    });
    act(() => {
      shell.identity.signOut.resolve(undefined);
    });
    await waitFor(() => {
      expect(cleared.filter((key) => window.localStorage.getItem(key) !== null)).toEqual([]);
    });
    expect(kept.filter((key) => window.localStorage.getItem(key) === null)).toEqual([]);
  });
});
