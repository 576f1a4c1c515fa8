import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { selectNotificationsRef } from '@machines/app/app.selectors';
import { eventHooksMachine } from '@machines/event-hooks/event-hooks.machine';
import {
  selectDeleteAsked,
  selectDeliveriesOf,
  selectHasFailed,
  selectIsCreating,
  selectIsLoading,
  selectMayCreate,
  selectShownSecret,
} from '@machines/event-hooks/event-hooks.selectors';
import type { NotificationsPort } from '@machines/support/ports';
import {
  changeEventHook,
  createEventHook,
  deleteEventHook,
  loadEventHookDeliveries,
  loadEventHooks,
} from '@src/api/admin/event-hooks';
import { AppActor } from '@src/app/AppActor';
import { labels } from '@src/i18n/admin-labels';
import { ResourcePage } from '../shared/ResourcePage';
import { DeleteQuestion, ShownSecret } from './EventHookAlerts';
import { DeliveryLog } from './DeliveryLog';
import { HookTable } from './HookTable';
import { NewHookForm } from './NewHookForm';

/** The calls the page makes; tests give controlled ones. */
export interface EventHooksApi {
  load: typeof loadEventHooks;
  create: typeof createEventHook;
  change: typeof changeEventHook;
  remove: typeof deleteEventHook;
  deliveries: typeof loadEventHookDeliveries;
}

const realApi: EventHooksApi = {
  load: loadEventHooks,
  create: createEventHook,
  change: changeEventHook,
  remove: deleteEventHook,
  deliveries: loadEventHookDeliveries,
};

/**
 * Event hooks (issue 33 item 4; docs/flows/event-hooks.md): the provider administrator's hooks of the identity
 * provider — the list, a new hook (its signing secret shown once), verify, activate, deactivate, delete, and each
 * hook's delivery log.
 */
export function EventHooksPage({ api = realApi }: { api?: EventHooksApi }) {
  const notifications = AppActor.useSelector(selectNotificationsRef);
  return notifications ? <EventHooksScreen notifications={notifications} api={api} /> : null;
}

export function EventHooksScreen({ notifications, api }: { notifications: NotificationsPort; api: EventHooksApi }) {
  const { i18n } = useLingui();
  const hooks = useActorRef(
    eventHooksMachine.provide({
      actors: {
        loadHooks: fromPromise(({ signal }) => api.load({ signal })),
        createHook: fromPromise(({ input, signal }) => api.create(input, { signal })),
        changeHook: fromPromise(({ input, signal }) => api.change(input.id, input.change, { signal })),
        deleteHook: fromPromise(async ({ input, signal }) => {
          await api.remove(input.id, { signal });
          return undefined;
        }),
        loadDeliveries: fromPromise(({ input, signal }) => api.deliveries(input.id, { signal })),
      },
    }),
    { input: { notifications } },
  );
  const loading = useSelector(hooks, selectIsLoading);
  const failed = useSelector(hooks, selectHasFailed);
  const creating = useSelector(hooks, selectIsCreating);
  const mayCreate = useSelector(hooks, selectMayCreate);
  const shownSecret = useSelector(hooks, selectShownSecret);
  const deleteAsked = useSelector(hooks, selectDeleteAsked);
  const deliveriesOf = useSelector(hooks, selectDeliveriesOf);
  return (
    <ResourcePage
      title={i18n._(labels.EventHook_Text_Title)}
      intro={i18n._(labels.EventHook_Text_Intro)}
      maxWidth="7xl"
      top={
        <>
          {shownSecret === undefined ? null : <ShownSecret hooks={hooks} secret={shownSecret} />}
          {deleteAsked === undefined ? null : <DeleteQuestion hooks={hooks} hook={deleteAsked} />}
          {creating ? <NewHookForm hooks={hooks} /> : null}
        </>
      }
      newLabel={i18n._(labels.EventHook_Button_New)}
      onNew={
        mayCreate
          ? () => {
              hooks.send({ type: 'create.open' });
            }
          : undefined
      }
      loading={loading}
      loadingText={i18n._(labels.EventHook_Text_Loading)}
      failedText={failed ? i18n._(labels.EventHook_Text_LoadFailed) : undefined}
      retryLabel={i18n._(labels.EventHook_Button_Retry)}
      onRetry={() => {
        hooks.send({ type: 'hooks.retry' });
      }}
      list={<HookTable hooks={hooks} />}
      after={deliveriesOf === undefined ? null : <DeliveryLog hooks={hooks} hook={deliveriesOf} />}
    />
  );
}
