import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import { notificationsMachine } from '@machines/notifications/notifications.machine';
import { selectErrorModal } from '@machines/notifications/notifications.selectors';
import type { ErrorModal, Snackbar } from '@machines/notifications/notifications.types';
import * as v from 'valibot';
import { ApiError, CriticalError } from '@contracts/failures';
import { spawnActionType } from '../../support/controlled-actor';

const snackbar = (overrides: Partial<Snackbar> = {}): Snackbar => ({
  id: 1,
  type: 'error',
  title: { id: 'Global_Text_FailTitle' },
  message: { raw: 'Saving failed' },
  sticky: false,
  dismissable: true,
  ...overrides,
});

const modal = (overrides: Partial<ErrorModal> = {}): ErrorModal => ({
  id: 1,
  heading: { id: 'Global_Text_Error' },
  messages: [],
  errorCode: undefined,
  details: undefined,
  button: { id: 'Global_Button_Ok' },
  ...overrides,
});

const at = (
  value: { snackbar: 'hidden' | 'showing'; modal: 'closed' | 'open'; errorBar: 'hidden' | 'shown' },
  context: Partial<ReturnType<typeof notificationsMachine.getInitialSnapshot>['context']> = {},
) =>
  notificationsMachine.resolveState({
    value,
    context: { showErrorDetails: true, snackbars: [], modals: [], errorBar: undefined, nextId: 1, ...context },
  });

const idle = { snackbar: 'hidden', modal: 'closed', errorBar: 'hidden' } as const;

const report = (error: unknown, display = false) => {
  const [next, actions] = transition(notificationsMachine, at(idle), { type: 'error.report', error, display });
  return { next, actions };
};

const apiError = (status: number, code = 'some_code') =>
  new ApiError({
    status,
    code,
    message: 'Server says no',
    requestId: 'req-42',
    details: [{ field: 'body.x', message: 'bad' }],
  });

describe('notifications: snackbars', () => {
  it('shows a requested snackbar with the title of its type', () => {
    const [next] = transition(notificationsMachine, at(idle), {
      type: 'snackbar.show',
      snackbar: { type: 'success', message: { raw: 'Saved' } },
    });
    expect(next.matches({ snackbar: 'showing' })).toBe(true);
    expect(next.context.snackbars[0]).toMatchObject({
      title: { id: 'Global_Text_SuccessTitle' },
      sticky: false,
      dismissable: true,
    });
  });

  it('queues a second snackbar behind the one on screen', () => {
    const [next] = transition(notificationsMachine, at({ ...idle, snackbar: 'showing' }, { snackbars: [snackbar()] }), {
      type: 'snackbar.show',
      snackbar: { type: 'warning', message: { raw: 'Careful' } },
    });
    expect(next.context.snackbars.map((s) => s.type)).toEqual(['error', 'warning']);
  });

  it('closes a dismissable snackbar on request and hides when none is left', () => {
    const [next] = transition(notificationsMachine, at({ ...idle, snackbar: 'showing' }, { snackbars: [snackbar()] }), {
      type: 'snackbar.dismiss',
    });
    expect(next.matches({ snackbar: 'hidden' })).toBe(true);
    expect(next.context.snackbars).toEqual([]);
  });

  it('ignores a dismiss request for a snackbar that is not dismissable', () => {
    const [next] = transition(
      notificationsMachine,
      at({ ...idle, snackbar: 'showing' }, { snackbars: [snackbar({ dismissable: false })] }),
      { type: 'snackbar.dismiss' },
    );
    expect(next.context.snackbars).toHaveLength(1);
  });

  it('shows the next queued snackbar once the current one is dismissed', () => {
    const [next] = transition(
      notificationsMachine,
      at({ ...idle, snackbar: 'showing' }, { snackbars: [snackbar(), snackbar({ id: 2, type: 'success' })] }),
      { type: 'snackbar.dismiss' },
    );
    expect(next.matches({ snackbar: 'showing' })).toBe(true);
    expect(next.context.snackbars[0]?.id).toBe(2);
  });
});

describe('notifications: error modal and error bar', () => {
  it('opens a requested modal with the Error title and Ok button by default', () => {
    const [next] = transition(notificationsMachine, at(idle), {
      type: 'modal.show',
      modal: { messages: [{ raw: 'x' }] },
    });
    expect(next.matches({ modal: 'open' })).toBe(true);
    expect(next.context.modals[0]).toMatchObject({
      heading: { id: 'Global_Text_Error' },
      button: { id: 'Global_Button_Ok' },
    });
  });

  it('closes the modal when it is dismissed and no other waits', () => {
    const [next] = transition(notificationsMachine, at({ ...idle, modal: 'open' }, { modals: [modal()] }), {
      type: 'modal.dismiss',
    });
    expect(next.matches({ modal: 'closed' })).toBe(true);
  });

  it('shows the error bar with a message that is not sticky by default', () => {
    const [next] = transition(notificationsMachine, at(idle), {
      type: 'errorBar.show',
      message: { raw: 'Menu failed' },
    });
    expect(next.matches({ errorBar: 'shown' })).toBe(true);
    expect(next.context.errorBar).toEqual({ message: { raw: 'Menu failed' }, sticky: false });
  });

  it('hides the error bar when dismissed', () => {
    const [next] = transition(
      notificationsMachine,
      at({ ...idle, errorBar: 'shown' }, { errorBar: { message: { raw: 'x' }, sticky: true } }),
      { type: 'errorBar.dismiss' },
    );
    expect(next.matches({ errorBar: 'hidden' })).toBe(true);
  });
});

