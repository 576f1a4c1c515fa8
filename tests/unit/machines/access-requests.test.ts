import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { accessRequestsMachine } from '@machines/access-requests/access-requests.machine';
import { selectDecision, selectMayDecide, selectWasStale } from '@machines/access-requests/access-requests.selectors';
import type { AccessRequest } from '@contracts/access-requests';
import { ApiError } from '@contracts/failures';
import { doneEvent, errorEvent } from '../../support/controlled-actor';
import { fakePorts } from '../../support/fake-ports';

const request: AccessRequest = {
  id: 'req-1',
  version: 1,
  instanceId: 'maria',
  personName: 'María García',
  email: 'maria@acme.test',
  clientId: 'acme',
  clientName: 'Acme Health',
  applicationId: 'wellness',
  applicationName: 'Wellness Hub',
  reason: 'Coach',
  createdAt: '2026-11-29T10:00:00.000Z',
  rolesApiUrl: null,
  defaultRoleValue: 'Participant',
  excludedRoles: [],
};
const stale = new ApiError({ status: 409, code: 'stale_update', message: 'stale', requestId: 'r' });

describe('access requests panel (issue 34 item 4)', () => {
  const ready = () => {
    const [loading] = initialTransition(accessRequestsMachine, { ports: fakePorts().ports });
    expect(loading.hasTag('loading')).toBe(true);
    return transition(accessRequestsMachine, loading, doneEvent('loadRequests', [request]))[0];
  };

  it('approves with the role chosen among the roles read, then reads the list again', () => {
    const [roles] = transition(accessRequestsMachine, ready(), { type: 'request.approve', id: 'req-1' });
    expect(roles.value).toBe('loadingRoles');
    const options = [
      { key: 'Participant', caption: 'Participant' },
      { key: 'Coach', caption: 'Coach' },
    ];
    const [approving] = transition(accessRequestsMachine, roles, doneEvent('loadRoles', options));
    expect(selectDecision(approving)).toMatchObject({ kind: 'approve', roleValue: 'Participant', maySend: true });
    const [chosen] = transition(accessRequestsMachine, approving, { type: 'decision.role', roleValue: 'Coach' });
    const [sending] = transition(accessRequestsMachine, chosen, { type: 'decision.send' });
    expect(sending.value).toBe('sending');
    expect(selectMayDecide(sending)).toBe(false);
    const [reloading] = transition(accessRequestsMachine, sending, doneEvent('decide', undefined));
    expect(reloading.value).toBe('loading');
    expect(reloading.context.deciding).toBeUndefined();
  });

  it('sends no approval without a role, and ignores a request that is not listed', () => {
    const [roles] = transition(accessRequestsMachine, ready(), { type: 'request.approve', id: 'req-1' });
    const [approving] = transition(accessRequestsMachine, roles, doneEvent('loadRoles', []));
    expect(selectDecision(approving)?.maySend).toBe(false);
    expect(transition(accessRequestsMachine, approving, { type: 'decision.send' })[0].value).toBe('approving');
    expect(transition(accessRequestsMachine, ready(), { type: 'request.decline', id: 'forged' })[0].value).toBe(
      'ready',
    );
  });

  it('declines with a reason; a stale answer (409) reads the list again and says so; another failure is reported', () => {
    const [declining] = transition(accessRequestsMachine, ready(), { type: 'request.decline', id: 'req-1' });
    const [typed] = transition(accessRequestsMachine, declining, { type: 'decision.reason', reason: 'x'.repeat(600) });
    expect(typed.context.reason).toHaveLength(500);
    const [sending] = transition(accessRequestsMachine, typed, { type: 'decision.send' });
    const [reloading] = transition(accessRequestsMachine, sending, errorEvent('decide', stale));
    expect(reloading.value).toBe('loading');
    expect(selectWasStale(reloading)).toBe(true);
    const [failed] = transition(accessRequestsMachine, sending, errorEvent('decide', new Error('down')));
    expect(failed.value).toBe('ready');
    expect(selectWasStale(failed)).toBe(false);
    expect(selectDecision(failed)).toBeUndefined();
    // Cancel leaves the list as it is.
    expect(transition(accessRequestsMachine, declining, { type: 'decision.cancel' })[0].value).toBe('ready');
  });

  it('a failed read offers to try again', () => {
    const [loading] = initialTransition(accessRequestsMachine, { ports: fakePorts().ports });
    const [failed] = transition(accessRequestsMachine, loading, errorEvent('loadRequests', new Error('down')));
    expect(failed.value).toBe('failed');
    expect(transition(accessRequestsMachine, failed, { type: 'retry' })[0].value).toBe('loading');
  });
});
