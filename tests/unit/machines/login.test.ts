import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import type { DemoGuide } from '@contracts/demo-guide';
import { loginRouteOf } from '@machines/login/login-route';
import { loginMachine } from '@machines/login/login.machine';
import { selectResetMailSent } from '@machines/login/login.selectors';
import type {
  ExistingSession,
  LoginInput,
  SignInWidgetInput,
  StoredLogin,
  StoredLoginInput,
  WidgetCommand,
} from '@machines/login/login.types';
import { doneEvent, errorEvent } from '../../support/controlled-actor';
import { fakePorts } from '../../support/fake-ports';
import { loginContext, loginInput } from '../../support/machine-contexts';
import { application, claims, profile } from '../../support/profiles';

const input = loginInput;
const context = loginContext();
const at = (value: string, overrides = {}) =>
  loginMachine.resolveState({ value, context: { ...context, ...overrides } });
const paramsOf = (actions: { type: string; params?: unknown }[], type: string) =>
  actions.find((action) => action.type === type)?.params;
/** The events the flow sends to its ports (the session, the notifications). */
const sentEvents = (actions: { type: string; params?: unknown }[]) =>
  actions
    .filter((action) => action.type === 'xstate.sendTo')
    .map((action) => (action.params as { event: unknown }).event);
const stored: StoredLogin = { storedApplication: undefined, ssoId: undefined, attempts: {}, storedRedirect: undefined };
/**
 * A valid profile, then the new-terms stop with nothing to accept (the stop itself: terms-acceptance.test.ts; its
 * outcomes in the login flow: "login: the new-terms stop" below). The actions of both steps, in order.
 */
const signIn = (state: ReturnType<typeof at>, event: Parameters<typeof transition<typeof loginMachine>>[2]) => {
  const [checking, first] = transition(loginMachine, state, event);
  expect(checking.value).toBe('checkingTerms');
  const [next, second] = transition(loginMachine, checking, doneEvent('termsAcceptance', { outcome: 'accepted' }));
  const actions = [...first, ...second];
  return [next, actions] as const;
};

describe('login: starting', () => {
  it('remembers the application and the admin-portal flag the address names', () => {
    const [start] = initialTransition(loginMachine, input({ mode: 'publicAdmin', applicationName: 'Claims Portal' }));
    const [next, actions] = transition(loginMachine, start, doneEvent('readStoredLogin', stored));
    expect(next.value).toBe('checkingSession');
    expect(paramsOf(actions, 'persistApplication')).toEqual({ applicationName: 'Claims Portal' });
    expect(actions.map((action) => action.type)).toContain('persistAdminPortal');
  });

  it('knows from the address whether it named the culture, which the links of the page keep', () => {
    const address = { routeId: 'login', clientId: 'acme', params: {}, query: {} };
    expect(loginRouteOf({ ...address, culture: undefined }, 'en-us')).toMatchObject({
      culture: 'en-us',
      cultureNamed: false,
    });
    expect(loginRouteOf({ ...address, culture: 'en-US' }, 'en-us')).toMatchObject({
      culture: 'en-us',
      cultureNamed: true,
    });
  });

  it("handles the identity provider's redirect on login/callback", () => {
    const [start] = initialTransition(loginMachine, input({ mode: 'callback' }));
    expect(transition(loginMachine, start, doneEvent('readStoredLogin', stored))[0].value).toBe('handlingRedirect');
  });

  it('a failed callback is reported and goes to the login page', () => {
    const [next, actions] = transition(loginMachine, at('handlingRedirect'), errorEvent('handleLoginRedirect', 'x'));
    expect(next.value).toBe('leaving');
    expect(actions.map((action) => action.type)).toContain('openLogin');
  });
});