describe('notifications: the error code line and Error Details only outside production (public-and-profile §2)', () => {
  const open = (showErrorDetails: boolean) => {
    const [next] = transition(notificationsMachine, at(idle, { showErrorDetails }), {
      type: 'error.report',
      error: apiError(401),
    });
    return selectErrorModal(next);
  };

  it('shows both where the build is not production', () => {
    expect(open(true)).toMatchObject({
      errorCode: 'some_code',
      details: { requestId: 'req-42', lines: ['body.x: bad'] },
    });
  });

  it('shows neither in a production build, the heading and message still there', () => {
    const modal = open(false);
    expect(modal).toMatchObject({ heading: { id: 'Global_Error_401' }, errorCode: undefined, details: undefined });
    expect(modal?.messages).toHaveLength(1);
  });
});

describe('notifications: reported errors (spec §8)', () => {
  it('opens the modal with details and the request id for a 401, even when display was not asked', () => {
    const { next } = report(apiError(401));
    expect(next.context.modals[0]).toMatchObject({
      heading: { id: 'Global_Error_401' },
      messages: [{ id: 'Global_Error_some_code', fallback: { raw: 'Server says no' } }],
      errorCode: 'some_code',
      details: { requestId: 'req-42', lines: ['body.x: bad'] },
    });
  });

  it('opens the modal with details for a 403', () => {
    const { next } = report(apiError(403));
    expect(next.context.modals[0]?.details?.requestId).toBe('req-42');
  });

  it('shows nothing for a 422 the caller did not ask to display', () => {
    const { next } = report(apiError(422));
    expect(next.context.modals).toEqual([]);
    expect(next.context.snackbars).toEqual([]);
  });

  it('opens the modal without details for a 422 the caller asked to display', () => {
    const { next } = report(apiError(422), true);
    expect(next.context.modals[0]?.details).toBeUndefined();
  });

  it('turns an undisplayed 409 into an error snackbar headed by its status', () => {
    const { next } = report(apiError(409));
    expect(next.context.snackbars[0]).toMatchObject({ type: 'error', title: { id: 'Global_Error_409' } });
  });

  it('heads an unknown status with the default 500 text when the catalogue has none', () => {
    const { next } = report(apiError(502), true);
    expect(next.context.modals[0]?.heading).toEqual({ id: 'Global_Error_502', fallback: { id: 'Global_Error_500' } });
  });

  it('gives a TypeError the fixed type heading', () => {
    const { next } = report(new TypeError('x is undefined'), true);
    expect(next.context.modals[0]?.heading).toEqual({ id: 'Global_Error_Type' });
  });

  it('gives a ReferenceError, a CriticalError and data that is no error their fixed headings', () => {
    const heading = (error: unknown) => report(error, true).next.context.modals[0]?.heading;
    expect(heading(new ReferenceError('y is not defined'))).toEqual({ id: 'Global_Error_Reference' });
    expect(heading(new CriticalError('the reset could not finish'))).toEqual({ id: 'Global_Error_Critical' });
    expect(heading({ reason: 'quota' })).toEqual({ id: 'Global_Error_Unknown' });
  });

  it('heads an answer that breaks its contract with the validation heading, one message per line', () => {
    const invalid = v.safeParse(v.object({ id: v.string(), version: v.number() }), { id: 1, version: 'x' });
    if (invalid.success) throw new Error('the answer was expected to break its contract');
    const modal = report(new v.ValiError(invalid.issues), true).next.context.modals[0];
    expect(modal?.heading).toEqual({ id: 'Global_Error_Validation' });
    expect(modal?.messages).toHaveLength(2);
    expect(modal?.messages.every((message) => 'raw' in message && !message.raw.includes('\n'))).toBe(true);
  });

  it('shows the message when the failure has one, else the data itself (public-and-profile §2 "Modal dialog")', () => {
    expect(report(new TypeError('x is undefined'), true).next.context.modals[0]?.messages).toEqual([
      { raw: 'x is undefined' },
    ]);
    expect(report('The quota is used up', true).next.context.modals[0]?.messages).toEqual([
      { raw: 'The quota is used up' },
    ]);
    // No message: the thrown data itself, as text.
    expect(report({ reason: 'quota', left: 0 }, true).next.context.modals[0]?.messages).toEqual([
      { raw: '{"reason":"quota","left":0}' },
    ]);
    expect(report(new RangeError(), true).next.context.modals[0]?.messages).toEqual([{ raw: 'RangeError' }]);
    const silent = new ApiError({ status: 500, code: 'internal', message: '', requestId: 'req-7', details: [] });
    expect(report(silent, true).next.context.modals[0]?.messages).toEqual([
      { id: 'Global_Error_internal', fallback: { raw: '500 internal' } },
    ]);
  });

  it('posts every reported error to the error log', () => {
    const { actions } = report(apiError(500, 'internal'));
    const spawn = actions.find((action) => action.type === spawnActionType);
    expect(spawn?.params).toMatchObject({ src: 'logError', input: { code: 'internal', message: 'Server says no' } });
  });
});
