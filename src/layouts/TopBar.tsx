import { Flex, HStack, Heading, Image } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { selectSessionRef } from '@machines/app/app.selectors';
import type { sessionMachine } from '@machines/session/session.machine';
import { selectProfile } from '@machines/session/session.selectors';
import { logoUrl } from '../api/resources';
import { AppActor } from '../app/AppActor';
import { InitialsMenu } from './InitialsMenu';

/**
 * The 60 px top bar of the admin and board layouts (spec §2 "The top menu is 60 px high"): the menu button on small
 * admin screens, the logo, and the initials menu.
 */
export function TopBar({ area, menuButton = null }: { area: 'board' | 'admin'; menuButton?: ReactNode }) {
  const sessionRef = AppActor.useSelector(selectSessionRef);
  return (
    <Flex as="header" height="60px" align="center" justify="space-between" px="4" bg="brand" color="white">
      <HStack gap="2">
        {menuButton}
        <TopBarLogo sessionRef={sessionRef} />
        <Heading as="p" size="md">
          <Trans id="Shell_Text_ProductName">Gatehouse</Trans>
        </Heading>
      </HStack>
      <InitialsMenu area={area} />
    </Flex>
  );
}

/**
 * The logo (admin-and-board §2 "Top bar with a logo"): the signed-in person's client's (GET resource/logo), which the
 * server answers with the global logo, else the product's mark, when the client has none.
 */
function TopBarLogo({ sessionRef }: { sessionRef: ActorRefFrom<typeof sessionMachine> | undefined }) {
  const { t } = useLingui();
  const profile = useSelector(sessionRef, (s) => (s ? selectProfile(s) : undefined));
  return (
    <Image
      src={logoUrl(profile?.clientId)}
      alt={t({ id: 'Shell_Text_ClientLogo', message: 'Client logo' })}
      height="40px"
      maxWidth="160px"
      objectFit="contain"
      // Logos are drawn for a light page (the login page's card): on the coloured bar they sit on a light tile of
      // their own, or a dark wordmark is lost on the bar.
      bg="white"
      borderRadius="md"
      px="1.5"
      py="1"
    />
  );
}