describe('login: the redirect URL of the address (spec §2)', () => {
  const valid = doneEvent('validateProfile', { valid: true, validationMessage: null, userProfile: profile() });

  it('reads `redirectUrl` from the query of the login page and keeps it across the identity provider’s round trip', () => {
    const address = { routeId: 'login', clientId: 'acme', culture: undefined, params: {} };
    expect(loginRouteOf({ ...address, query: { redirectUrl: '/manageUsers' } }, 'en-us').redirectUrl).toBe(
      '/manageUsers',
    );
    expect(loginRouteOf({ ...address, query: { redirectUrl: '' } }, 'en-us').redirectUrl).toBeUndefined();
    const [start] = initialTransition(loginMachine, input({ redirectUrl: '/manageUsers' }));
    const [, actions] = transition(loginMachine, start, doneEvent('readStoredLogin', stored));
    expect(paramsOf(actions, 'persistRedirect')).toEqual({ redirectUrl: '/manageUsers' });
  });

  it('after a valid profile the person goes where the redirect URL says, not to the stored application', () => {
    const validating = at('validatingProfile', {
      redirectUrl: '/board/editProfile/x?FirstName=Ana',
      storedApplication: 'claims',
    });
    const [next, actions] = signIn(validating, valid);
    expect(next.value).toBe('leaving');
    expect(paramsOf(actions, 'openDestination')).toEqual({
      profile: profile(),
      destination: { kind: 'redirect', url: '/board/editProfile/x?FirstName=Ana' },
    });
  });

  it('on login/callback (the address has lost it) the kept redirect URL is followed', () => {
    const [start] = initialTransition(loginMachine, input({ mode: 'callback' }));
    const [handling] = transition(
      loginMachine,
      start,
      doneEvent('readStoredLogin', { ...stored, storedRedirect: '/manageUsers' }),
    );
    const [validating] = transition(loginMachine, handling, doneEvent('handleLoginRedirect', undefined));
    const [, actions] = signIn(validating, valid);
    expect(paramsOf(actions, 'openDestination')).toMatchObject({
      destination: { kind: 'redirect', url: '/manageUsers' },
    });
  });
});

describe('login: existing session and SSO (spec §2, §4)', () => {
  it('asks the identity provider for a session on the SSO screen only; Login looks at stored tokens', () => {
    const checkOf = (mode: LoginInput['mode']) => {
      const [start] = initialTransition(loginMachine, input({ mode }));
      const [checking] = transition(loginMachine, start, doneEvent('readStoredLogin', stored));
      return (checking.children.findExistingSession?.getSnapshot() as { input?: unknown } | undefined)?.input;
    };
    expect(checkOf('sso')).toEqual({ checkIdpSession: true });
    expect(checkOf('login')).toEqual({ checkIdpSession: false });
  });

  it('validates the profile at once when tokens or an active session exist', () => {
    expect(transition(loginMachine, at('checkingSession'), doneEvent('findExistingSession', 'tokens'))[0].value).toBe(
      'validatingProfile',
    );
  });

  it('shows the widget when there is no session', () => {
    const [next] = transition(loginMachine, at('checkingSession'), doneEvent('findExistingSession', 'none'));
    expect(next.hasTag('widget')).toBe(true);
  });

  it('tells the stored login’s reader the screen and the address’s client, so /SSO/{client} gets that client’s SSOID', () => {
    const [start] = initialTransition(loginMachine, input({ mode: 'sso', clientId: 'initech' }));
    const reading = start.children.readStoredLogin?.getSnapshot() as { input?: unknown } | undefined;
    expect(reading?.input).toEqual({ mode: 'sso', clientId: 'initech' });
  });

  it('on the SSO screen with an SSOID, starts a redirect sign-in with that identity provider', () => {
    const sso = at('checkingSession', { mode: 'sso', ssoId: '0oa-idp' });
    const [next] = transition(loginMachine, sso, doneEvent('findExistingSession', 'none'));
    expect(next.value).toBe('redirectingToIdp');
  });
});

