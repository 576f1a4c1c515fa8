import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { auditEntryMachine } from '@machines/log-entry/log-entry.machine';
import { fieldDiff } from '@machines/log-entry/field-diff';
import type { AuditEntry } from '@contracts/audit-log';
import { ApiError } from '@contracts/failures';
import { createControlledActor } from '../../support/controlled-actor';
import { recordingNotifications } from '../../support/recording-ref';

const entry: AuditEntry = {
  id: 'a1',
  at: '2026-03-11T12:00:00.000Z',
  actor: 'AUL__admin@gatehouse.test',
  action: 'update',
  entity: 'client',
  entityId: 'c1',
  clientId: 'c1',
  clientName: 'Acme Health',
  before: { name: 'Acme' },
  after: { name: 'Acme Health' },
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function open() {
  const loadEntry = createControlledActor<AuditEntry, { id: string }>();
  const recorder = recordingNotifications();
  const actor = createActor(auditEntryMachine.provide({ actors: { loadEntry: loadEntry.logic } }), {
    input: { row: { id: 'a1' }, notifications: recorder.ref },
  }).start();
  return { actor, loadEntry, recorder };
}

describe('a log row’s detail (machines/log-entry)', () => {
  it('reads the row’s entry by its id and shows it until closed, ending with nothing saved', async () => {
    const { actor, loadEntry } = open();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(loadEntry.calls).toEqual([{ id: 'a1' }]);
    loadEntry.resolve(entry);
    await settle();
    expect(actor.getSnapshot().matches('showing')).toBe(true);
    expect(actor.getSnapshot().context.entry).toEqual(entry);
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toBeUndefined();
  });

  it('reports a failed read, reads again on Try again, and closes from there too', async () => {
    const { actor, loadEntry, recorder } = open();
    const gone = new ApiError({
      status: 404,
      code: 'not_found',
      message: 'No audit entry has this id.',
      requestId: 'r',
    });
    loadEntry.reject(gone);
    await settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(recorder.received).toContainEqual({ type: 'error.report', error: gone, action: 'auditEntry.load' });
    actor.send({ type: 'retry' });
    expect(loadEntry.calls).toHaveLength(2);
    loadEntry.reject(gone);
    await settle();
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('closes while it still reads', () => {
    const { actor } = open();
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().status).toBe('done');
  });
});

describe('the before and after, field by field (fieldDiff)', () => {
  it('names each leaf field by its path, in the record’s order, with what happened to it', () => {
    expect(
      fieldDiff(
        { name: 'Acme', autoSignUp: true, roles: [{ value: 'User' }], nested: { a: 1, gone: 'x' }, tags: [] },
        { name: 'Acme Health', autoSignUp: true, roles: [{ value: 'Agent' }], nested: { a: 1 }, tags: [], extra: null },
      ),
    ).toEqual([
      { field: 'name', before: 'Acme', after: 'Acme Health', kind: 'changed' },
      { field: 'autoSignUp', before: 'true', after: 'true', kind: 'same' },
      { field: 'roles[0].value', before: 'User', after: 'Agent', kind: 'changed' },
      { field: 'nested.a', before: '1', after: '1', kind: 'same' },
      { field: 'nested.gone', before: 'x', after: undefined, kind: 'removed' },
      { field: 'tags', before: '[]', after: '[]', kind: 'same' },
      { field: 'extra', before: undefined, after: 'null', kind: 'added' },
    ]);
  });

  it('shows a create as every field added and a delete as every field removed', () => {
    expect(fieldDiff(null, { name: 'New' })).toEqual([
      { field: 'name', before: undefined, after: 'New', kind: 'added' },
    ]);
    expect(fieldDiff({ name: 'Old' }, null)).toEqual([
      { field: 'name', before: 'Old', after: undefined, kind: 'removed' },
    ]);
    expect(fieldDiff(null, null)).toEqual([]);
  });
});
