import { HStack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import type { NotificationsRef } from '@machines/admin-grid/failure-notice';
import { selectNotificationsRef, selectSessionRef } from '@machines/app/app.selectors';
import type { sessionMachine } from '@machines/session/session.machine';
import { selectProfile } from '@machines/session/session.selectors';
import { AppActor } from '../../app/AppActor';
import { labels } from '@src/i18n/admin-labels';
import { AdminListScreen, type AdminListDefinition, type GridLogic } from '../shared/AdminListPage';
import { ClientFilter } from '../shared/ClientFilter';
import type { GridRef } from '../shared/grid-ref';
import { DateRange } from './LogNarrowings';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** What a log page needs of the shell: the notifications, and whether the person is the provider administrator. */
export function useLogPageSession(): { notifications: NotificationsRef; providerAdmin: boolean } | undefined {
  const notifications = AppActor.useSelector(selectNotificationsRef);
  const sessionRef = AppActor.useSelector(selectSessionRef);
  const profile = useSelector(sessionRef, (s: SessionSnapshot | undefined) => (s ? selectProfile(s) : undefined));
  return notifications === undefined || profile === undefined
    ? undefined
    : { notifications, providerAdmin: profile.isAulAdmin };
}

/**
 * A log page (the audit log, the error log; issue 13): the shared admin list, read only, with Export, and beside the
 * filter the client (the provider administrator's; a client administrator sees their own client's rows only, which the
 * server enforces), the log's own narrowings and the days.
 */
export function LogScreen<Row>({
  definition,
  logic,
  notifications,
  providerAdmin,
  loadClients,
  narrowings,
  dialog,
}: {
  definition: AdminListDefinition<Row>;
  logic: GridLogic<Row>;
  notifications: NotificationsRef;
  providerAdmin: boolean;
  /** GET Client, for the provider administrator's client filter. */
  loadClients: () => Promise<readonly { id: string; name: string }[]>;
  /** The log's own narrowings before the days (the error log's level). */
  narrowings?: (gridRef: GridRef<Row>) => ReactNode;
  /** The row's detail dialog, for the grid's `editor` child. */
  dialog: (entryRef: AnyActorRef) => ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <AdminListScreen
      definition={definition}
      logic={logic}
      notifications={notifications}
      beside={(gridRef: GridRef<Row>) => (
        <HStack gap="3" wrap="wrap">
          {providerAdmin ? (
            <ClientFilter
              gridRef={gridRef}
              load={loadClients}
              label={i18n._(labels.Log_Field_Client)}
              allLabel={i18n._(labels.Log_Text_AllClients)}
            />
          ) : null}
          {narrowings ? narrowings(gridRef) : null}
          <DateRange gridRef={gridRef} />
        </HStack>
      )}
      dialog={dialog}
    />
  );
}
