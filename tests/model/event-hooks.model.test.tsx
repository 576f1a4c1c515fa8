/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { EventHook, EventHookCreate, EventHookCreated, EventHookDelivery } from '@contracts/admin/event-hooks';
import { ApiError } from '@contracts/failures';
import { eventHooksMachine, type EventHookChange } from '@machines/event-hooks/event-hooks.machine';
import { EventHooksScreen } from '@src/admin/event-hooks/EventHooksPage';
import { answerCall } from '../support/admin-dialog-host';
import { catalogueText } from '../support/catalogue-text';
import { actorDone, actorError, doneEventType, errorEventType } from '../support/controlled-actor';
import { createControlledCall } from '../support/controlled-actor';
import { createdHook, delivery, eventHook, newHook } from '../support/event-hook-fixtures';
import { recordingNotifications } from '../support/recording-ref';
import { renderAdminView } from '../support/render-admin';
import { describeWalks, type WalkEvent } from '../support/walk';

/*
 * Generated walks of the event hooks page (machines/event-hooks; issue 33 item 4) through the real page: the list is
 * read, a hook is registered and its signing secret shown once, verified, deactivated, deleted after a question, and a
 * hook's delivery log is read. Only the network is fake: each call waits for the walk's answer.
 */

const en = (id: string) => catalogueText('en-us', id);
const down = new ApiError({ status: 503, code: 'unavailable', message: 'down', requestId: 'req-hooks' });
const refused = new ApiError({ status: 400, code: 'validation_failed', message: 'endpoint refused', requestId: 'r' });
const created = createdHook('Payroll bridge');
const inactive = eventHook({ id: 'whoOld00000000000003', name: 'Old feed', status: 'INACTIVE' });
const hooks = [eventHook(), newHook(), inactive];

const loaded = actorDone('loadHooks', hooks);
const loadFailed = actorError('loadHooks', down);
const made = actorDone('createHook', created);
const notMade = actorError('createHook', refused);
const changed = actorDone('changeHook', newHook());
const notChanged = actorError('changeHook', refused);
const deleted = actorDone('deleteHook', undefined);
const notDeleted = actorError('deleteHook', down);
const deliveriesRead = actorDone('loadDeliveries', [delivery()]);
const deliveriesFailed = actorError('loadDeliveries', down);
const events = [
  loaded,
  loadFailed,
  made,
  notMade,
  changed,
  notChanged,
  deleted,
  notDeleted,
  deliveriesRead,
  deliveriesFailed,
  { type: 'hooks.retry' },
  { type: 'create.open' },
  {
    type: 'create.change',
    changes: {
      name: 'Payroll bridge',
      uri: 'https://payroll.example.com/hooks',
      eventTypes: ['user.lifecycle.create'],
    },
  },
  { type: 'create.submit' },
  { type: 'create.cancel' },
  { type: 'secret.dismiss' },
  { type: 'hook.verify', id: newHook().id },
  { type: 'hook.deactivate', id: eventHook().id },
  { type: 'hook.activate', id: inactive.id },
  { type: 'delete.ask', id: inactive.id },
  { type: 'delete.confirm' },
  { type: 'delete.cancel' },
  { type: 'deliveries.open', id: eventHook().id },
  { type: 'deliveries.refresh' },
  { type: 'deliveries.close' },
] satisfies WalkEvent<typeof eventHooksMachine>[];

function renderPage() {
  const calls = {
    load: createControlledCall<EventHook[]>(),
    create: createControlledCall<EventHookCreated, EventHookCreate>(),
    change: createControlledCall<EventHook, { id: string; change: EventHookChange }>(),
    remove: createControlledCall<undefined, string>(),
    deliveries: createControlledCall<EventHookDelivery[], string>(),
  };
  const notifications = recordingNotifications();
  renderAdminView(
    <EventHooksScreen
      notifications={notifications.ref}
      api={{
        load: () => calls.load.call(undefined),
        create: (body) => calls.create.call(body),
        change: (id, change) => calls.change.call({ id, change }),
        remove: async (id) => {
          await calls.remove.call(id);
        },
        deliveries: (id) => calls.deliveries.call(id),
      }}
    />,
  );
  return { calls, notifications };
}
type Harness = ReturnType<typeof renderPage>;

const table = () => screen.getByRole('table', { name: en('EventHook_Text_Title') });
const form = () => screen.getByRole('form', { name: en('EventHook_Button_New') });
const input = (id: string) => within(form()).getByLabelText(new RegExp(en(id).replace(/[()]/g, '\\$&')));
const logTitle = `Deliveries of “${eventHook().name}”`;

