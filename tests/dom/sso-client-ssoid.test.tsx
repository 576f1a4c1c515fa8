import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import type { SiteProfile } from '@contracts/resources';
import { loginMachine } from '@machines/login/login.machine';
import type { StoredLogin, StoredLoginInput } from '@machines/login/login.types';
import type { IdentityPort } from '@src/auth/identity-port';
import { storage } from '@src/app/storage';
import { storageKeys } from '@src/app/storage-keys';
import { wireIdentity } from '@src/app/wire-identity';

/**
 * Public-and-profile §2 "Single sign-on screen": the SSOID comes with the route's site configuration. `/SSO/initech` in
 * a browser that stored nothing must still find Initech's SSOID (docs/demo-world.md "Single sign-on: Initech"): the
 * edge's `readStoredLogin` asks for the address's client's site configuration on the SSO screen.
 */
const siteOf = (ssoId: string | null) => ({ ssoId }) as SiteProfile;

function readerWith(getSiteConfiguration: (input: { clientId?: string | undefined }) => Promise<SiteProfile>) {
  const { login } = wireIdentity({
    identity: {} as IdentityPort,
    navigation: { navigate: vi.fn(), leave: vi.fn() },
    target: window,
    watchUnauthorised: () => () => undefined,
    generateOtpToken: vi.fn(),
    terms: { getPendingTerms: vi.fn(), acceptTerms: vi.fn() },
    accessRequests: { getMyAccessRequests: vi.fn(), requestAccess: vi.fn() },
    getSiteConfiguration: vi.fn(getSiteConfiguration),
  });
  const logic = login(loginMachine).implementations.actors.readStoredLogin as AnyActorLogic;
  return (input: StoredLoginInput) => toPromise(createActor(logic, { input }).start()) as Promise<StoredLogin>;
}

describe('the SSO screen’s SSOID', () => {
  afterEach(() => {
    storage.remove(storageKeys.siteConfiguration);
  });

  it('is the address’s client’s own on /SSO/{client}, with nothing stored', async () => {
    const asked: unknown[] = [];
    const read = readerWith((input) => {
      asked.push(input);
      return Promise.resolve(siteOf('0oainitech0idp000001'));
    });
    expect((await read({ mode: 'sso', clientId: 'initech' })).ssoId).toBe('0oainitech0idp000001');
    expect(asked).toEqual([{ clientId: 'initech' }]);
  });

  it('is none for a client without one, whatever was stored; the stored one elsewhere or when the client is unknown', async () => {
    storage.write(storageKeys.siteConfiguration, JSON.stringify({ ssoId: '0oastored000idp000001' }));
    expect((await readerWith(() => Promise.resolve(siteOf(null)))({ mode: 'sso', clientId: 'acme' })).ssoId).toBe(
      undefined,
    );
    const refused = readerWith(() => Promise.reject(new Error('404')));
    expect((await refused({ mode: 'sso', clientId: 'nobody' })).ssoId).toBe('0oastored000idp000001');
    const never = readerWith(() => Promise.reject(new Error('not asked')));
    expect((await never({ mode: 'sso', clientId: undefined })).ssoId).toBe('0oastored000idp000001');
    expect((await never({ mode: 'login', clientId: 'acme' })).ssoId).toBe('0oastored000idp000001');
  });
});
