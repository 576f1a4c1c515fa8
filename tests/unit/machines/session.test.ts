import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { NetworkError, SessionEndedError } from '@contracts/failures';
import { sessionMachine } from '@machines/session/session.machine';
import { afterEvent, doneEvent, errorEvent } from '../../support/controlled-actor';
import { sessionContext } from '../../support/machine-contexts';
import { profile } from '../../support/profiles';

const reason = { code: 'application_not_found', applicationName: 'Claims Portal' } as const;
const context = sessionContext();
const at = (value: Parameters<typeof sessionMachine.resolveState>[0]['value'], overrides = {}) =>
  sessionMachine.resolveState({ value, context: { ...context, ...overrides } });
const signedIn = (idle: 'watching' | { warning: 'counting' } = 'watching', keepAlive = 'waiting', overrides = {}) =>
  at({ signedIn: { idle, keepAlive } }, overrides);
const types = (actions: { type: string }[]) => actions.map((action) => action.type);

describe('session: signed out', () => {
  it('starts signed out and forgets the stored reason so a reload does not show it again', () => {
    const [start, actions] = initialTransition(sessionMachine, { signOutReason: reason, profile: undefined });
    expect(start.value).toBe('signedOut');
    expect(start.context.signOutReason).toEqual(reason);
    expect(types(actions)).toContain('forgetStoredSignOutReason');
  });

  it('starts signed in when a stored profile came with its tokens (a reload)', () => {
    const [start] = initialTransition(sessionMachine, { signOutReason: undefined, profile: profile() });
    expect(start.matches('signedIn')).toBe(true);
  });

  it('keeps the reason on the login page and clears it once the person leaves', () => {
    const withReason = at('signedOut', { signOutReason: reason, profile: undefined });
    expect(
      transition(sessionMachine, withReason, { type: 'page.changed', page: 'login', address: '/Login' })[0].context
        .signOutReason,
    ).toEqual(reason);
    expect(
      transition(sessionMachine, withReason, { type: 'page.changed', page: 'faq', address: '/Faq' })[0].context
        .signOutReason,
    ).toBeUndefined();
  });

  it('signs in with the validated profile, and records a rejection as the reason to show', () => {
    const [inside] = transition(sessionMachine, at('signedOut', { profile: undefined }), {
      type: 'session.signedIn',
      profile: profile(),
    });
    expect(inside.matches({ signedIn: { idle: 'watching' } })).toBe(true);
    const [rejected] = transition(sessionMachine, at('signedOut', { profile: undefined }), {
      type: 'session.rejected',
      reason,
    });
    expect(rejected.context.signOutReason).toEqual(reason);
  });
});

describe('session: authenticated (spec §4 "Authenticated")', () => {
  const now = Date.UTC(2026, 10, 29, 12);
  const start = (input: Partial<Parameters<typeof initialTransition<typeof sessionMachine>>[1]>) =>
    initialTransition(sessionMachine, { signOutReason: undefined, profile: profile(), ...input })[0];

  it('is signed in with a stored profile whose token has not expired', () => {
    expect(start({ tokenExpiry: { expiresAt: now + 60_000, now } }).matches('signedIn')).toBe(true);
  });

  it('is not signed in when the stored token has expired, and forgets the stored profile', () => {
    const expired = start({ tokenExpiry: { expiresAt: now - 1, now } });
    expect(expired.value).toBe('signedOut');
    expect(expired.context.profile).toBeUndefined();
    expect(start({ tokenExpiry: { expiresAt: now, now } }).value).toBe('signedOut');
  });

  it('counts a token without an expiry as unexpired', () => {
    expect(start({ tokenExpiry: undefined }).matches('signedIn')).toBe(true);
  });

  it('is not signed in without user info, even with a valid token', () => {
    expect(start({ profile: undefined, tokenExpiry: { expiresAt: now + 60_000, now } }).value).toBe('signedOut');
  });

  it('skips the expiry check when the configuration bypass flag is on', () => {
    const bypassed = start({ tokenExpiry: { expiresAt: now - 1, now }, bypassAuthenticated: true });
    expect(bypassed.matches('signedIn')).toBe(true);
    expect(start({ profile: undefined, bypassAuthenticated: true }).value).toBe('signedOut');
  });
});

