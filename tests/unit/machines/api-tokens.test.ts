import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ApiTokenCreate, ApiTokenCreated } from '@contracts/admin/api-tokens';
import { ApiError } from '@contracts/failures';
import { apiTokensMachine, type ApiTokensData } from '@machines/api-tokens/api-tokens.machine';
import {
  selectDraftProblems,
  selectShownProblems,
  selectMayCreate,
  selectMayRevoke,
  selectMaySubmit,
  selectRevokeAsked,
  selectShownValue,
  selectTokens,
} from '@machines/api-tokens/api-tokens.selectors';
import { apiToken, createdToken, tokenOwners, tokensData } from '../../support/api-token-fixtures';
import { createControlledActor } from '../../support/controlled-actor';
import { recordingNotifications } from '../../support/recording-ref';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const refused = new ApiError({ status: 400, code: 'validation_failed', message: 'no', requestId: 'r' });

function open() {
  const loadTokens = createControlledActor<ApiTokensData, undefined>();
  const createToken = createControlledActor<ApiTokenCreated, ApiTokenCreate>();
  const revokeToken = createControlledActor<undefined, { id: string }>();
  const recorder = recordingNotifications();
  const actor = createActor(
    apiTokensMachine.provide({
      actors: { loadTokens: loadTokens.logic, createToken: createToken.logic, revokeToken: revokeToken.logic },
    }),
    { input: { notifications: recorder.ref } },
  ).start();
  return { actor, loadTokens, createToken, revokeToken, recorder };
}

async function ready(t: ReturnType<typeof open>, data = tokensData()) {
  t.loadTokens.resolve(data);
  await settle();
  expect(t.actor.getSnapshot().matches('ready')).toBe(true);
}

describe('API tokens (machines/api-tokens)', () => {
  it('reads the tokens when it starts; a failed read is reported and may be tried again', async () => {
    const t = open();
    expect(t.actor.getSnapshot().matches('loading')).toBe(true);
    expect(selectMayCreate(t.actor.getSnapshot())).toBe(false);
    t.loadTokens.reject(refused);
    await settle();
    expect(t.actor.getSnapshot().matches('failed')).toBe(true);
    expect(t.recorder.received).toEqual([{ type: 'error.report', error: refused, action: 'apiTokens.load' }]);
    t.actor.send({ type: 'tokens.retry' });
    await ready(t);
    expect(selectTokens(t.actor.getSnapshot()).map((token) => token.name)).toEqual(['HR feed']);
    expect(selectMayCreate(t.actor.getSnapshot())).toBe(true);
  });

  it('offers Create only when the contract’s rules pass, and sends the typed token', async () => {
    const t = open();
    await ready(t);
    t.actor.send({ type: 'create.open' });
    expect(t.actor.getSnapshot().matches({ creating: 'editing' })).toBe(true);
    // The first owner is chosen; the name is missing.
    expect(t.actor.getSnapshot().context.draft.ownerId).toBe(tokenOwners[0]?.id);
    expect(selectDraftProblems(t.actor.getSnapshot())).toEqual(['name']);
    // A form just opened shows no message: the name's shows once the person has typed in it.
    expect(selectShownProblems(t.actor.getSnapshot())).toEqual([]);
    expect(selectMaySubmit(t.actor.getSnapshot())).toBe(false);
    t.actor.send({ type: 'create.submit' });
    expect(t.actor.getSnapshot().matches({ creating: 'editing' })).toBe(true);
    t.actor.send({ type: 'create.change', changes: { name: 'Payroll', rateLimitPerMinute: '0' } });
    expect(selectDraftProblems(t.actor.getSnapshot())).toEqual(['rateLimitPerMinute']);
    expect(selectShownProblems(t.actor.getSnapshot())).toEqual(['rateLimitPerMinute']);
    t.actor.send({ type: 'create.change', changes: { name: '' } });
    expect(selectShownProblems(t.actor.getSnapshot())).toEqual(['name', 'rateLimitPerMinute']);
    t.actor.send({ type: 'create.change', changes: { name: 'Payroll' } });
    t.actor.send({ type: 'create.change', changes: { rateLimitPerMinute: '120', expiresInDays: '' } });
    expect(selectMaySubmit(t.actor.getSnapshot())).toBe(true);
    t.actor.send({ type: 'create.submit' });
    expect(t.actor.getSnapshot().matches({ creating: 'saving' })).toBe(true);
    expect(t.createToken.calls).toEqual([
      { name: 'Payroll', ownerId: tokenOwners[0]?.id, expiresInDays: null, rateLimitPerMinute: 120 },
    ]);
  });

  it('shows the new value once and forgets it when the person is done, then reads the list again', async () => {
    const t = open();
    await ready(t);
    t.actor.send({ type: 'create.open' });
    t.actor.send({ type: 'create.change', changes: { name: 'Payroll' } });
    t.actor.send({ type: 'create.submit' });
    const created = createdToken();
    t.createToken.resolve(created);
    await settle();
    expect(t.actor.getSnapshot().matches('showingValue')).toBe(true);
    expect(selectShownValue(t.actor.getSnapshot())).toBe(created.value);
    t.actor.send({ type: 'value.dismiss' });
    expect(t.actor.getSnapshot().matches('loading')).toBe(true);
    expect(t.actor.getSnapshot().context.shownValue).toBeUndefined();
    expect(JSON.stringify(t.actor.getSnapshot().context)).not.toContain(created.value);
    expect(t.loadTokens.calls).toHaveLength(2);
  });

  it('keeps the form as typed when the server refuses the new token, and reports why', async () => {
    const t = open();
    await ready(t);
    t.actor.send({ type: 'create.open' });
    t.actor.send({ type: 'create.change', changes: { name: 'Payroll' } });
    t.actor.send({ type: 'create.submit' });
    t.createToken.reject(refused);
    await settle();
    expect(t.actor.getSnapshot().matches({ creating: 'editing' })).toBe(true);
    expect(t.actor.getSnapshot().context.draft.name).toBe('Payroll');
    expect(t.recorder.received[0]).toMatchObject({ type: 'snackbar.show' });
    t.actor.send({ type: 'create.cancel' });
    expect(t.actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('asks before revoking an active token, revokes on confirm and reads the list again; never a revoked one', async () => {
    const t = open();
    const revoked = apiToken({ id: '55555555-5555-4555-8555-555555555555', name: 'Old', status: 'revoked' });
    await ready(t, tokensData([apiToken(), revoked]));
    expect(selectMayRevoke(t.actor.getSnapshot(), revoked.id)).toBe(false);
    t.actor.send({ type: 'revoke.ask', id: revoked.id });
    expect(t.actor.getSnapshot().matches('ready')).toBe(true);
    t.actor.send({ type: 'revoke.ask', id: apiToken().id });
    expect(selectRevokeAsked(t.actor.getSnapshot())?.name).toBe('HR feed');
    t.actor.send({ type: 'revoke.cancel' });
    expect(t.actor.getSnapshot().matches('ready')).toBe(true);
    expect(t.revokeToken.calls).toEqual([]);
    t.actor.send({ type: 'revoke.ask', id: apiToken().id });
    t.actor.send({ type: 'revoke.confirm' });
    expect(t.actor.getSnapshot().matches('revoking')).toBe(true);
    expect(t.revokeToken.calls).toEqual([{ id: apiToken().id }]);
    t.revokeToken.resolve(undefined);
    await settle();
    expect(t.actor.getSnapshot().matches('loading')).toBe(true);
    expect(selectRevokeAsked(t.actor.getSnapshot())).toBeUndefined();
  });
});
