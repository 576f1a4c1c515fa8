import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { guardMachine } from '@machines/guard/guard.machine';
import { automaticChoice, launcherMachine } from '@machines/launcher/launcher.machine';
import type { Menu } from '@contracts/resources';
import { ApiError } from '@contracts/failures';
import { selectAccessOffer, selectAskForm, selectCards } from '@machines/launcher/launcher.selectors';
import { doneEvent, errorEvent } from '../../support/controlled-actor';
import { guardInput } from '../../support/machine-contexts';
import { fakePorts } from '../../support/fake-ports';
import { application, claims, profile } from '../../support/profiles';

const paramsOf = (actions: { type: string; params?: unknown }[], type: string) =>
  actions.find((action) => action.type === type)?.params;

describe('launcher (admin-and-board §2)', () => {
  const loading = () => initialTransition(launcherMachine, { profile: profile(), ports: fakePorts().ports })[0];

  it('shows a loader until it has decided', () => {
    expect(loading().hasTag('busy')).toBe(true);
  });

  it('goes straight to the only application', () => {
    const [next, actions] = transition(launcherMachine, loading(), doneEvent('loadApplications', [application()]));
    expect(next.value).toBe('leaving');
    expect(paramsOf(actions, 'openApplication')).toEqual({ application: application(), profile: profile() });
  });

  it('goes to the DefaultRedirect application among several', () => {
    const preferred = { ...claims, defaultRedirect: true };
    expect(automaticChoice([application(), preferred])).toEqual(preferred);
    const [next] = transition(launcherMachine, loading(), doneEvent('loadApplications', [application(), preferred]));
    expect(next.value).toBe('leaving');
  });

  it('otherwise shows the cards and opens the one clicked', () => {
    const [choosing] = transition(launcherMachine, loading(), doneEvent('loadApplications', [application(), claims]));
    expect(choosing.matches('choosing')).toBe(true);
    const [, actions] = transition(launcherMachine, choosing, {
      type: 'application.open',
      applicationId: 'app-claims',
    });
    expect(paramsOf(actions, 'openApplication')).toEqual({ application: claims, profile: profile() });
    expect(
      transition(launcherMachine, choosing, { type: 'application.open', applicationId: 'nope' })[0].matches('choosing'),
    ).toBe(true);
  });

  it('stays on the board when the address asks (`?stay`): the only application as a card, not launched', () => {
    const staying = initialTransition(launcherMachine, { profile: profile(), ports: fakePorts().ports, stay: true })[0];
    const [next, actions] = transition(launcherMachine, staying, doneEvent('loadApplications', [application()]));
    expect(next.matches('choosing')).toBe(true);
    expect(paramsOf(actions, 'openApplication')).toBeUndefined();
    const preferred = { ...claims, defaultRedirect: true };
    expect(
      transition(launcherMachine, staying, doneEvent('loadApplications', [application(), preferred]))[0].matches(
        'choosing',
      ),
    ).toBe(true);
    // The card still opens the application.
    const [, opened] = transition(launcherMachine, next, { type: 'application.open', applicationId: application().id });
    expect(paramsOf(opened, 'openApplication')).toEqual({ application: application(), profile: profile() });
  });

  it('asks for a one-time token for a link with {otpToken} (PP §9), then leaves with it; a refusal brings the cards back', () => {
    const withToken = { ...claims, applicationLink: '/demo-apps/claims?otp={OTPTOKEN}' };
    // The only application: the token is asked for before leaving, not after.
    const [asking, none] = transition(launcherMachine, loading(), doneEvent('loadApplications', [withToken]));
    expect(asking.value).toBe('issuingToken');
    expect(asking.hasTag('busy')).toBe(true);
    expect(paramsOf(none, 'openApplication')).toBeUndefined();
    const [left, actions] = transition(launcherMachine, asking, doneEvent('issueOtpToken', 'tok-1'));
    expect(left.value).toBe('leaving');
    expect(paramsOf(actions, 'openApplication')).toEqual({
      application: withToken,
      profile: profile(),
      otpToken: 'tok-1',
    });
    // A card: asked for at the click that opens it; a refused token reports and shows the cards again.
    const [choosing] = transition(
      launcherMachine,
      loading(),
      doneEvent('loadApplications', [application(), withToken]),
    );
    const [clicked] = transition(launcherMachine, choosing, { type: 'application.open', applicationId: withToken.id });
    expect(clicked.value).toBe('issuingToken');
    const [back] = transition(launcherMachine, clicked, errorEvent('issueOtpToken', new Error('refused')));
    expect(back.matches('choosing')).toBe(true);
    expect(back.context.opening).toBeUndefined();
    // A link without the placeholder asks for nothing.
    expect(
      transition(launcherMachine, back, { type: 'application.open', applicationId: application().id })[0].value,
    ).toBe('leaving');
  });

  it('waits for the guard when no one is signed in', () => {
    expect(initialTransition(launcherMachine, { profile: undefined, ports: fakePorts().ports })[0].value).toBe(
      'signedOut',
    );
  });
});