describe('login: the widget (spec §5, §9)', () => {
  it("counts down from the server's lockout once it is known, the spec's 5 until then (issue 29 §2)", () => {
    const [known] = transition(loginMachine, at('showingWidget'), doneEvent('loadSignInPolicy', { maxAttempts: 3 }));
    expect(known.context.maxAttempts).toBe(3);
    const [submitted] = transition(loginMachine, known, { type: 'widget.submitted', username: 'lee' });
    const [failed] = transition(loginMachine, submitted, { type: 'widget.failed', at: 1000 });
    expect(failed.context.attemptsLeft).toBe(2);
    expect(at('showingWidget').context.maxAttempts).toBe(5);
  });

  it('counts a failed sign-in against the submitted username and stores the counter', () => {
    const [submitted] = transition(loginMachine, at('showingWidget'), {
      type: 'widget.submitted',
      username: 'ACME__maria@acme.test',
    });
    const [failed, actions] = transition(loginMachine, submitted, { type: 'widget.failed', at: 1000 });
    expect(failed.context.failed).toBe(true);
    expect(failed.context.attemptsLeft).toBe(4);
    expect(paramsOf(actions, 'persistAttempts')).toEqual({
      attempts: { 'acme__maria@acme.test': { count: 1, expiresAt: 1_801_000 } },
    });
    expect(paramsOf(actions, 'trackLoginOutcome')).toEqual({ page: '/login_failure' });
  });

  it('validates the profile once the widget has the tokens', () => {
    expect(transition(loginMachine, at('showingWidget'), { type: 'widget.signedIn' })[0].value).toBe(
      'validatingProfile',
    );
  });
});

describe('login: after the profile (spec §4)', () => {
  it('a valid profile signs the session in and goes to the stored application', () => {
    const validating = at('validatingProfile', {
      storedApplication: 'claims',
      username: 'maria',
      attempts: { maria: { count: 2, expiresAt: 9e9 } },
    });
    const [next, actions] = signIn(
      validating,
      doneEvent('validateProfile', { valid: true, validationMessage: null, userProfile: profile() }),
    );
    expect(next.value).toBe('leaving');
    expect(paramsOf(actions, 'openDestination')).toEqual({
      profile: profile(),
      destination: { kind: 'application', application: claims },
    });
    expect(paramsOf(actions, 'persistAttempts')).toEqual({ attempts: {} });
    expect(paramsOf(actions, 'trackLoginOutcome')).toEqual({ page: '/login_success' });
  });

  it('fills {otpToken} in the single application’s link with a fresh one-time token, asked before leaving (PP §9)', () => {
    const withToken = { ...claims, applicationLink: '/demo-apps/claims?user={userName}&otp={otpToken}' };
    const single = profile({ applications: [withToken] });
    const [asking, actions] = signIn(
      at('validatingProfile'),
      doneEvent('validateProfile', { valid: true, validationMessage: null, userProfile: single }),
    );
    // Signed in (the session knows), but the browser waits for the token: the launcher's piece, asked for this link.
    expect(asking.value).toBe('issuingToken');
    expect(asking.hasTag('busy')).toBe(true);
    expect(sentEvents(actions)).toContainEqual({ type: 'session.signedIn', profile: single });
    expect(paramsOf(actions, 'openDestination')).toBeUndefined();
    expect(asking.children.issueOtpToken).toBeDefined();
    const [left, leaving] = transition(loginMachine, asking, doneEvent('issueOtpToken', 'otp-1'));
    expect(left.value).toBe('leaving');
    expect(paramsOf(leaving, 'openDestination')).toEqual({
      profile: single,
      destination: { kind: 'application', application: withToken },
      otpToken: 'otp-1',
    });
  });

  it('asks for a one-time token for the stored application’s {otpToken} link too; a link without one asks for none', () => {
    const withToken = { ...claims, applicationLink: '/demo-apps/claims?otp={OTPTOKEN}' };
    const maria = profile({ applications: [application(), withToken] });
    const validated = { valid: true, validationMessage: null, userProfile: maria } as const;
    const [asking] = signIn(
      at('validatingProfile', { storedApplication: 'CLAIMS' }),
      doneEvent('validateProfile', validated),
    );
    expect(asking.value).toBe('issuingToken');
    const [, leaving] = transition(loginMachine, asking, doneEvent('issueOtpToken', 'otp-2'));
    expect(paramsOf(leaving, 'openDestination')).toMatchObject({
      destination: { kind: 'application', application: withToken },
      otpToken: 'otp-2',
    });
    // Benefits Center's link has no {otpToken}: straight there, no token asked for.
    const [plain, actions] = signIn(
      at('validatingProfile', { storedApplication: 'benefits' }),
      doneEvent('validateProfile', validated),
    );
    expect(plain.value).toBe('leaving');
    expect(paramsOf(actions, 'openDestination')).toEqual({
      profile: maria,
      destination: { kind: 'application', application: application() },
    });
    // Two applications and none stored: the board, no token.
    expect(signIn(at('validatingProfile'), doneEvent('validateProfile', validated))[0].value).toBe('leaving');
  });

  it('a refused one-time token is reported, and the person goes to the board to open the application again', () => {
    const single = profile({ applications: [{ ...claims, applicationLink: '/demo-apps/claims?otp={otpToken}' }] });
    const [asking] = signIn(
      at('validatingProfile'),
      doneEvent('validateProfile', { valid: true, validationMessage: null, userProfile: single }),
    );
    const refusal = new Error('refused');
    const [left, actions] = transition(loginMachine, asking, errorEvent('issueOtpToken', refusal));
    expect(left.value).toBe('leaving');
    expect(sentEvents(actions)).toContainEqual({ type: 'error.report', error: refusal, action: 'login.otpToken' });
    expect(paramsOf(actions, 'openDestination')).toEqual({
      profile: single,
      destination: { kind: 'page', path: '/board/index' },
    });
  });

  it('an invalid profile stores the reason, tells the session and signs out', () => {
    const validating = at('validatingProfile', { applicationName: 'Nope' });
    const [next, actions] = transition(
      loginMachine,
      validating,
      doneEvent('validateProfile', { valid: false, validationMessage: 'application_not_found', userProfile: null }),
    );
    expect(next.value).toBe('rejecting');
    expect(paramsOf(actions, 'persistSignOutReason')).toEqual({
      reason: { code: 'application_not_found', applicationName: 'Nope' },
    });
    expect(transition(loginMachine, next, doneEvent('signOut', undefined))[0].hasTag('widget')).toBe(true);
  });

  it('a client problem names the client', () => {
    const [, actions] = transition(
      loginMachine,
      at('validatingProfile', { clientId: 'ghost' }),
      doneEvent('validateProfile', { valid: false, validationMessage: 'client_not_found', userProfile: null }),
    );
    expect(paramsOf(actions, 'persistSignOutReason')).toEqual({
      reason: { code: 'client_not_found', clientId: 'ghost' },
    });
  });
});

