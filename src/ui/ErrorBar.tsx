import { Alert, CloseButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { notificationsMachine } from '@machines/notifications/notifications.machine';
import { selectErrorBar } from '@machines/notifications/notifications.selectors';
import { labels } from '../i18n/labels';
import { useText } from './use-text';

/** The admin layout's error bar (admin-and-board §2): one message under the top bar. */
export function ErrorBar({ notificationsRef }: { notificationsRef: ActorRefFrom<typeof notificationsMachine> }) {
  const bar = useSelector(notificationsRef, selectErrorBar);
  const text = useText();
  const { i18n } = useLingui();
  if (!bar) return null;
  return (
    <Alert.Root status="error" borderRadius="0" data-testid="error-bar">
      <Alert.Indicator />
      <Alert.Title flex="1">{text(bar.message)}</Alert.Title>
      <CloseButton
        size="sm"
        aria-label={i18n._(labels.Global_Button_Close)}
        onClick={() => {
          notificationsRef.send({ type: 'errorBar.dismiss' });
        }}
      />
    </Alert.Root>
  );
}
