import { Button, HStack, Table, Text } from '@chakra-ui/react';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { EventHook } from '@contracts/admin/event-hooks';
import type { EventHookChange } from '@machines/event-hooks/event-hooks.machine';
import {
  selectChanging,
  selectHooks,
  selectMayChange,
  selectMayDelete,
  selectMayOpenDeliveries,
} from '@machines/event-hooks/event-hooks.selectors';
import { labels } from '@src/i18n/admin-labels';
import type { EventHooksRef } from './hooks-ref';

const statusText = (hook: EventHook, i18n: I18n) =>
  i18n._(hook.status === 'ACTIVE' ? labels.EventHook_Text_Active : labels.EventHook_Text_Inactive);
const verificationText = (hook: EventHook, i18n: I18n) =>
  i18n._(hook.verificationStatus === 'VERIFIED' ? labels.EventHook_Text_Verified : labels.EventHook_Text_Unverified);

const changeLabels = {
  verify: labels.EventHook_Button_Verify,
  activate: labels.EventHook_Button_Activate,
  deactivate: labels.EventHook_Button_Deactivate,
} as const;

/** The hooks: name, endpoint, event types, status and verification, and what each row may do now. */
export function HookTable({ hooks }: { hooks: EventHooksRef }) {
  const { i18n } = useLingui();
  const rows = useSelector(hooks, selectHooks);
  const snapshot = useSelector(hooks, (s) => s);
  const changing = useSelector(hooks, selectChanging);
  if (rows.length === 0) return <Text>{i18n._(labels.EventHook_Text_None)}</Text>;
  const changeButton = (hook: EventHook, change: EventHookChange) =>
    selectMayChange(snapshot, hook.id, change) || (changing?.id === hook.id && changing.change === change) ? (
      <Button
        size="xs"
        variant="outline"
        aria-label={`${i18n._(changeLabels[change])} ${hook.name}`}
        aria-busy={changing?.id === hook.id && changing.change === change}
        disabled={changing !== undefined}
        onClick={() => {
          hooks.send({ type: `hook.${change}`, id: hook.id });
        }}
      >
        {i18n._(changeLabels[change])}
      </Button>
    ) : null;
  return (
    <Table.Root size="sm" aria-label={i18n._(labels.EventHook_Text_Title)}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{i18n._(labels.EventHook_Field_Name)}</Table.ColumnHeader>
          <Table.ColumnHeader>{i18n._(labels.EventHook_Field_Uri)}</Table.ColumnHeader>
          <Table.ColumnHeader>{i18n._(labels.EventHook_Field_EventTypes)}</Table.ColumnHeader>
          <Table.ColumnHeader>{i18n._(labels.EventHook_Field_Status)}</Table.ColumnHeader>
          <Table.ColumnHeader>{i18n._(labels.EventHook_Field_Verification)}</Table.ColumnHeader>
          <Table.ColumnHeader />
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((hook) => (
          <Table.Row key={hook.id} data-hook={hook.id}>
            <Table.Cell>{hook.name}</Table.Cell>
            <Table.Cell wordBreak="break-all">{hook.uri}</Table.Cell>
            <Table.Cell>
              <Text fontFamily="mono" fontSize="xs">
                {hook.eventTypes.join(', ')}
              </Text>
            </Table.Cell>
            <Table.Cell>{statusText(hook, i18n)}</Table.Cell>
            <Table.Cell>{verificationText(hook, i18n)}</Table.Cell>
            <Table.Cell>
              <HStack wrap="wrap" gap="1">
                {changeButton(hook, 'verify')}
                {changeButton(hook, 'activate')}
                {changeButton(hook, 'deactivate')}
                {selectMayOpenDeliveries(snapshot, hook.id) ? (
                  <Button
                    size="xs"
                    variant="outline"
                    aria-label={`${i18n._(labels.EventHook_Button_Deliveries)} ${hook.name}`}
                    onClick={() => {
                      hooks.send({ type: 'deliveries.open', id: hook.id });
                    }}
                  >
                    {i18n._(labels.EventHook_Button_Deliveries)}
                  </Button>
                ) : null}
                {selectMayDelete(snapshot, hook.id) ? (
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    aria-label={`${i18n._(labels.EventHook_Button_Delete)} ${hook.name}`}
                    onClick={() => {
                      hooks.send({ type: 'delete.ask', id: hook.id });
                    }}
                  >
                    {i18n._(labels.EventHook_Button_Delete)}
                  </Button>
                ) : null}
              </HStack>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
