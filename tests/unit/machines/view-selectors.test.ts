import { describe, expect, it } from 'vitest';
import { loginMachine } from '@machines/login/login.machine';
import { attemptCounterOf, selectAttemptsLeft } from '@machines/login/login.selectors';
import { resourcesMachine } from '@machines/resources/resources.machine';
import { selectIsLabelConfigured, selectShowsAttemptCounter } from '@machines/resources/resources.selectors';
import { fakePorts } from '../../support/fake-ports';
import { loginContext } from '../../support/machine-contexts';

const login = (attemptsLeft: number | undefined) =>
  loginMachine.resolveState({
    value: 'showingWidget',
    context: loginContext({ username: 'lee', failed: attemptsLeft !== undefined, attemptsLeft }),
  });

const resources = (context: { settings?: Record<string, string>; labels?: Record<string, string> } = {}) =>
  resourcesMachine.resolveState({
    value: 'idle',
    context: {
      request: { page: 'login', culture: 'en-us', clientId: 'acme' },
      activeCulture: 'en-us',
      version: 20260101,
      loaded: { key: 'en-us|acme|login', version: 20260101 },
      lists: {},
      settings: context.settings ?? {},
      builtInLabels: { Login_Text_LoginRequired: 'Please sign in to continue.' },
      labels: context.labels ?? {},
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
