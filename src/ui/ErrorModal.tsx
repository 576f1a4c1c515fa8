import { Button, Collapsible, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { notificationsMachine } from '@machines/notifications/notifications.machine';
import { selectErrorModal } from '@machines/notifications/notifications.selectors';
import type { ErrorDetails } from '@machines/notifications/notifications.types';
import { labels } from '../i18n/labels';
import { HtmlLabel } from './HtmlLabel';
import { useText } from './use-text';

/**
 * The error modal (spec §2): heading, sanitised HTML messages, the error code line (absent in production builds),
 * a collapsible "Error Details" panel with the request id, and one closing button.
 */
export function ErrorModal({ notificationsRef }: { notificationsRef: ActorRefFrom<typeof notificationsMachine> }) {
  const modal = useSelector(notificationsRef, selectErrorModal);
  const text = useText();
  const { i18n } = useLingui();
  const dismiss = () => {
    notificationsRef.send({ type: 'modal.dismiss' });
  };
  return (
    <Dialog.Root
      open={modal !== undefined}
      role="alertdialog"
      onOpenChange={(details) => {
        if (!details.open) dismiss();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {modal ? (
            <Dialog.Content key={modal.id} data-testid="error-modal">
              <Dialog.Header>
                <Dialog.Title>{text(modal.heading)}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  {modal.messages.map((message, index) => (
                    // Messages have no identity of their own; their order is fixed for the life of the modal, so the index is stable.
                    <HtmlLabel key={index} html={text(message)} />
                  ))}
                  {modal.errorCode ? (
                    <Text fontSize="sm" color="fg.muted">
                      {i18n._(labels.Global_Text_ErrorCode)}: {modal.errorCode}
                    </Text>
                  ) : null}
                  {modal.details ? <ErrorDetailsPanel details={modal.details} /> : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button onClick={dismiss}>{text(modal.button)}</Button>
              </Dialog.Footer>
            </Dialog.Content>
          ) : null}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Collapsed until clicked: whether it is open is the widget's own state, not the flow's. */
function ErrorDetailsPanel({ details }: { details: ErrorDetails }) {
  const { i18n } = useLingui();
  return (
    <Collapsible.Root>
      <Collapsible.Trigger asChild>
        <Button variant="plain" size="sm" px="0">
          {i18n._(labels.Global_Text_ErrorDetails)}
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Stack gap="1" fontSize="sm" fontFamily="mono">
          {details.requestId ? (
            <Text>
              {i18n._(labels.Global_Text_RequestId)}: {details.requestId}
            </Text>
          ) : null}
          {details.lines.map((line) => (
            <Text key={line}>{line}</Text>
          ))}
        </Stack>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