describe('guards (public-and-profile §4, admin-and-board §4)', () => {
  const input = guardInput;
  const menu: Menu = {
    section: 'Portal',
    menuItems: [
      { linkUrl: '/dashboard', imageName: 'x', caption: 'Dashboard', order: 1, hidden: false, roleAccess: ['admin'] },
      { linkUrl: '/board/index', imageName: 'x', caption: 'Board', order: 2, hidden: false, roleAccess: ['user'] },
    ],
  };

  it('sends a visitor without a profile to the login page, keeping the recovery token', () => {
    const [denied, actions] = initialTransition(guardMachine, input({ profile: undefined, recoveryToken: 'rt-1' }));
    expect(denied.value).toBe('denied');
    expect(paramsOf(actions, 'openLogin')).toMatchObject({ recoveryToken: 'rt-1' });
  });

  it('a deep link opened while signed out is the login page’s redirect URL, with its query', () => {
    const deepLink = '/board/editProfile/%2Fboard%2Findex?FirstName=Ana&DF=FirstName';
    const [, board] = initialTransition(
      guardMachine,
      input({ profile: undefined, path: '/board/editProfile/%2Fboard%2Findex', address: deepLink }),
    );
    expect(paramsOf(board, 'openLogin')).toEqual({ recoveryToken: undefined, returnTo: deepLink });
    const [, admin] = initialTransition(
      guardMachine,
      input({ area: 'admin', profile: undefined, path: '/manageUsers', address: '/manageUsers' }),
    );
    expect(paramsOf(admin, 'openLogin')).toEqual({ recoveryToken: undefined, returnTo: '/manageUsers' });
  });

  it('board: follows a stored redirect URL, else lets the person in', () => {
    const [checking] = initialTransition(guardMachine, input());
    const [followed, actions] = transition(
      guardMachine,
      checking,
      doneEvent('readStoredRedirect', '/board/editProfile/x'),
    );
    expect(followed.value).toBe('denied');
    expect(paramsOf(actions, 'followStoredRedirect')).toEqual({
      redirectUrl: '/board/editProfile/x',
      profile: profile(),
    });
    expect(transition(guardMachine, checking, doneEvent('readStoredRedirect', undefined))[0].hasTag('granted')).toBe(
      true,
    );
  });

  it('admin: loads the menu of the role and lets in a page it lists', () => {
    const [loading] = initialTransition(
      guardMachine,
      input({ area: 'admin', path: '/dashboard', profile: profile({ role: 'admin' }) }),
    );
    const [granted, actions] = transition(guardMachine, loading, doneEvent('loadMenu', menu));
    expect(granted.hasTag('granted')).toBe(true);
    // Provider administrators see the entries whose RoleAccess allows admin: the users' board entry is not theirs.
    expect(granted.context.menu.map((item) => item.linkUrl)).toEqual(['/dashboard']);
    expect(paramsOf(actions, 'persistMenu')).toBeDefined();
  });

  it('admin: a page the role may not use leads to the next allowed entry, or to the login page', () => {
    const [userLoading] = initialTransition(guardMachine, input({ area: 'admin', path: '/dashboard' }));
    const [moved, actions] = transition(guardMachine, userLoading, doneEvent('loadMenu', menu));
    expect(moved.value).toBe('denied');
    expect(paramsOf(actions, 'openPath')).toEqual({ path: '/board/index' });
    const [, none] = transition(guardMachine, userLoading, doneEvent('loadMenu', { section: 'Portal', menuItems: [] }));
    expect(paramsOf(none, 'openLogin')).toEqual({ recoveryToken: undefined });
  });
});

