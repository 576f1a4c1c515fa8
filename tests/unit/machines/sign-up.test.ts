import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CaptchaConfig } from '@contracts/instance';
import { profileFormMachine } from '@machines/profile-form/profile-form.machine';
import type { ProfileChange, ProfileLoaded, ProfileResult } from '@machines/profile-form/profile-form.types';
import { ApiError } from '@contracts/failures';
import {
  SIGN_UP_VIEWER,
  signUpMachine,
  type InvitationAnswer,
  type SignUpInput,
  type SignUpPrepared,
} from '@machines/sign-up/sign-up.machine';
import {
  selectConfirmationLink,
  selectInvitationInvalid,
  selectIsConfirmed,
  selectNotOffered,
} from '@machines/sign-up/sign-up.selectors';
import { fakePorts } from '../../support/fake-ports';
import { emptyFormDefinition, profileLoaded, signQuestions, strongPassword } from '../../support/profile-fixtures';
import { noLinkControls } from '@machines/profile-form/link-controls';

/**
 * The sign-up page's flow (machines/sign-up, spec public-and-profile §2 "Sign-up page", §4 "Sign-up"): it clears
 * what a sign-in left, reads the captcha configuration, hosts the profile form in Register mode, records the
 * registration's page views, and shows the confirmation once the registration is accepted.
 */

const altcha: CaptchaConfig = { provider: 'altcha', challengeUrl: '/api/v1/captcha/challenge' };
const origin = 'https://portal.gatehouse.test';

const signUpInput = (overrides: Partial<SignUpInput> = {}): SignUpInput => ({
  clientId: 'acme',
  email: 'new@acme.test',
  redirectUrl: undefined,
  link: noLinkControls,
  culture: 'es',
  startStep: 0,
  invitation: undefined,
  ports: { notifications: fakePorts().ports.notifications },
  ...overrides,
});

/** The page with fake calls: the captcha configuration, the form's read and its saves (an Error rejects). */
async function openPage({
  input = signUpInput(),
  captcha = altcha,
  saves = [],
  invitation = () => Promise.reject(new Error('no invitation expected')),
  offered = true,
}: {
  input?: SignUpInput;
  /** GET Encrypt/decrypt's answer to the `st` token (called with the token and the client). */
  invitation?: (input: { token: string; clientId: string }) => Promise<InvitationAnswer>;
  /** `none`: a configuration without a captcha (an older server, or an `st` invitation). */
  captcha?: CaptchaConfig | 'none';
  saves?: (ProfileResult | Error)[];
  /** Whether the client offers sign-up (its AutoSignUp, as the client's resources say). */
  offered?: boolean;
} = {}) {
  const cleared: unknown[] = [];
  const pages: string[] = [];
  const captchaReads: string[] = [];
  const loaded: ProfileLoaded = profileLoaded({ form: emptyFormDefinition() });
  const machine = signUpMachine.provide({
    actors: {
      prepare: fromPromise(({ input: asked }) => {
        captchaReads.push(`read ${asked.clientId} ${asked.culture}`);
        return Promise.resolve({ captcha: captcha === 'none' ? undefined : captcha, offered });
      }),
      readInvitation: fromPromise(({ input: token }) => invitation(token)),
      profileForm: profileFormMachine.provide({
        actors: {
          load: fromPromise(() => Promise.resolve(loaded)),
          save: fromPromise(() => {
            const next = saves.shift();
            if (next === undefined) return new Promise<ProfileResult>(() => undefined);
            return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
          }),
        },
      }),
    },
    actions: {
      clearStoredLogin: () => {
        cleared.push('cleared');
      },
      trackPage: (_, params) => {
        pages.push(params.page);
      },
    },
  });
  const actor = createActor(machine, { input }).start();
  await waitFor(
    actor,
    (s) =>
      s.children.profileForm?.getSnapshot().hasTag('editing') === true ||
      s.matches('invitationInvalid') ||
      s.matches('notOffered') ||
      s.matches('failed'),
  );
  const form = () => {
    const ref = actor.getSnapshot().children.profileForm;
    if (ref === undefined) throw new Error('the form is not running');
    return ref;
  };
  const edit = (...changes: ProfileChange[]) => {
    for (const change of changes) form().send({ type: 'edit', changes: change });
  };
  return { actor, form, edit, cleared, pages, captchaReads };
}

