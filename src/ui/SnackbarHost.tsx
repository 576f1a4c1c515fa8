import { Alert, Box, CloseButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { notificationsMachine } from '@machines/notifications/notifications.machine';
import { selectSnackbar } from '@machines/notifications/notifications.selectors';
import { labels } from '../i18n/labels';
import { useText } from './use-text';

/** The snackbar on screen, top and centre (spec §2). The machine decides which one and for how long. */
export function SnackbarHost({ notificationsRef }: { notificationsRef: ActorRefFrom<typeof notificationsMachine> }) {
  const snackbar = useSelector(notificationsRef, selectSnackbar);
  const text = useText();
  const { i18n } = useLingui();
  if (!snackbar) return null;
  return (
    <Box position="fixed" top="4" left="50%" transform="translateX(-50%)" zIndex="toast" width="min(32rem, 92vw)">
      <Alert.Root status={snackbar.type} variant="solid" data-testid="snackbar" key={snackbar.id}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{text(snackbar.title)}</Alert.Title>
          <Alert.Description>{text(snackbar.message)}</Alert.Description>
        </Alert.Content>
        {snackbar.dismissable ? (
          <CloseButton
            size="sm"
            aria-label={i18n._(labels.Global_Button_Close)}
            onClick={() => {
              notificationsRef.send({ type: 'snackbar.dismiss' });
            }}
          />
        ) : null}
      </Alert.Root>
    </Box>
  );
}
