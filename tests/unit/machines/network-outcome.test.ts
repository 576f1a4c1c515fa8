import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { ApiError, isNetworkFailure, NetworkError } from '@contracts/failures';
import { failureNotice } from '@machines/admin-grid/failure-notice';
import type { AuditRow } from '@contracts/audit-log';
import { guardMachine } from '@machines/guard/guard.machine';
import { loginMachine } from '@machines/login/login.machine';
import { describeError } from '@machines/notifications/describe-error';
import { presentError } from '@machines/notifications/present-error';
import { sessionMachine } from '@machines/session/session.machine';
import { createEditorMachine, type EditorInputBase } from '@machines/support/editor';
import { NETWORK_RETRY_MS } from '@machines/support/network';
import { label } from '@machines/support/text';
import { asNetworkFailure } from '@src/auth/identity-port';
import { afterEvent, createControlledActor, errorEvent } from '../../support/controlled-actor';
import { guardInput, loginContext, sessionContext } from '../../support/machine-contexts';
import { profile } from '../../support/profiles';
import { recordingNotifications } from '../../support/recording-ref';
import { startAuditGrid } from '../../support/audit-grid-harness';

/**
 * Issue 29 §3 "A connection that drops is not a sign-out": one rule for every flow. A call that got no answer is its
 * own outcome, distinct from a 401, a 404 and a validation failure; the flow keeps what it has, waits in its `offline`
 * state (the connection-lost notice says why) and tries again after `networkRetry`.
 */

const noAnswer = new NetworkError('Failed to fetch');
const apiError = (status: number, code: string) => new ApiError({ status, code, message: code, requestId: 'r' });
const types = (actions: { type: string }[]) => actions.map((action) => action.type);