/** A whole valid registration up to the Security step's answers (the captcha answer is given by each test). */
const fillRegistration: ProfileChange[] = [
  { kind: 'field', name: 'FirstName', value: 'Ana' },
  { kind: 'next' },
  { kind: 'security', input: 'password', value: strongPassword },
  { kind: 'security', input: 'confirmPassword', value: strongPassword },
  { kind: 'security', input: 'securityQuestion', value: signQuestions[0]?.question ?? '' },
  { kind: 'security', input: 'securityAnswer', value: 'Guadalajara' },
];

describe('sign-up page (public-and-profile §2 "Sign-up page", §4)', () => {
  it('clears the stored login, token and menu data on entry, once', async () => {
    const { cleared } = await openPage();
    expect(cleared).toEqual(['cleared']);
  });

  it('a client that does not offer sign-up: says so, with no form, nothing reported and nothing to retry', async () => {
    const { ports, notifications } = fakePorts();
    const { actor } = await openPage({
      input: signUpInput({ clientId: 'globex', ports: { notifications: ports.notifications } }),
      offered: false,
    });
    expect(selectNotOffered(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().children.profileForm).toBeUndefined();
    expect(notifications).toEqual([]);
    // The answer is the client's setting: Retry is not offered and does nothing.
    expect(actor.getSnapshot().can({ type: 'retry' })).toBe(false);
  });

  it('reads the captcha configuration, then shows the form in Register mode with the route’s facts', async () => {
    const { form } = await openPage({ input: signUpInput({ startStep: 1 }) });
    expect(form().getSnapshot().context.input).toMatchObject({
      mode: 'Register',
      subject: { kind: 'signUp', clientId: 'acme' },
      viewer: SIGN_UP_VIEWER,
      email: 'new@acme.test',
      culture: 'es',
      startStep: 1,
      footer: 'register',
      captcha: altcha,
      ownProfile: false,
    });
    expect(form().getSnapshot().context.draft).toMatchObject({ email: 'new@acme.test', step: 1 });
  });

  it('records /registration/security once when the Security step shows, not on every change there', async () => {
    const { edit, pages } = await openPage();
    expect(pages).toEqual([]);
    edit(...fillRegistration, { kind: 'captcha', token: 'solved' });
    expect(pages).toEqual(['/registration/security']);
  });

  it('records /registration/failure on a failed registration', async () => {
    const { actor, form, edit, pages } = await openPage({ saves: [new Error('offline')] });
    edit(...fillRegistration, { kind: 'captcha', token: 'solved' });
    form().send({ type: 'save' });
    await waitFor(form(), (s) => !s.hasTag('saving'));
    expect(pages).toEqual(['/registration/security', '/registration/failure']);
    expect(actor.getSnapshot().value).toBe('filling');
  });

  it('records /registration/failure on a failed registration without a captcha too', async () => {
    const { form, edit, pages } = await openPage({ captcha: 'none', saves: [new Error('offline')] });
    edit(...fillRegistration);
    form().send({ type: 'save' });
    await waitFor(form(), (s) => !s.hasTag('saving'));
    expect(pages).toEqual(['/registration/security', '/registration/failure']);
  });

  it('an accepted registration shows the confirmation and records /registration/confirmation', async () => {
    const { actor, form, edit, pages } = await openPage({ saves: [{ kind: 'registered' }] });
    edit(...fillRegistration, { kind: 'captcha', token: 'solved' });
    form().send({ type: 'save' });
    await waitFor(actor, selectIsConfirmed);
    expect(pages).toEqual(['/registration/security', '/registration/confirmation']);
  });

  it('keeps the hosts of the client’s application links the accepted registration answered', async () => {
    const { actor, form, edit } = await openPage({
      saves: [{ kind: 'registered', applicationHosts: ['claims.acme.test'] }],
    });
    edit(...fillRegistration, { kind: 'captcha', token: 'solved' });
    form().send({ type: 'save' });
    await waitFor(actor, selectIsConfirmed);
    expect(actor.getSnapshot().context.returnHosts).toEqual(['claims.acme.test']);
  });
});

/** The server's one refusal of a token that does not open sign-up (server/api/invitations/validity.ts). */
const invalidInvitation = () =>
  new ApiError({
    status: 400,
    code: 'invitation_invalid',
    message: 'This invitation is invalid or has expired.',
    requestId: 'r1',
  });

describe('sign-up with an invitation’s `st` token (docs/links.md "Invitations", spec §5 "no st query token")', () => {
  const invited = signUpInput({ email: '', invitation: 'sealed.token' });

  it('checks the token for the route’s client first; a valid one fixes the e-mail and drops the captcha', async () => {
    const asked: unknown[] = [];
    const { actor, form, captchaReads } = await openPage({
      input: invited,
      invitation: (input) => {
        asked.push(input);
        return Promise.resolve({ email: 'nina@acme.test' });
      },
    });
    expect(asked).toEqual([{ token: 'sealed.token', clientId: 'acme', culture: 'es' }]);
    expect(actor.getSnapshot().value).toBe('filling');
    expect(captchaReads).toEqual([]);
    expect(form().getSnapshot().context.input).toMatchObject({
      email: 'nina@acme.test',
      captcha: undefined,
      invitation: 'sealed.token',
    });
    expect(form().getSnapshot().context.draft.email).toBe('nina@acme.test');
  });

  it('registers with the token instead of a captcha answer', async () => {
    const bodies: unknown[] = [];
    const loaded: ProfileLoaded = { ...profileLoaded({ form: emptyFormDefinition() }), emailEditable: true };
    const machine = signUpMachine.provide({
      actors: {
        prepare: fromPromise(() => Promise.resolve<SignUpPrepared>({ captcha: altcha, offered: true })),
        readInvitation: fromPromise(() => Promise.resolve({ email: 'nina@acme.test' })),
        profileForm: profileFormMachine.provide({
          actors: {
            load: fromPromise(() => Promise.resolve(loaded)),
            save: fromPromise(({ input }) => {
              bodies.push(input);
              return Promise.resolve<ProfileResult>({ kind: 'registered' });
            }),
          },
        }),
      },
      actions: { clearStoredLogin: () => undefined, trackPage: () => undefined },
    });
    const actor = createActor(machine, { input: invited }).start();
    await waitFor(actor, (s) => s.children.profileForm?.getSnapshot().hasTag('editing') === true);
    const form = actor.getSnapshot().children.profileForm;
    if (form === undefined) throw new Error('no form');
    // The site lets newcomers type the e-mail, but an invitation fixes it: a change is not taken.
    form.send({ type: 'edit', changes: { kind: 'email', value: 'other@acme.test' } });
    for (const change of fillRegistration) form.send({ type: 'edit', changes: change });
    form.send({ type: 'save' });
    await waitFor(actor, selectIsConfirmed);
    expect(bodies).toEqual([
      {
        kind: 'register',
        body: expect.objectContaining({ email: 'nina@acme.test', captcha: '', invitation: 'sealed.token' }) as unknown,
      },
    ]);
  });

  it('a token the server refuses (tampered, expired, used, revoked, another client’s) shows no form, nothing reported', async () => {
    const { ports, notifications } = fakePorts();
    const { actor, captchaReads } = await openPage({
      input: { ...invited, ports: { notifications: ports.notifications } },
      invitation: () => Promise.reject(invalidInvitation()),
    });
    expect(selectInvitationInvalid(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().children.profileForm).toBeUndefined();
    expect(captchaReads).toEqual([]);
    expect(notifications).toEqual([]);
  });

  it('a check that fails otherwise (offline) is reported, and Retry checks the token again', async () => {
    const { ports, notifications } = fakePorts();
    let calls = 0;
    const { actor } = await openPage({
      input: { ...invited, ports: { notifications: ports.notifications } },
      invitation: () => {
        calls += 1;
        return calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ email: 'nina@acme.test' });
      },
    });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(notifications).toEqual([expect.objectContaining({ type: 'error.report', action: 'signUp' })]);
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('filling'));
    expect(calls).toBe(2);
  });

  it('without a token, the captcha configuration is read and no invitation is asked about', async () => {
    const { form, captchaReads } = await openPage();
    expect(captchaReads).toEqual(['read acme es']);
    expect(form().getSnapshot().context.input).toMatchObject({ captcha: altcha, invitation: undefined });
  });
});

