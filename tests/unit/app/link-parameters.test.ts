import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { flowTable } from '@machines/app/app.flows';
import type { PageLocation } from '@machines/app/app.types';
import { loginMachine } from '@machines/login/login.machine';
import type { StoredLogin } from '@machines/login/login.types';
import { asksForProfile, redirectUrlOf } from '@machines/support/link-parameters';
import { safeRedirectTarget } from '@machines/support/safe-redirect';
import { describeLocation } from '@src/app/routes';
import { doneEvent } from '../../support/controlled-actor';
import { fakePorts } from '../../support/fake-ports';
import { profile } from '../../support/profiles';

/**
 * `aul_redirectUrl` and `profile` (spec public-and-profile §2 "Query parameters used across pages: applicationName,
 * profile, redirectUrl, email, clientId, culture, aul_redirectUrl, st, stepIndex, EF, DF"), as docs/links.md reads
 * them: `aul_redirectUrl` is the redirect URL where `redirectUrl` is absent; `profile` on a login link opens the
 * person's own profile after signing in, which then returns to the redirect URL.
 */
const located = (address: string): PageLocation => {
  const [path = '', search = ''] = address.split(/(?=\?)/);
  const location = describeLocation(path, search);
  if (location === undefined) throw new Error(`${address} is a redirect`);
  return location;
};
const host = (signedIn = false) => ({
  culture: 'en-us' as const,
  profile: signedIn ? profile() : undefined,
  ports: fakePorts().ports,
});
const loginInputAt = (address: string) => flowTable.login.input({ ...host(), location: located(address) });
const back = 'https://benefits.acme.test/home';

describe('query parameter aul_redirectUrl (§2)', () => {
  it('is the redirect URL when redirectUrl is absent or empty; redirectUrl wins when both are given', () => {
    expect(redirectUrlOf({ aul_redirectUrl: back })).toBe(back);
    expect(redirectUrlOf({ redirectUrl: '', aul_redirectUrl: back })).toBe(back);
    expect(redirectUrlOf({ redirectUrl: '/board/index', aul_redirectUrl: back })).toBe('/board/index');
    expect(redirectUrlOf({ aul_redirectUrl: ' ' })).toBeUndefined();
    expect(redirectUrlOf({})).toBeUndefined();
  });

  it('the login page, sign-up and the password reset take it as their redirect URL', () => {
    const query = `?aul_redirectUrl=${encodeURIComponent(back)}`;
    expect(loginInputAt(`/Login/acme${query}`).redirectUrl).toBe(back);
    expect(flowTable.signUp.input({ ...host(), location: located(`/SignUp/acme${query}`) }).redirectUrl).toBe(back);
    expect(
      flowTable.passwordReset.input({ ...host(), location: located(`/ResetPassword/acme${query}`) }).redirectUrl,
    ).toBe(back);
  });

  it('the route’s own redirect URL wins over it (sign-up, Edit Profile)', () => {
    const query = `?aul_redirectUrl=${encodeURIComponent(back)}`;
    expect(
      flowTable.signUp.input({ ...host(), location: located(`/SignUp/acme/a%40acme.test/%2FLogin${query}`) })
        .redirectUrl,
    ).toBe('/Login');
    expect(
      flowTable.editProfile.input({ ...host(true), location: located(`/board/editProfile/%2Fboard%2Findex${query}`) })
        .redirectUrl,
    ).toBe('/board/index');
    expect(flowTable.editProfile.input({ ...host(true), location: located(`/profile${query}`) }).redirectUrl).toBe(
      back,
    );
  });

  it('is followed only under the safe-redirect rule, as redirectUrl is', () => {
    const foreign = redirectUrlOf({ aul_redirectUrl: 'https://evil.test/x' });
    const origin = 'https://portal.gatehouse.test';
    expect(safeRedirectTarget(foreign, { origin, allowedHosts: ['benefits.acme.test'] })).toBeUndefined();
    expect(
      safeRedirectTarget(redirectUrlOf({ aul_redirectUrl: back }), { origin, allowedHosts: ['benefits.acme.test'] }),
    ).toBe(back);
  });
});

describe('query parameter profile (§2)', () => {
  it('is asked for by its presence, with no value or any value but false or 0', () => {
    expect(asksForProfile({ profile: '' })).toBe(true);
    expect(asksForProfile({ profile: 'true' })).toBe(true);
    expect(asksForProfile({ profile: 'security' })).toBe(true);
    expect(asksForProfile({ profile: 'FALSE' })).toBe(false);
    expect(asksForProfile({ profile: '0' })).toBe(false);
    expect(asksForProfile({})).toBe(false);
  });

  it('on the login page, leads to Edit Profile after signing in, which returns to the redirect URL', () => {
    expect(loginInputAt(`/Login/acme?profile=true&aul_redirectUrl=${encodeURIComponent(back)}`).redirectUrl).toBe(
      `/board/editProfile/${encodeURIComponent(back)}`,
    );
    expect(loginInputAt(`/Login/acme?profile&redirectUrl=%2Fboard%2Findex`).redirectUrl).toBe(
      '/board/editProfile/%2Fboard%2Findex',
    );
    // With no redirect URL, Edit Profile returns to the board.
    expect(loginInputAt('/Login/acme?profile=1').redirectUrl).toBe('/board/editProfile/%2Fboard%2Findex');
    expect(loginInputAt('/Login/acme?profile=false').redirectUrl).toBeUndefined();
  });

  it('on the admin portal’s login, leads to the admin profile page', () => {
    expect(loginInputAt('/Public/Admin?profile=true').redirectUrl).toBe('/profile');
    expect(loginInputAt(`/Public/Admin?profile=true&redirectUrl=%2Fdashboard`).redirectUrl).toBe(
      '/profile/%2Fdashboard',
    );
  });

  it('the login flow then goes to Edit Profile, not to the application or the board', () => {
    const input = loginInputAt(`/Login/acme?profile=true&aul_redirectUrl=${encodeURIComponent(back)}`);
    const stored: StoredLogin = {
      storedApplication: 'claims',
      ssoId: undefined,
      attempts: {},
      storedRedirect: undefined,
    };
    const [start] = initialTransition(loginMachine, input);
    const [checking, startActions] = transition(loginMachine, start, doneEvent('readStoredLogin', stored));
    // Kept across the identity provider's round trip, like any redirect URL.
    expect(startActions.find((action) => action.type === 'persistRedirect')?.params).toEqual({
      redirectUrl: `/board/editProfile/${encodeURIComponent(back)}`,
    });
    const [validating] = transition(loginMachine, checking, doneEvent('findExistingSession', 'tokens'));
    const [checkingTerms] = transition(
      loginMachine,
      validating,
      doneEvent('validateProfile', { valid: true, validationMessage: null, userProfile: profile() }),
    );
    // Nothing new to accept at the terms stop (tests/unit/machines/login.test.ts "the new-terms stop").
    const [, actions] = transition(loginMachine, checkingTerms, doneEvent('termsAcceptance', { outcome: 'accepted' }));
    expect(actions.find((action) => action.type === 'openDestination')?.params).toMatchObject({
      destination: { kind: 'redirect', url: `/board/editProfile/${encodeURIComponent(back)}` },
    });
  });

  it('Edit Profile opened that way reads its return address from the route', () => {
    const location = located(`/board/editProfile/${encodeURIComponent(back)}`);
    expect(flowTable.editProfile.input({ ...host(true), location }).redirectUrl).toBe(back);
  });
});