describe('session: idle watch (spec §4, §9)', () => {
  it('takes the idle, warning and refresh times from the portal settings, in seconds', () => {
    const [next] = transition(sessionMachine, signedIn(), {
      type: 'settings.changed',
      settings: { Session_IdleTime: '600', Session_WarningTimeOut: '30', Session_TokenRefreshInterval: 'x' },
    });
    expect(next.context.timing).toEqual({ idleSeconds: 600, warningSeconds: 30, refreshSeconds: 300 });
  });

  it('restarts the running idle timer when the settings arrive (after sign-in or a reload)', () => {
    const [, actions] = transition(sessionMachine, signedIn(), {
      type: 'settings.changed',
      settings: { Session_IdleTime: '120' },
    });
    const delays = actions.filter((action) => action.type === 'xstate.raise').map((action) => action.params);
    expect(JSON.stringify(delays)).toContain('120000');
  });

  it('keeps the idle timer and the keep-alive running when a load brings the same settings again', () => {
    const settings = { Session_IdleTime: '900', Session_WarningTimeOut: '60', Session_TokenRefreshInterval: '300' };
    const [next, actions] = transition(sessionMachine, signedIn(), { type: 'settings.changed', settings });
    expect(next.value).toEqual(signedIn().value);
    // Re-entering a state with `after` would plan its delays again (delayed raises).
    expect(actions.filter((action) => action.type === 'xstate.raise')).toEqual([]);
  });

  it('warns after the idle time with a countdown of the warning time-out', () => {
    const [next] = transition(sessionMachine, signedIn(), afterEvent('idleTime', 'session.signedIn.idle.watching'));
    expect(next.hasTag('idleWarning')).toBe(true);
    expect(next.context.countdown).toBe(60);
  });

  it('counts down each second and signs out at the end', () => {
    const counting = signedIn({ warning: 'counting' }, 'waiting', { countdown: 2 });
    const tick = afterEvent('oneSecond', 'session.signedIn.idle.warning.counting');
    const [one] = transition(sessionMachine, counting, tick);
    expect(one.context.countdown).toBe(1);
    const [out] = transition(sessionMachine, one, tick);
    expect(out.value).toBe('signingOut');
  });

  it('resumes watching on Yes, and ignores mere activity during the warning', () => {
    const warning = signedIn({ warning: 'counting' }, 'waiting', { countdown: 10 });
    expect(transition(sessionMachine, warning, { type: 'activity' })[0].hasTag('idleWarning')).toBe(true);
    const [resumed] = transition(sessionMachine, warning, { type: 'idle.resume' });
    expect(resumed.matches({ signedIn: { idle: 'watching' } })).toBe(true);
  });

  it('renews the token on each keep-alive while the person is active, not while idle', () => {
    const keepAlive = afterEvent('refreshInterval', 'session.signedIn.keepAlive.waiting');
    expect(transition(sessionMachine, signedIn(), keepAlive)[0].matches({ signedIn: { keepAlive: 'renewing' } })).toBe(
      true,
    );
    const idle = signedIn({ warning: 'counting' }, 'waiting', { countdown: 5 });
    expect(transition(sessionMachine, idle, keepAlive)[0].matches({ signedIn: { keepAlive: 'waiting' } })).toBe(true);
  });

  it('stays signed in after a failed renewal while a token is left, and signs out without one', () => {
    const renewing = signedIn('watching', 'renewing');
    const renewalFailed = errorEvent('renewTokens', new Error('network'));
    const [checking] = transition(sessionMachine, renewing, renewalFailed);
    expect(checking.matches({ signedIn: { keepAlive: 'checkingToken' } })).toBe(true);
    expect(transition(sessionMachine, checking, doneEvent('hasToken', true))[0].matches('signedIn')).toBe(true);
    expect(transition(sessionMachine, checking, doneEvent('hasToken', false))[0].value).toBe('signingOut');
  });
});

describe('session: ended elsewhere (issue 31 item 3)', () => {
  it('signs out at the keep-alive whose refresh token is refused, though an access token is left', () => {
    const renewing = signedIn('watching', 'renewing');
    const [ended] = transition(sessionMachine, renewing, errorEvent('renewTokens', new SessionEndedError('ended')));
    expect(ended.value).toBe('signingOut');
  });

  it('keeps waiting offline, not signing out, when the keep-alive got no answer', () => {
    const renewing = signedIn('watching', 'renewing');
    const [offline] = transition(sessionMachine, renewing, errorEvent('renewTokens', new NetworkError('offline')));
    expect(offline.matches({ signedIn: { keepAlive: 'offline' } })).toBe(true);
  });
});

describe('session: logging out (spec §2 Logout, §4 sign-out)', () => {
  it('signs out from any state, then leaves for the redirect URL with the profile it had', () => {
    const [signingOut] = transition(sessionMachine, signedIn(), { type: 'session.logOut', redirectUrl: '/Faq' });
    expect(signingOut.value).toBe('signingOut');
    const [out, actions] = transition(sessionMachine, signingOut, doneEvent('signOut', undefined));
    expect(out.value).toBe('signedOut');
    expect(out.context.profile).toBeUndefined();
    expect(actions.find((action) => action.type === 'leaveAfterSignOut')?.params).toEqual({
      redirectUrl: '/Faq',
      profile: profile(),
    });
  });
});