async function expectList() {
  await waitFor(() => {
    expect(within(table()).getByRole('row', { name: /SIEM feed/ })).toBeInTheDocument();
  });
  expect(within(table()).getByRole('row', { name: /SIEM feed/ })).toHaveTextContent('https://siem.example.com');
  expect(within(table()).getByRole('row', { name: /HR bridge/ })).toHaveTextContent(en('EventHook_Text_Unverified'));
}

describeWalks(eventHooksMachine, {
  title: 'Event hooks model walk (issue 33 item 4, through the real page)',
  events,
  scenarios: [
    {
      input: { notifications: recordingNotifications().ref },
      filterEvents: (s, event) => s.can(event as never),
      journeys: [
        [loadFailed, { type: 'hooks.retry' }, loaded],
        [
          loaded,
          { type: 'create.open' },
          {
            type: 'create.change',
            changes: {
              name: 'Payroll bridge',
              uri: 'https://payroll.example.com/hooks',
              eventTypes: ['user.lifecycle.create'],
            },
          },
          { type: 'create.submit' },
          notMade,
        ],
        [loaded, { type: 'hook.verify', id: newHook().id }, notChanged],
        [loaded, { type: 'hook.deactivate', id: eventHook().id }, changed],
        [loaded, { type: 'hook.activate', id: inactive.id }, changed],
        [loaded, { type: 'delete.ask', id: inactive.id }, { type: 'delete.cancel' }],
        [loaded, { type: 'delete.ask', id: inactive.id }, { type: 'delete.confirm' }, notDeleted],
        [loaded, { type: 'delete.ask', id: inactive.id }, { type: 'delete.confirm' }, deleted],
        [loaded, { type: 'deliveries.open', id: eventHook().id }, deliveriesRead, { type: 'deliveries.close' }],
        [loaded, { type: 'deliveries.open', id: eventHook().id }, deliveriesFailed, { type: 'deliveries.refresh' }],
      ],
    },
  ],
  start: renderPage,
  timeout: 30_000,
  states: {
    loading: async (_s, h: Harness) => {
      await waitFor(() => {
        expect(h.calls.load.waiting()).toBe(1);
      });
      expect(screen.getByText(en('EventHook_Text_Loading'))).toBeInTheDocument();
      expect(screen.queryByTestId('event-hook-secret')).toBeNull();
    },
    ready: async () => {
      await expectList();
      expect(screen.getByRole('button', { name: en('EventHook_Button_New') })).toBeEnabled();
      expect(screen.getByRole('button', { name: `${en('EventHook_Button_Verify')} HR bridge` })).toBeEnabled();
      expect(screen.queryByRole('button', { name: `${en('EventHook_Button_Verify')} SIEM feed` })).toBeNull();
      // Only an inactive hook may be deleted.
      expect(screen.queryByRole('button', { name: `${en('EventHook_Button_Delete')} SIEM feed` })).toBeNull();
      expect(screen.getByRole('button', { name: `${en('EventHook_Button_Delete')} Old feed` })).toBeEnabled();
      expect(screen.queryByRole('form', { name: en('EventHook_Button_New') })).toBeNull();
      expect(screen.queryByRole('alertdialog')).toBeNull();
    },
    failed: async () => {
      expect(await screen.findByText(en('EventHook_Text_LoadFailed'))).toBeInTheDocument();
      expect(screen.queryByRole('table')).toBeNull();
    },
    'creating.editing': async (s) => {
      await waitFor(() => {
        expect(form()).toBeInTheDocument();
      });
      expect(input('EventHook_Field_Name')).toHaveValue(s.context.draft.name);
      const register = within(form()).getByRole('button', { name: en('EventHook_Button_Create') });
      if (s.context.draft.name === '') expect(register).toBeDisabled();
      else expect(register).toBeEnabled();
    },
    'creating.saving': async (_s, h: Harness) => {
      await waitFor(() => {
        expect(h.calls.create.waiting()).toBe(1);
      });
      expect(h.calls.create.calls.at(-1)).toMatchObject({
        name: 'Payroll bridge',
        eventTypes: ['user.lifecycle.create'],
      });
    },
    showingSecret: async () => {
      expect(await screen.findByTestId('event-hook-secret')).toHaveTextContent(created.signingSecret);
    },
    changing: async (s, h: Harness) => {
      await waitFor(() => {
        expect(h.calls.change.waiting()).toBe(1);
      });
      expect(h.calls.change.calls.at(-1)).toEqual({ id: s.context.chosen?.id, change: s.context.change });
    },
    confirmingDelete: async () => {
      const question = await screen.findByRole('alertdialog');
      expect(question).toHaveTextContent('Old feed');
    },
    deleting: async (_s, h: Harness) => {
      await waitFor(() => {
        expect(h.calls.remove.waiting()).toBe(1);
      });
      expect(h.calls.remove.calls.at(-1)).toBe(inactive.id);
    },
    'deliveries.reading': async (_s, h: Harness) => {
      await waitFor(() => {
        expect(h.calls.deliveries.waiting()).toBe(1);
      });
      expect(screen.getByRole('region', { name: logTitle })).toHaveTextContent(en('EventHook_Text_DeliveriesLoading'));
    },
    'deliveries.shown': async () => {
      const log = await screen.findByRole('table', { name: logTitle });
      const row = within(log).getByRole('row', { name: /user\.account\.lock/ });
      expect(row).toHaveTextContent(delivery().eventId);
      expect(row).toHaveTextContent(en('EventHook_Text_Failed'));
      expect(row).toHaveTextContent('the receiver answered 503');
    },
    'deliveries.unread': async () => {
      expect(await screen.findByText(en('EventHook_Text_DeliveriesFailed'))).toBeInTheDocument();
    },
  },
  executors: {
    [doneEventType('loadHooks')]: ({ event }, h) => answerCall(h.calls.load, { output: event.output }),
    [errorEventType('loadHooks')]: ({ event }, h) => answerCall(h.calls.load, { error: event.error }),
    [doneEventType('createHook')]: ({ event }, h) => answerCall(h.calls.create, { output: event.output }),
    [errorEventType('createHook')]: ({ event }, h) => answerCall(h.calls.create, { error: event.error }),
    [doneEventType('changeHook')]: ({ event }, h) => answerCall(h.calls.change, { output: event.output }),
    [errorEventType('changeHook')]: ({ event }, h) => answerCall(h.calls.change, { error: event.error }),
    [doneEventType('deleteHook')]: (_step, h) => answerCall(h.calls.remove, { output: undefined }),
    [errorEventType('deleteHook')]: ({ event }, h) => answerCall(h.calls.remove, { error: event.error }),
    [doneEventType('loadDeliveries')]: ({ event }, h) => answerCall(h.calls.deliveries, { output: event.output }),
    [errorEventType('loadDeliveries')]: ({ event }, h) => answerCall(h.calls.deliveries, { error: event.error }),
    'hooks.retry': async () => {
      await userEvent.click(screen.getByRole('button', { name: en('EventHook_Button_Retry') }));
    },
    'create.open': async () => {
      await userEvent.click(screen.getByRole('button', { name: en('EventHook_Button_New') }));
    },
    'create.change': async ({ event }) => {
      await userEvent.clear(input('EventHook_Field_Name'));
      await userEvent.type(input('EventHook_Field_Name'), event.changes.name ?? '');
      await userEvent.clear(input('EventHook_Field_Uri'));
      await userEvent.type(input('EventHook_Field_Uri'), event.changes.uri ?? '');
      for (const type of event.changes.eventTypes ?? [])
        await userEvent.click(within(form()).getByRole('checkbox', { name: type }));
    },
    'create.submit': async () => {
      await userEvent.click(within(form()).getByRole('button', { name: en('EventHook_Button_Create') }));
    },
    'create.cancel': async () => {
      await userEvent.click(within(form()).getByRole('button', { name: en('EventHook_Button_Cancel') }));
    },
    'secret.dismiss': async () => {
      await userEvent.click(screen.getByRole('button', { name: en('EventHook_Button_Done') }));
    },
    'hook.verify': async () => {
      await userEvent.click(screen.getByRole('button', { name: `${en('EventHook_Button_Verify')} HR bridge` }));
    },
    'hook.activate': async () => {
      await userEvent.click(screen.getByRole('button', { name: `${en('EventHook_Button_Activate')} Old feed` }));
    },
    'hook.deactivate': async () => {
      await userEvent.click(screen.getByRole('button', { name: `${en('EventHook_Button_Deactivate')} SIEM feed` }));
    },
    'delete.ask': async () => {
      await userEvent.click(screen.getByRole('button', { name: `${en('EventHook_Button_Delete')} Old feed` }));
    },
    'delete.confirm': async () => {
      await userEvent.click(screen.getByRole('button', { name: en('EventHook_Button_ConfirmDelete') }));
    },
    'delete.cancel': async () => {
      await userEvent.click(
        within(screen.getByRole('alertdialog')).getByRole('button', { name: en('EventHook_Button_Cancel') }),
      );
    },
    'deliveries.open': async () => {
      await userEvent.click(screen.getByRole('button', { name: `${en('EventHook_Button_Deliveries')} SIEM feed` }));
    },
    'deliveries.refresh': async () => {
      await userEvent.click(screen.getByRole('button', { name: en('EventHook_Button_Refresh') }));
    },
    'deliveries.close': async () => {
      await userEvent.click(screen.getByRole('button', { name: en('EventHook_Button_Close') }));
    },
  },
});
