import { Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { EventHook, EventHookDelivery } from '@contracts/admin/event-hooks';
import {
  selectDeliveries,
  selectDeliveriesReading,
  selectDeliveriesUnread,
} from '@machines/event-hooks/event-hooks.selectors';
import { labels } from '@src/i18n/admin-labels';
import { withValues } from '@src/i18n/with-values';
import { whenText } from '../logs/log-text';
import { LoadingLine } from '../shared/ResourcePage';
import type { EventHooksRef } from './hooks-ref';

const statusLabels = {
  PENDING: labels.EventHook_Text_Pending,
  DELIVERED: labels.EventHook_Text_Delivered,
  FAILED: labels.EventHook_Text_Failed,
} as const;

const when = (at: string | null, i18n: I18n) => (at === null ? '' : whenText(at, i18n));

/** One hook's latest deliveries: event, status, attempts, last error, next retry, delivered at; Refresh and Close. */
export function DeliveryLog({ hooks, hook }: { hooks: EventHooksRef; hook: EventHook }) {
  const { i18n } = useLingui();
  const rows = useSelector(hooks, selectDeliveries);
  const reading = useSelector(hooks, selectDeliveriesReading);
  const unread = useSelector(hooks, selectDeliveriesUnread);
  const title = i18n._(withValues(labels.EventHook_Text_DeliveriesTitle, { name: hook.name }));
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      <HStack>
        <Button
          size="sm"
          disabled={reading}
          aria-busy={reading}
          onClick={() => {
            hooks.send({ type: 'deliveries.refresh' });
          }}
        >
          {i18n._(labels.EventHook_Button_Refresh)}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            hooks.send({ type: 'deliveries.close' });
          }}
        >
          {i18n._(labels.EventHook_Button_Close)}
        </Button>
      </HStack>
      {reading ? (
        <LoadingLine text={i18n._(labels.EventHook_Text_DeliveriesLoading)} />
      ) : unread ? (
        <Text color="fg.error">{i18n._(labels.EventHook_Text_DeliveriesFailed)}</Text>
      ) : rows.length === 0 ? (
        <Text>{i18n._(labels.EventHook_Text_NoDeliveries)}</Text>
      ) : (
        <DeliveryTable rows={rows} label={title} />
      )}
    </Stack>
  );
}

function DeliveryTable({ rows, label }: { rows: EventHookDelivery[]; label: string }) {
  const { i18n } = useLingui();
  return (
    <Table.Root size="sm" aria-label={label}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{i18n._(labels.EventHook_Field_EventType)}</Table.ColumnHeader>
          <Table.ColumnHeader>{i18n._(labels.EventHook_Field_EventId)}</Table.ColumnHeader>
          <Table.ColumnHeader>{i18n._(labels.EventHook_Field_Status)}</Table.ColumnHeader>
          <Table.ColumnHeader>{i18n._(labels.EventHook_Field_Attempts)}</Table.ColumnHeader>
          <Table.ColumnHeader>{i18n._(labels.EventHook_Field_LastError)}</Table.ColumnHeader>
          <Table.ColumnHeader>{i18n._(labels.EventHook_Field_NextAttempt)}</Table.ColumnHeader>
          <Table.ColumnHeader>{i18n._(labels.EventHook_Field_DeliveredAt)}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row.id} data-delivery={row.id}>
            <Table.Cell fontFamily="mono">{row.eventType}</Table.Cell>
            <Table.Cell fontFamily="mono">{row.eventId}</Table.Cell>
            <Table.Cell>{i18n._(statusLabels[row.status])}</Table.Cell>
            <Table.Cell>{row.attempts}</Table.Cell>
            <Table.Cell wordBreak="break-word">{row.lastError ?? ''}</Table.Cell>
            <Table.Cell>{when(row.nextAttemptAt, i18n)}</Table.Cell>
            <Table.Cell>{when(row.deliveredAt, i18n)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
