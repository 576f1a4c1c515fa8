import { Alert, Box } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { notificationsMachine } from '@machines/notifications/notifications.machine';
import { selectIsConnectionLost } from '@machines/notifications/notifications.selectors';

/**
 * The connection-lost notice (issue 29 §3): one line at the bottom of every page while calls get no answer. It says
 * that the page carries on by itself, and, to a signed-in person, that they are still signed in (never to somebody on
 * a public page, who is not); the flows that failed for the network try again on their own (docs/spa.md "A
 * connection that drops"). It covers nothing: what was on screen stays usable.
 */
export function ConnectionNotice({
  notificationsRef,
  signedIn,
}: {
  notificationsRef: ActorRefFrom<typeof notificationsMachine>;
  signedIn: boolean;
}) {
  const lost = useSelector(notificationsRef, selectIsConnectionLost);
  const { t } = useLingui();
  if (!lost) return null;
  return (
    <Box position="fixed" bottom="4" left="50%" transform="translateX(-50%)" zIndex="toast" width="min(36rem, 92vw)">
      <Alert.Root status="warning" data-testid="connection-lost">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t({ id: 'Shell_Text_ConnectionLost', message: 'The connection is lost.' })}</Alert.Title>
          <Alert.Description>
            {signedIn
              ? t({
                  id: 'Shell_Text_ConnectionLostMessage',
                  message: 'You are still signed in. This page carries on by itself as soon as the connection is back.',
                })
              : t({
                  id: 'Shell_Text_ConnectionLostPublicMessage',
                  message: 'This page carries on by itself as soon as the connection is back.',
                })}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </Box>
  );
}