describe('launcher: access requests (issue 34 item 4)', () => {
  const offers = {
    applications: [{ applicationId: 'app-claims', name: 'Claims Portal', openRequestId: null }],
    openCount: 0,
    limit: 3,
  };
  const ready = () => {
    const loading = initialTransition(launcherMachine, { profile: profile(), ports: fakePorts().ports })[0];
    const [choosing] = transition(launcherMachine, loading, doneEvent('loadApplications', [application(), claims]));
    expect(choosing.value).toEqual({ choosing: 'loadingOffers' });
    return transition(launcherMachine, choosing, doneEvent('loadOffers', offers))[0];
  };

  it('offers Request access on a card the person holds no role in, and says Requested once asked', () => {
    const state = ready();
    expect(selectAccessOffer('app-claims')(state)).toBe('ask');
    expect(selectAccessOffer(application().id)(state)).toBe('none');
    const [asking] = transition(launcherMachine, state, { type: 'access.ask', applicationId: 'app-claims' });
    const [typed] = transition(launcherMachine, asking, { type: 'access.reason', reason: 'x'.repeat(501) });
    expect(selectAskForm(typed)).toMatchObject({ name: 'Claims Portal', sending: false, problem: undefined });
    expect(typed.context.reason).toHaveLength(500);
    const [sending] = transition(launcherMachine, typed, { type: 'access.send' });
    expect(selectAskForm(sending)?.sending).toBe(true);
    const [asked] = transition(launcherMachine, sending, doneEvent('requestAccess', { id: 'req-1' }));
    expect(asked.value).toEqual({ choosing: 'ready' });
    expect(selectAccessOffer('app-claims')(asked)).toBe('requested');
    // Asked already: no second form.
    expect(transition(launcherMachine, asked, { type: 'access.ask', applicationId: 'app-claims' })[0].value).toEqual({
      choosing: 'ready',
    });
  });

  it('says why a send was refused: the limit of open requests, or anything else; a failed read offers nothing', () => {
    const [asking] = transition(launcherMachine, ready(), { type: 'access.ask', applicationId: 'app-claims' });
    const [sending] = transition(launcherMachine, asking, { type: 'access.send' });
    const limit = new ApiError({ status: 409, code: 'access_request_limit', message: 'limit', requestId: 'r' });
    expect(selectAskForm(transition(launcherMachine, sending, errorEvent('requestAccess', limit))[0])?.problem).toBe(
      'limit',
    );
    expect(
      selectAskForm(transition(launcherMachine, sending, errorEvent('requestAccess', new Error('down')))[0])?.problem,
    ).toBe('failed');
    expect(transition(launcherMachine, asking, { type: 'access.cancel' })[0].value).toEqual({ choosing: 'ready' });
    const loading = initialTransition(launcherMachine, { profile: profile(), ports: fakePorts().ports })[0];
    const [choosing] = transition(launcherMachine, loading, doneEvent('loadApplications', [application(), claims]));
    const [none] = transition(launcherMachine, choosing, errorEvent('loadOffers', new Error('down')));
    expect(selectAccessOffer('app-claims')(none)).toBe('none');
    expect(selectCards(none)).toHaveLength(2);
  });
});
