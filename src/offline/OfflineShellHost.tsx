import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { selectApplying, selectIsOffline, selectUpdateReady } from '@machines/offline-shell/offline-shell.selectors';
import type { wireOfflineShell } from './wiring';

type OfflineShellLogic = ReturnType<typeof wireOfflineShell>;

/**
 * The offline shell's two notices (machines/offline-shell): a page that says the browser is offline, over whatever
 * was on screen, and "a new version is available — reload". Renders nothing while online and current.
 */
export function OfflineShellHost({ logic, online }: { logic: OfflineShellLogic; online: boolean }) {
  const { t } = useLingui();
  const shellRef = useActorRef(logic, { input: { online } });
  const offline = useSelector(shellRef, selectIsOffline);
  const updateReady = useSelector(shellRef, selectUpdateReady);
  const applying = useSelector(shellRef, selectApplying);
  return (
    <>
      {offline ? (
        <Box position="fixed" inset="0" zIndex="overlay" bg="bg" display="grid" placeItems="center" p="6">
          <Stack role="alert" gap="3" maxW="32rem" textAlign="center" data-testid="offline-page">
            <Heading as="h1" size="xl">
              {t({ id: 'Offline_Text_Title', message: 'You are offline' })}
            </Heading>
            <Text>
              {t({
                id: 'Offline_Text_Message',
                message:
                  'Gatehouse needs a connection. This page comes back by itself as soon as you are online again.',
              })}
            </Text>
          </Stack>
        </Box>
      ) : null}
      {updateReady || applying ? (
        <Box
          position="fixed"
          bottom="4"
          left="50%"
          transform="translateX(-50%)"
          zIndex="toast"
          width="min(32rem, 92vw)"
        >
          <Stack
            direction="row"
            role="status"
            align="center"
            justify="space-between"
            gap="4"
            p="3"
            borderRadius="md"
            bg="bg.inverted"
            color="fg.inverted"
          >
            <Text>{t({ id: 'Offline_Text_UpdateReady', message: 'A new version of Gatehouse is available.' })}</Text>
            <Button
              size="sm"
              loading={applying}
              onClick={() => {
                shellRef.send({ type: 'update.apply' });
              }}
            >
              {t({ id: 'Offline_Button_Reload', message: 'Reload' })}
            </Button>
          </Stack>
        </Box>
      ) : null}
    </>
  );
}