/**
 * The flow with its actors: stored login and no session (so the widget shows), the given widget and demo guide.
 * Returns the running actor and what its notifications port received.
 */
function runLogin({
  signInWidget,
  loadDemoGuide = () => Promise.reject(new Error('no demo world')),
}: {
  signInWidget: Parameters<typeof fromCallback<WidgetCommand, SignInWidgetInput>>[0];
  loadDemoGuide?: () => Promise<DemoGuide>;
}) {
  const ports = fakePorts();
  const actor = createActor(
    loginMachine.provide({
      actors: {
        readStoredLogin: fromPromise<StoredLogin, StoredLoginInput>(() => Promise.resolve(stored)),
        findExistingSession: fromPromise<ExistingSession, { checkIdpSession: boolean }>(() => Promise.resolve('none')),
        loadDemoGuide: fromPromise(loadDemoGuide),
        signInWidget: fromCallback(signInWidget),
      },
    }),
    { input: input({ ports: ports.ports }) },
  ).start();
  return { actor, notifications: ports.notifications };
}

describe('login: running with its actors', () => {
  it('re-mounts the widget after a forgot-password mail, as the spec returns to the sign-in form', async () => {
    let mounts = 0;
    const { actor } = runLogin({
      signInWidget: () => {
        mounts += 1;
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(mounts).toBe(1);
    expect(selectResetMailSent(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'widget.emailSent' });
    expect(mounts).toBe(2);
    // The remount takes the widget's own "Email sent" away: the page keeps the confirmation (issue 29 §4).
    expect(selectResetMailSent(actor.getSnapshot())).toBe(true);
    actor.stop();
  });

  it('keeps the reset mail’s confirmation until the person submits again (issue 29 §4)', async () => {
    const { actor } = runLogin({ signInWidget: () => undefined });
    await waitFor(actor, (s) => s.matches('showingWidget'));
    actor.send({ type: 'widget.emailSent' });
    actor.send({ type: 'guide.picked', username: 'maria@acme.test' });
    expect(selectResetMailSent(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'widget.submitted', username: 'ACME__maria@acme.test' });
    expect(selectResetMailSent(actor.getSnapshot())).toBe(false);
    actor.stop();
  });
});

describe('login: the demo guide (issue 13)', () => {
  const guide: DemoGuide = {
    people: [
      {
        signInAs: 'maria@acme.test',
        name: 'María González',
        client: 'Acme Health',
        role: 'member',
        landsOn: { kind: 'board' },
      },
    ],
    password: 'Gatehouse-demo-2026!',
  };
  const run = (loadDemoGuide: () => Promise<DemoGuide>) => {
    const commands: WidgetCommand[] = [];
    const running = runLogin({
      loadDemoGuide,
      signInWidget: ({ receive }) => {
        receive((command) => commands.push(command));
      },
    });
    return { ...running, commands };
  };

  it('keeps the guide the server gives, and a pick goes to the widget on screen as a command', async () => {
    const { actor, commands } = run(() => Promise.resolve(guide));
    await waitFor(actor, (s) => s.hasTag('widget') && s.context.demoPeople.length === 1);
    expect(actor.getSnapshot().context.demoPassword).toBe('Gatehouse-demo-2026!');
    actor.send({ type: 'guide.picked', username: 'maria@acme.test' });
    expect(commands).toEqual([{ type: 'widget.fillUsername', username: 'maria@acme.test' }]);
    actor.stop();
  });

  it('without the demo world (the guide fails) has no people and reports nothing', async () => {
    const { actor, notifications } = run(() => Promise.reject(new Error('404')));
    await waitFor(actor, (s) => s.hasTag('widget'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().context.demoPeople).toEqual([]);
    expect(actor.getSnapshot().context.demoPassword).toBeUndefined();
    expect(notifications).toEqual([]);
    actor.stop();
  });
});

describe('login: the new-terms stop (issue 34 item 2)', () => {
  const validated = doneEvent('validateProfile', { valid: true, validationMessage: null, userProfile: profile() });

  it('after a valid profile the flow waits for the stop, in the person’s culture, before any way out', () => {
    const [checking, actions] = transition(loginMachine, at('validatingProfile', { culture: 'en-us' }), validated);
    expect(checking.value).toBe('checkingTerms');
    expect(paramsOf(actions, 'openDestination')).toBeUndefined();
    expect(paramsOf(actions, 'xstate.spawnChild')).toMatchObject({
      id: 'termsAcceptance',
      input: { culture: profile().culture },
    });
  });

  it('accepted, the person goes where the sign-in was going', () => {
    const [checking] = transition(loginMachine, at('validatingProfile', { storedApplication: 'claims' }), validated);
    const [left, actions] = transition(loginMachine, checking, doneEvent('termsAcceptance', { outcome: 'accepted' }));
    expect(left.value).toBe('leaving');
    expect(paramsOf(actions, 'openDestination')).toEqual({
      profile: profile(),
      destination: { kind: 'application', application: claims },
    });
  });

  it('a failure of the stop itself is reported and signs the tokens out, as a failed profile call does', () => {
    const [checking] = transition(loginMachine, at('validatingProfile'), validated);
    const broken = new Error('the stop failed');
    const [left, actions] = transition(loginMachine, checking, errorEvent('termsAcceptance', broken));
    expect(left.value).toBe('signingOutAfterFailure');
    expect(sentEvents(actions)).toContainEqual({ type: 'error.report', error: broken, action: 'login.terms' });
    expect(paramsOf(actions, 'openDestination')).toBeUndefined();
  });

  it('declined, the session signs the person out and nothing is opened', () => {
    const [checking] = transition(loginMachine, at('validatingProfile', { storedApplication: 'claims' }), validated);
    const [left, actions] = transition(loginMachine, checking, doneEvent('termsAcceptance', { outcome: 'declined' }));
    expect(left.value).toBe('leaving');
    expect(sentEvents(actions)).toContainEqual({ type: 'session.logOut' });
    expect(paramsOf(actions, 'openDestination')).toBeUndefined();
  });
});
