import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import { sessionMachine } from '@machines/session/session.machine';
import { doneEvent } from '../../support/controlled-actor';
import { sessionContext } from '../../support/machine-contexts';
import { profile } from '../../support/profiles';

const context = sessionContext();
const signedIn = () =>
  sessionMachine.resolveState({ value: { signedIn: { idle: 'watching', keepAlive: 'waiting' } }, context });
const signedOut = () =>
  sessionMachine.resolveState({ value: 'signedOut', context: { ...context, profile: undefined } });
const paramsOf = (actions: { type: string; params?: unknown }[], type: string) =>
  actions.find((action) => action.type === type)?.params;

describe('session: the one 401 policy (issue 8)', () => {
  it('signs out when an API call answers 401, keeps the page, then shows the login page', () => {
    const [onPage] = transition(sessionMachine, signedIn(), {
      type: 'page.changed',
      page: 'client',
      address: '/client?clientId=acme',
    });
    const [signingOut] = transition(sessionMachine, onPage, { type: 'session.expired' });
    expect(signingOut.value).toBe('signingOut');
    const [out, actions] = transition(sessionMachine, signingOut, doneEvent('signOut', undefined));
    expect(out.value).toBe('signedOut');
    expect(paramsOf(actions, 'keepReturnPage')).toEqual({ path: '/client?clientId=acme' });
    // No redirect URL of its own: the edge's leaveAfterSignOut then goes to the login page.
    expect(paramsOf(actions, 'leaveAfterSignOut')).toEqual({ redirectUrl: undefined, profile: profile() });
    expect(out.context.returnTo).toBeUndefined();
  });

  it('keeps no page when the person logs out on purpose', () => {
    const [signingOut] = transition(sessionMachine, signedIn(), { type: 'session.logOut' });
    const [, actions] = transition(sessionMachine, signingOut, doneEvent('signOut', undefined));
    expect(paramsOf(actions, 'keepReturnPage')).toBeUndefined();
  });

  it('ignores a 401 while no one is signed in (an anonymous call is not a session that ended)', () => {
    const [next, actions] = transition(sessionMachine, signedOut(), { type: 'session.expired' });
    expect(next.value).toBe('signedOut');
    expect(actions).toHaveLength(0);
  });

  it('listens for 401 answers only while someone is signed in', () => {
    const [started] = transition(sessionMachine, signedOut(), { type: 'session.signedIn', profile: profile() });
    expect(Object.keys(started.children)).toContain('watchUnauthorised');
    // Signed out again (here by a 401 itself): the listener stops with the session it watched.
    const [signingOut] = transition(sessionMachine, started, { type: 'session.expired' });
    const [out] = transition(sessionMachine, signingOut, doneEvent('signOut', undefined));
    expect(out.value).toBe('signedOut');
    expect(Object.keys(out.children)).not.toContain('watchUnauthorised');
  });
});
