import { Flex, HStack, Heading } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { InitialsMenu } from './InitialsMenu';

/**
 * The 60 px top bar of the admin and board layouts (spec §2 "The top menu is 60 px high"): the menu button on small
 * admin screens, the logo, and the initials menu.
 */
export function TopBar({ area, menuButton = null }: { area: 'board' | 'admin'; menuButton?: ReactNode }) {
  return (
    <Flex as="header" height="60px" align="center" justify="space-between" px="4" bg="brand" color="white">
      <HStack gap="2">
        {menuButton}
        <Heading as="p" size="md">
          <Trans id="Shell_Text_ProductName">Gatehouse</Trans>
        </Heading>
      </HStack>
      <InitialsMenu area={area} />
    </Flex>
  );
}
