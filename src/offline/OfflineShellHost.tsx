import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { selectApplying, selectUpdateReady } from '@machines/offline-shell/offline-shell.selectors';
import type { wireOfflineShell } from './wiring';

type OfflineShellLogic = ReturnType<typeof wireOfflineShell>;

/**
 * The offline shell's notice (machines/offline-shell): "a new version is available — reload". Renders nothing while
 * the release is current. A lost connection is the shell's connection-lost notice (src/ui/ConnectionNotice.tsx), which
 * covers nothing: a page the worker served offline keeps what it can show.
 */
export function OfflineShellHost({ logic }: { logic: OfflineShellLogic }) {
  const { t } = useLingui();
  const shellRef = useActorRef(logic);
  const updateReady = useSelector(shellRef, selectUpdateReady);
  const applying = useSelector(shellRef, selectApplying);
  return (
    <>
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
