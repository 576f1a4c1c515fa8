import { describe, expect, it } from 'vitest';
import { storageKeys } from '@src/app/storage-keys';

describe('the local storage keys (public-and-profile §3, admin-and-board §3)', () => {
  it('stores every item both specs list under its own gatehouse. key, and no key twice', () => {
    // Public-and-profile §3: client id, culture, prefix, application, application error, logo, redirect URL, tokens,
    // menu, login attempts. Admin-and-board §3: client id, culture, redirect URL, IdP logo, client prefix. The names
    // are pinned: renaming one would lose what browsers already store under it.
    expect({
      'client id': storageKeys.clientId,
      culture: storageKeys.culture,
      'client prefix': storageKeys.clientPrefix,
      application: storageKeys.application,
      'application error': storageKeys.applicationError,
      'IdP logo': storageKeys.logo,
      'redirect URL': storageKeys.redirectUrl,
      tokens: storageKeys.tokens,
      menu: storageKeys.menu,
      'login attempts': storageKeys.loginAttempts,
    }).toEqual({
      'client id': 'gatehouse.clientId',
      culture: 'gatehouse.culture',
      'client prefix': 'gatehouse.clientPrefix',
      application: 'gatehouse.application',
      'application error': 'gatehouse.applicationError',
      'IdP logo': 'gatehouse.logo',
      'redirect URL': 'gatehouse.redirectUrl',
      tokens: 'gatehouse.tokens',
      menu: 'gatehouse.menu',
      'login attempts': 'gatehouse.loginAttempts',
    });
    const keys: string[] = Object.values(storageKeys);
    expect(keys.every((key) => key.startsWith('gatehouse.'))).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
