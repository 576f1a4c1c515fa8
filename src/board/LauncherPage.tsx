import { Card, Heading, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { selectLauncherRef } from '@machines/app/app.selectors';
import type { launcherMachine } from '@machines/launcher/launcher.machine';
import { selectCards, selectHasFailed, selectIsDeciding } from '@machines/launcher/launcher.selectors';
import { AppActor } from '../app/AppActor';
import { labels } from '../i18n/labels';
import { ApplicationIcon } from './application-icon';

/** The board launcher (/board/index): a loader until the launcher decides, then cards two per row. */
export function LauncherPage() {
  const launcherRef = AppActor.useSelector(selectLauncherRef);
  return launcherRef ? <Launcher launcherRef={launcherRef} /> : null;
}

function Launcher({ launcherRef }: { launcherRef: ActorRefFrom<typeof launcherMachine> }) {
  const { i18n, t } = useLingui();
  const deciding = useSelector(launcherRef, selectIsDeciding);
  const cards = useSelector(launcherRef, selectCards);
  const failed = useSelector(launcherRef, selectHasFailed);
  if (deciding) {
    return (
      <Stack align="center" py="12" role="status">
        <Spinner size="xl" color="brand" />
        <Text>{i18n._(labels.Global_Text_Loading)}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t({ id: 'Board_Text_Title', message: 'My applications' })}
      </Heading>
      {failed ? (
        <Text color="fg.error" role="alert">
          {t({ id: 'Board_Text_LoadFailed', message: 'Your applications could not be loaded.' })}
        </Text>
      ) : null}
      <SimpleGrid columns={2} gap="4">
        {cards.map((application) => (
          <Card.Root
            key={application.id}
            as="button"
            cursor="pointer"
            textAlign="center"
            _hover={{ shadow: 'md' }}
            onClick={() => {
              launcherRef.send({ type: 'application.open', applicationId: application.id });
            }}
          >
            <Card.Body alignItems="center" gap="3">
              <ApplicationIcon identifier={application.iconIdentifier} />
              <Text fontWeight="semibold">{application.name}</Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
