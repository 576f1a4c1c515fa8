import { describe, expect, it } from 'vitest';
import { loginMachine } from '@machines/login/login.machine';
import {
  attemptCounterOf,
  selectAddressClient,
  selectAttemptsLeft,
  selectLinkCulture,
  signUpLinkOf,
} from '@machines/login/login.selectors';
import { resourcesMachine } from '@machines/resources/resources.machine';
import {
  selectAllowsSignUp,
  selectIsLabelConfigured,
  selectShowsAttemptCounter,
} from '@machines/resources/resources.selectors';
import { fakePorts } from '../../support/fake-ports';
import { loginContext } from '../../support/machine-contexts';

const login = (attemptsLeft: number | undefined) =>
  loginMachine.resolveState({
    value: 'showingWidget',
    context: loginContext({ username: 'lee', failed: attemptsLeft !== undefined, attemptsLeft }),
  });

const resources = (
  context: {
    settings?: Record<string, string>;
    labels?: Record<string, string>;
    allowsSignUp?: boolean;
    loadedKey?: string;
  } = {},
) =>
  resourcesMachine.resolveState({
    value: 'idle',
    context: {
      request: { page: 'login', culture: 'en-us', clientId: 'acme' },
      activeCulture: 'en-us',
      version: 20260101,
      loaded: { key: context.loadedKey ?? 'en-us|acme|login', version: 20260101 },
      lists: {},
      settings: context.settings ?? {},
      builtInLabels: { Login_Text_LoginRequired: 'Please sign in to continue.' },
      labels: context.labels ?? {},
      allowsSignUp: context.allowsSignUp ?? false,
      theme: null,
      ports: fakePorts().ports,
    },
  });

describe('login attempt counter (public-and-profile §2, §9), decided by selectors rather than the page', () => {
  it('says nothing before a failure', () => {
    expect(attemptCounterOf(selectAttemptsLeft(login(undefined)), true)).toEqual({ kind: 'hidden' });
  });

  it('counts the attempts left after a failure', () => {
    expect(attemptCounterOf(selectAttemptsLeft(login(4)), true)).toEqual({ kind: 'remaining', count: 4 });
  });

  it('says none are left at zero', () => {
    expect(attemptCounterOf(selectAttemptsLeft(login(0)), true)).toEqual({ kind: 'exceeded' });
  });

  it('stays hidden when the client turned the counter off', () => {
    expect(attemptCounterOf(selectAttemptsLeft(login(0)), false)).toEqual({ kind: 'hidden' });
  });

  it('reads ShowLoginAttemptCounter, true unless it says false in any case or spacing', () => {
    expect(selectShowsAttemptCounter(resources())).toBe(true);
    expect(selectShowsAttemptCounter(resources({ settings: { ShowLoginAttemptCounter: ' False ' } }))).toBe(false);
    expect(selectShowsAttemptCounter(resources({ settings: { ShowLoginAttemptCounter: 'TRUE' } }))).toBe(true);
  });
});

describe('a label the client configured (spec §2, §8; docs/i18n.md)', () => {
  const isRequiredConfigured = selectIsLabelConfigured('Login_Text_LoginRequired');

  it('is not configured when the resources answer does not carry it', () => {
    expect(isRequiredConfigured(resources())).toBe(false);
  });

  it('is not configured when the answer repeats the built-in text', () => {
    expect(
      isRequiredConfigured(resources({ labels: { Login_Text_LoginRequired: 'Please sign in to continue.' } })),
    ).toBe(false);
  });

  it('is configured when the answer puts a text of its own over the built-in one', () => {
    expect(
      isRequiredConfigured(resources({ labels: { Login_Text_LoginRequired: 'Agents use their agent id.' } })),
    ).toBe(true);
  });
});

describe('the Sign up link of the login page (issue 9), decided by selectors rather than the page', () => {
  const onLogin = (overrides: Parameters<typeof loginContext>[0] = {}) =>
    loginMachine.resolveState({ value: 'showingWidget', context: loginContext(overrides) });

  it("reads the client's AutoSignUp only from the answer loaded for the page on screen", () => {
    expect(selectAllowsSignUp(resources({ allowsSignUp: true }))).toBe(true);
    expect(selectAllowsSignUp(resources({ allowsSignUp: false }))).toBe(false);
    // Still the answer of another client: Umbrella allowed sign-up, Acme's answer is not in yet.
    expect(selectAllowsSignUp(resources({ allowsSignUp: true, loadedKey: 'en-us|umbrella|login' }))).toBe(false);
  });

  it('leads to the sign-up of the client the address names, only when that client allows it', () => {
    const login = onLogin();
    expect(signUpLinkOf(selectAddressClient(login), selectLinkCulture(login), true)).toEqual({
      clientId: 'acme',
      culture: undefined,
    });
    expect(signUpLinkOf(selectAddressClient(login), selectLinkCulture(login), false)).toBeUndefined();
    const bare = onLogin({ clientId: undefined });
    expect(signUpLinkOf(selectAddressClient(bare), selectLinkCulture(bare), true)).toBeUndefined();
  });

  it('keeps the culture when the address named one or the active one is not the default', () => {
    expect(selectLinkCulture(onLogin())).toBeUndefined();
    expect(selectLinkCulture(onLogin({ culture: 'en-us', cultureNamed: true }))).toBe('en-us');
    expect(selectLinkCulture(onLogin({ culture: 'es', cultureNamed: false }))).toBe('es');
  });
});