describe('what counts as no answer (contracts/failures.ts)', () => {
  it('is a NetworkError, a fetch’s own TypeError in any browser’s words, or a timeout', () => {
    expect(isNetworkFailure(noAnswer)).toBe(true);
    for (const message of ['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed']) {
      expect(isNetworkFailure(new TypeError(message))).toBe(true);
    }
    expect(isNetworkFailure(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isNetworkFailure(Object.assign(new Error('Request timed out'), { name: 'TimeoutError' }))).toBe(true);
  });

  it('is never an answer (401, 404, validation) nor a programming error', () => {
    expect(isNetworkFailure(apiError(401, 'unauthorized'))).toBe(false);
    expect(isNetworkFailure(apiError(404, 'not_found'))).toBe(false);
    expect(isNetworkFailure(apiError(400, 'validation_failed'))).toBe(false);
    expect(isNetworkFailure(new TypeError('x is not a function'))).toBe(false);
    expect(isNetworkFailure('Failed to fetch')).toBe(false);
  });
});

describe('the error catalogue: no answer is the connection-lost notice, never "There was a Type error"', () => {
  it('classifies it as its own kind, before the TypeError a fetch throws', () => {
    expect(describeError(new TypeError('Failed to fetch')).kind).toBe('network');
    expect(describeError(noAnswer).kind).toBe('network');
    expect(describeError(new TypeError('x is not a function')).kind).toBe('type');
  });

  it('presents it as the notice, whatever the caller asked', () => {
    expect(presentError(describeError(noAnswer), false)).toEqual({ kind: 'connectionLost' });
    expect(presentError(describeError(noAnswer), true)).toEqual({ kind: 'connectionLost' });
  });

  it('reaches the catalogue from the pages’ own failure notices, instead of their titles ("User not found")', () => {
    expect(failureNotice(noAnswer, label('Instance_Text_UserNotFound'))).toEqual({
      type: 'error.report',
      error: noAnswer,
      action: 'admin',
    });
    expect(failureNotice(apiError(404, 'not_found'), label('Instance_Text_UserNotFound')).type).toBe('snackbar.show');
  });
});

describe('the identity port: a renewal with no answer is a NetworkError (src/auth/identity-port.ts)', () => {
  // okta-auth-js wraps a fetch’s TypeError in an AuthApiError that keeps the message and has no response (xhr).
  const oktaWrapped = (message: string, xhr?: object) =>
    Object.assign(new Error(message), { name: 'AuthApiError', xhr });

  it('turns okta-auth-js’s unanswered call, or any failure while the browser is offline, into one', () => {
    expect(asNetworkFailure(oktaWrapped('Failed to fetch'), true)).toBeInstanceOf(NetworkError);
    expect(asNetworkFailure(oktaWrapped('OAuth flow timed out'), false)).toBeInstanceOf(NetworkError);
    expect(asNetworkFailure(noAnswer, true)).toBe(noAnswer);
  });

  it('turns a gateway’s answer for an identity provider it could not reach (502, 503, 504) into one', () => {
    for (const status of [502, 503, 504]) {
      expect(asNetworkFailure(oktaWrapped('Bad Gateway', { status }), true)).toBeInstanceOf(NetworkError);
    }
    expect(asNetworkFailure(oktaWrapped('Internal Server Error', { status: 500 }), true)).not.toBeInstanceOf(
      NetworkError,
    );
  });

  it('leaves a refusal of the identity provider as it was: the session may then sign out', () => {
    const refused = oktaWrapped('The refresh token is invalid or expired.', { status: 400 });
    expect(asNetworkFailure(refused, true)).toBe(refused);
    expect(asNetworkFailure(refused, false)).toBe(refused);
  });
});

describe('session: a keep-alive with no answer is not a sign-out', () => {
  const renewing = sessionMachine.resolveState({
    value: { signedIn: { idle: 'watching', keepAlive: 'renewing' } },
    context: sessionContext(),
  });

  it('keeps the person signed in with their tokens and renews again after networkRetry', () => {
    const [offline] = transition(sessionMachine, renewing, errorEvent('renewTokens', noAnswer));
    expect(offline.matches({ signedIn: { keepAlive: 'offline' } })).toBe(true);
    expect(offline.hasTag('offline')).toBe(true);
    expect(offline.context.profile).toEqual(profile());
    expect(offline.matches('signingOut')).toBe(false);
    const [again] = transition(
      sessionMachine,
      offline,
      afterEvent('networkRetry', 'session.signedIn.keepAlive.offline'),
    );
    expect(again.matches({ signedIn: { keepAlive: 'renewing' } })).toBe(true);
  });

  it('still checks for a token when the identity provider refused the renewal (an answer)', () => {
    const [checking] = transition(sessionMachine, renewing, errorEvent('renewTokens', apiError(400, 'invalid_grant')));
    expect(checking.matches({ signedIn: { keepAlive: 'checkingToken' } })).toBe(true);
  });
});

describe('guard: an admin menu with no answer is not a denial', () => {
  const loading = () =>
    initialTransition(guardMachine, guardInput({ area: 'admin', path: '/dashboard', profile: profile() }))[0];

  it('stays on the page (no login page), reports it (the notice), and asks for the menu again', () => {
    const [offline, actions] = transition(guardMachine, loading(), errorEvent('loadMenu', noAnswer));
    expect(offline.value).toBe('offline');
    expect(types(actions)).not.toContain('openLogin');
    const [again] = transition(guardMachine, offline, afterEvent('networkRetry', 'guard.offline'));
    expect(again.value).toBe('loadingMenu');
  });

  it('still sends the person to the login page when the menu call was answered with a failure', () => {
    const [denied, actions] = transition(guardMachine, loading(), errorEvent('loadMenu', apiError(500, 'internal')));
    expect(denied.value).toBe('denied');
    expect(types(actions)).toContain('openLogin');
  });
});

describe('login: a profile call with no answer keeps the tokens', () => {
  const validating = loginMachine.resolveState({ value: 'validatingProfile', context: loginContext() });

  it('waits (busy, offline) instead of signing out, and validates again after networkRetry', () => {
    const [offline] = transition(loginMachine, validating, errorEvent('validateProfile', noAnswer));
    expect(offline.value).toBe('offline');
    expect(offline.hasTag('busy')).toBe(true);
    const [again] = transition(loginMachine, offline, afterEvent('networkRetry', 'login.offline'));
    expect(again.value).toBe('validatingProfile');
  });

  it('still signs out after a profile call answered with a failure (tokens without a profile must not linger)', () => {
    const [next] = transition(loginMachine, validating, errorEvent('validateProfile', apiError(500, 'internal')));
    expect(next.value).toBe('signingOutAfterFailure');
  });
});

describe('the editor pattern: a read with no answer (Edit Profile, every dialog)', () => {
  type Note = { text: string };
  const editor = createEditorMachine({
    id: 'noteEditor',
    types: {} as { result: Note },
    emptyDraft: () => ({ text: '' }),
    draftOf: (note: Note) => ({ text: note.text }),
    applyEdit: (draft: Note, changes: Partial<Note>) => ({ ...draft, ...changes }),
    canSave: () => true,
    saveInput: (draft: Note) => draft,
    // As the profile form: a failed read is titled "User not found".
    failureNotice: (error) => failureNotice(error, label('Instance_Text_UserNotFound')),
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits with its loader, reports to the catalogue (not "User not found"), then reads again by itself', async () => {
    vi.useFakeTimers();
    const load = createControlledActor<Note, unknown>();
    const notifications = recordingNotifications();
    const actor = createActor(
      editor.provide({ actors: { load: load.logic as never, save: fromPromise(() => Promise.resolve({ text: '' })) } }),
      { input: { notifications: notifications.ref } satisfies EditorInputBase },
    ).start();
    load.reject(noAnswer);
    await waitFor(actor, (s) => s.matches('offline'));
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(notifications.received).toEqual([{ type: 'error.report', error: noAnswer, action: 'admin' }]);
    expect(load.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(NETWORK_RETRY_MS);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(load.calls).toHaveLength(2);
    load.resolve({ text: 'back' });
    await waitFor(actor, (s) => s.hasTag('editing'));
    expect(actor.getSnapshot().context.draft).toEqual({ text: 'back' });
    actor.stop();
  });

  it('leaves its offline state on Cancel, or at once on Reload', () => {
    const offline = editor.resolveState({
      value: 'offline',
      context: { input: { notifications: recordingNotifications().ref }, loaded: undefined, draft: { text: '' } },
    } as never);
    expect(transition(editor, offline, { type: 'cancel' })[0].value).toBe('cancelled');
    expect(transition(editor, offline, { type: 'reload' })[0].value).toBe('loading');
  });
});

describe('the shared grid: a list with no answer', () => {
  const row: AuditRow = {
    id: 'a1',
    at: '2026-03-11T12:00:00.000Z',
    actor: 'admin1@gatehouse.test',
    action: 'update',
    entity: 'client',
    entityId: 'c1',
    clientId: 'acme',
    clientName: 'Acme Health',
  };

  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits with its loader (not failed), reports to the catalogue, and reads again on Refresh or by itself', async () => {
    vi.useFakeTimers();
    const { actor, loadRows, recorder } = startAuditGrid();
    loadRows.reject(noAnswer);
    await waitFor(actor, (s) => s.matches('offline'));
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(recorder.received).toEqual([{ type: 'error.report', error: noAnswer, action: 'auditGrid.load' }]);
    actor.send({ type: 'grid.refresh' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    loadRows.reject(noAnswer);
    await waitFor(actor, (s) => s.matches('offline'));
    await vi.advanceTimersByTimeAsync(NETWORK_RETRY_MS);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(loadRows.calls).toHaveLength(3);
    loadRows.resolve({ rows: [row], total: 1 });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.stop();
  });
});
