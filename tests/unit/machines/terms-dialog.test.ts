import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type SnapshotFrom } from 'xstate';
import { ApiError } from '@contracts/failures';
import type { TermsVersion } from '@contracts/terms';
import { termsDialogMachine, type TermsLoaded } from '@machines/terms-editor/terms-dialog.machine';
import {
  selectCanSave,
  selectInvalidInputs,
  selectIsStale,
  selectNextNumber,
} from '@machines/terms-editor/terms-dialog.selectors';
import type { TermsChange } from '@machines/terms-editor/terms-draft';
import { doneEvent, errorEvent } from '../../support/controlled-actor';
import { recordingNotifications } from '../../support/recording-ref';
import { termsVersion } from '../../support/terms-fixtures';

/**
 * The publish dialog of the terms editor (machines/terms-editor; issue 34 item 2): the editor pattern with the
 * contract's rules, one hop per rule, through `transition` (no actor runs).
 */

type Snapshot = SnapshotFrom<typeof termsDialogMachine>;
type Event = Parameters<typeof transition<typeof termsDialogMachine>>[2];
const { ref: notifications } = recordingNotifications();

const step = (s: Snapshot, event: Event) => transition(termsDialogMachine, s, event)[0];
const run = (s: Snapshot, ...events: Event[]) => events.reduce(step, s);
const saveInputOf = (s: Snapshot) =>
  (
    transition(termsDialogMachine, s, { type: 'save' })[1].find((a) => a.type === 'xstate.spawnChild')?.params as
      { input: unknown } | undefined
  )?.input;
const type = (culture: TermsChange['culture'], kind: TermsChange['kind'], value: string): Event => ({
  type: 'edit',
  changes: { culture, kind, value },
});

const version = termsVersion;
const opened = (row: TermsVersion | undefined, loaded: TermsLoaded) =>
  step(initialTransition(termsDialogMachine, { row, notifications })[0], doneEvent('load', loaded));

describe('terms publish dialog', () => {
  it('publishes a first version once a language has both its texts; a blank language is left out', () => {
    let s = opened(undefined, { current: undefined, from: undefined });
    expect(selectNextNumber(s)).toBe(1);
    expect(selectCanSave(s)).toBe(false);
    // Nothing typed yet: nothing marked either.
    expect(selectInvalidInputs(s)).toEqual([]);
    s = step(s, type('en-us', 'termsHtml', '<p>Terms</p>'));
    expect(selectCanSave(s)).toBe(false);
    expect(selectInvalidInputs(s)).toEqual(['en-us.privacyHtml']);
    s = step(s, type('en-us', 'privacyHtml', '<p>Privacy</p>'));
    expect(selectCanSave(s)).toBe(true);
    expect(saveInputOf(s)).toEqual({
      basedOn: 0,
      texts: [{ culture: 'en-us', termsHtml: '<p>Terms</p>', privacyHtml: '<p>Privacy</p>' }],
    });
    // A Spanish text alone makes Spanish a published language, which then needs its privacy notice too.
    s = step(s, type('es', 'termsHtml', '<p>Condiciones</p>'));
    expect(selectCanSave(s)).toBe(false);
    expect(selectInvalidInputs(s)).toEqual(['es.privacyHtml']);
  });

  it('starts from the current texts and publishes on top of the current number', () => {
    const current = version(2);
    let s = opened(undefined, { current, from: current });
    expect(s.context.draft.es.termsHtml).toBe('<p>Condiciones 2</p>');
    expect(selectNextNumber(s)).toBe(3);
    s = step(s, type('es', 'termsHtml', '<p>Condiciones 3</p>'));
    expect(saveInputOf(s)).toMatchObject({
      basedOn: 2,
      texts: [{ culture: 'en-us' }, { culture: 'es', termsHtml: '<p>Condiciones 3</p>' }],
    });
  });

  it('opened on an older row, publishes its texts again as the next version', () => {
    const older = version(1, false);
    const s = opened(older, { current: version(2), from: older });
    expect(s.context.draft.es).toEqual({ termsHtml: '', privacyHtml: '' });
    expect(saveInputOf(s)).toEqual({
      basedOn: 2,
      texts: [{ culture: 'en-us', termsHtml: '<p>Terms 1</p>', privacyHtml: '<p>Privacy 1</p>' }],
    });
  });

  it('turns a publish over a version it did not see into the conflict choice, and keeps the draft', () => {
    const current = version(2);
    const s = run(opened(undefined, { current, from: current }), type('en-us', 'termsHtml', 'Mine'), { type: 'save' });
    const stale = new ApiError({ status: 409, code: 'stale_update', message: 'stale', requestId: 'r1' });
    const conflict = step(s, errorEvent('save', stale));
    expect(selectIsStale(conflict)).toBe(true);
    expect(conflict.context.draft['en-us'].termsHtml).toBe('Mine');
    // "Keep mine" reads the new current number and publishes the draft on top of it.
    const theirs = version(3);
    const overwriting = run(conflict, { type: 'keepMine' }, doneEvent('load', { current: theirs, from: theirs }));
    expect(overwriting.matches('saving')).toBe(true);
    expect(overwriting.context.draft['en-us'].termsHtml).toBe('Mine');
  });

  it('ends with the published version for the grid to refresh', () => {
    const current = version(2);
    const published = version(3);
    const s = run(
      opened(undefined, { current, from: current }),
      type('en-us', 'termsHtml', '<p>Terms 3</p>'),
      { type: 'save' },
      doneEvent('save', published),
    );
    expect(s.status).toBe('done');
    expect(s.output).toEqual(published);
  });
});
