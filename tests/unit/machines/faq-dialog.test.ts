import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type SnapshotFrom } from 'xstate';
import { ApiError } from '@contracts/failures';
import type { FaqEntry } from '@contracts/admin/faq';
import { faqDialogMachine } from '@machines/faq-editor/faq-dialog.machine';
import { selectCanSave, selectInvalidInputs, selectIsStale } from '@machines/faq-editor/faq-dialog.selectors';
import type { FaqInput } from '@machines/faq-editor/faq-draft';
import { doneEvent, errorEvent } from '../../support/controlled-actor';
import { recordingNotifications } from '../../support/recording-ref';

/**
 * The FAQ question dialog (machines/faq-editor; issue 11 "beyond the spec"): the editor pattern with the contract's
 * rules, one hop per rule, through `transition` (no actor runs).
 */

type Snapshot = SnapshotFrom<typeof faqDialogMachine>;
type Event = Parameters<typeof transition<typeof faqDialogMachine>>[2];
const { ref: notifications } = recordingNotifications();

const step = (s: Snapshot, event: Event) => transition(faqDialogMachine, s, event)[0];
const run = (s: Snapshot, ...events: Event[]) => events.reduce(step, s);
const saveInputOf = (s: Snapshot) =>
  (
    transition(faqDialogMachine, s, { type: 'save' })[1].find((a) => a.type === 'xstate.spawnChild')?.params as
      { input: unknown } | undefined
  )?.input;
const type = (input: FaqInput, value: string): Event => ({ type: 'edit', changes: { input, value } });

const row: FaqEntry = {
  id: '3f1c4a52-7a43-4c7e-9d0e-0a7f0d6f2b11',
  clientId: '77bf73c2-d10e-469e-97ab-b11324076f2c',
  culture: 'es',
  part: 'Facturación',
  section: 'A',
  header: '¿Dónde veo mi factura?',
  tags: 'factura',
  questionText: '<p>En Mis facturas.</p>',
  order: 5,
  version: 3,
};
const opened = (record: FaqEntry | undefined) =>
  step(initialTransition(faqDialogMachine, { row: record, notifications })[0], doneEvent('load', { record }));

describe('FAQ question dialog', () => {
  it('adds a question only once Category, Question and the answer are given, at a whole order', () => {
    let s = opened(undefined);
    expect(selectCanSave(s)).toBe(false);
    s = run(s, type('part', 'Facturación'), type('header', '¿Dónde?'), type('questionText', '<p>Aquí.</p>'));
    expect(selectCanSave(s)).toBe(true);
    s = step(s, type('order', '1.5'));
    expect(selectCanSave(s)).toBe(false);
    expect(selectInvalidInputs(s)).toEqual(['order']);
    s = step(s, type('order', '7'));
    expect(saveInputOf(s)).toEqual({
      id: undefined,
      version: undefined,
      body: { part: 'Facturación', section: '', header: '¿Dónde?', tags: '', questionText: '<p>Aquí.</p>', order: 7 },
    });
  });

  it('edits a row at the version it was read, and marks a cleared required input', () => {
    let s = opened(row);
    s = step(s, type('header', ''));
    expect(selectInvalidInputs(s)).toEqual(['header']);
    s = step(s, type('header', 'Nueva'));
    expect(saveInputOf(s)).toMatchObject({ id: row.id, version: 3, body: { header: 'Nueva', order: 5 } });
  });

  it('turns a stale save into the conflict choice, and keeps the draft', () => {
    const s = run(opened(row), type('header', 'Mía'), { type: 'save' });
    const stale = new ApiError({ status: 409, code: 'stale_update', message: 'stale', requestId: 'r1' });
    const conflict = step(s, errorEvent('save', stale));
    expect(selectIsStale(conflict)).toBe(true);
    expect(conflict.context.draft.header).toBe('Mía');
  });

  it('ends with the saved question for the grid to refresh', () => {
    const saved = { ...row, version: 4 };
    const s = run(opened(row), type('tags', 'factura,pago'), { type: 'save' }, doneEvent('save', saved));
    expect(s.status).toBe('done');
    expect(s.output).toEqual(saved);
  });
});