describe('sign-up page: a form that fails as an actor', () => {
  it('leaves the failed page, reported, and Retry starts over (a crash, not one of the form’s own failures)', async () => {
    const { ports, notifications } = fakePorts();
    const machine = signUpMachine.provide({
      actors: {
        prepare: fromPromise(() => Promise.resolve<SignUpPrepared>({ captcha: altcha, offered: true })),
        // A read the form cannot take (no form in it) throws inside the form: the form crashes, it does not fail.
        profileForm: profileFormMachine.provide({
          actors: { load: fromPromise(() => Promise.resolve(undefined as unknown as ProfileLoaded)) },
        }),
      },
      actions: { clearStoredLogin: () => undefined, trackPage: () => undefined },
    });
    const actor = createActor(machine, { input: signUpInput({ ports: { notifications: ports.notifications } }) });
    actor.start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(notifications).toEqual([expect.objectContaining({ type: 'error.report', action: 'signUp' })]);
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().value).toBe('preparing');
  });
});

describe('the confirmation’s link (§2, §4: the redirect URL if one was given, else the login page)', () => {
  const confirmed = (
    redirectUrl: string | undefined,
    culture: 'es' | 'en-us' = 'es',
    returnHosts: readonly string[] = [],
  ) =>
    signUpMachine.resolveState({
      value: 'confirmed',
      context: {
        ...signUpInput({ redirectUrl, culture }),
        captcha: undefined,
        terms: undefined,
        trackedStep: 'security',
        seenRound: 0,
        returnHosts,
      },
    });

  it('keeps a relative redirect URL, or one on Gatehouse’s own origin (as a path)', () => {
    expect(selectConfirmationLink(confirmed('/board/index'), origin)).toEqual({
      kind: 'redirect',
      url: '/board/index',
    });
    expect(selectConfirmationLink(confirmed(`${origin}/Login/acme?x=1`), origin)).toEqual({
      kind: 'redirect',
      url: '/Login/acme?x=1',
    });
  });

  it('returns to the client application that sent the person: a host of its application links', () => {
    const hosts = ['claims.acme.test'];
    expect(
      selectConfirmationLink(confirmed('https://claims.acme.test/welcome?from=signup', 'es', hosts), origin),
    ).toEqual({
      kind: 'redirect',
      url: 'https://claims.acme.test/welcome?from=signup',
    });
    // Another host, or a look-alike, is no application of the client.
    const others = ['https://evil.test/', 'https://claims.acme.test.evil.test/', '//claims.acme.test@evil.test/'];
    expect(others.map((url) => selectConfirmationLink(confirmed(url, 'es', hosts), origin).kind)).toEqual(
      others.map(() => 'login'),
    );
  });

  it('refuses a foreign host, a protocol-relative address or a `javascript:` URL: the client’s login page', () => {
    for (const url of ['https://evil.test/phish', '//evil.test/phish', 'javascript:alert(1)', undefined])
      expect(selectConfirmationLink(confirmed(url), origin)).toEqual({
        kind: 'login',
        clientId: 'acme',
        culture: 'es',
      });
  });

  it('the login page keeps the sign-up’s culture, and the default culture needs no parameter', () => {
    expect(selectConfirmationLink(confirmed(undefined, 'en-us'), origin)).toStrictEqual({
      kind: 'login',
      clientId: 'acme',
      culture: undefined,
    });
  });
});
