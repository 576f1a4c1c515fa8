import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '@src/app/storage-keys';
import { renderShell } from '../support/render-shell';
import { answeringApi } from '../support/shell-api';

/**
 * Public-and-profile §2 "Sign-up entry": opening the sign-up page clears the stored login, token and menu data (and
 * the attempt counter of whoever signed in last), through the real wiring (`src/profile/wiring.ts`). The culture and
 * the resource version belong to the browser and stay.
 */
const cleared = [storageKeys.tokens, storageKeys.profile, storageKeys.menu, storageKeys.loginAttempts];
const kept = [storageKeys.culture, storageKeys.resourceVersion];

describe('entering sign-up (public-and-profile §2 "Sign-up entry")', () => {
  it('clears the stored login, tokens, menu and attempt counter, and keeps the culture', async () => {
    for (const key of [...cleared, ...kept]) window.localStorage.setItem(key, `"stored ${key}"`);
    renderShell({ path: '/SignUp/acme', api: answeringApi().api });
    await waitFor(() => {
      expect(cleared.filter((key) => window.localStorage.getItem(key) !== null)).toEqual([]);
    });
    expect(kept.filter((key) => window.localStorage.getItem(key) === null)).toEqual([]);
  });
});
