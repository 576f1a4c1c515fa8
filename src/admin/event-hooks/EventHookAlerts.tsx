import { Alert, Button, HStack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { EventHook } from '@contracts/admin/event-hooks';
import { selectIsDeleting } from '@machines/event-hooks/event-hooks.selectors';
import { labels } from '@src/i18n/admin-labels';
import { withValues } from '@src/i18n/with-values';
import type { EventHooksRef } from './hooks-ref';

/** The new hook's signing secret, this once. */
export function ShownSecret({ hooks, secret }: { hooks: EventHooksRef; secret: string }) {
  const { i18n } = useLingui();
  return (
    <Alert.Root status="success" role="region" aria-label={i18n._(labels.EventHook_Text_SecretTitle)}>
      <Alert.Content gap="2">
        <Alert.Title>{i18n._(labels.EventHook_Text_SecretTitle)}</Alert.Title>
        <Alert.Description>{i18n._(labels.EventHook_Text_SecretOnce)}</Alert.Description>
        <Text data-testid="event-hook-secret" fontFamily="mono" wordBreak="break-all">
          {secret}
        </Text>
        <HStack>
          <Button
            size="sm"
            onClick={() => {
              hooks.send({ type: 'secret.dismiss' });
            }}
          >
            {i18n._(labels.EventHook_Button_Done)}
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}

/** Delete asks first, naming the hook. */
export function DeleteQuestion({ hooks, hook }: { hooks: EventHooksRef; hook: EventHook }) {
  const { i18n } = useLingui();
  const deleting = useSelector(hooks, selectIsDeleting);
  return (
    <Alert.Root status="warning" role="alertdialog" aria-label={i18n._(labels.EventHook_Button_ConfirmDelete)}>
      <Alert.Content gap="2">
        <Alert.Description>
          {i18n._(withValues(labels.EventHook_Text_DeleteQuestion, { name: hook.name }))}
        </Alert.Description>
        <HStack>
          <Button
            size="sm"
            colorPalette="red"
            disabled={deleting}
            aria-busy={deleting}
            onClick={() => {
              hooks.send({ type: 'delete.confirm' });
            }}
          >
            {i18n._(labels.EventHook_Button_ConfirmDelete)}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={deleting}
            onClick={() => {
              hooks.send({ type: 'delete.cancel' });
            }}
          >
            {i18n._(labels.EventHook_Button_Cancel)}
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}
