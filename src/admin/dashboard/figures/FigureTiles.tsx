import { Box, Link, SimpleGrid, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useLingui as useMacroLingui } from '@lingui/react/macro';
import { Link as RouterLink } from 'wouter';
import type { MessageDescriptor } from '@lingui/core';
import type { DashboardFigures } from '@contracts/dashboard';
import { paths } from '@src/app/routes';
import { labels } from '@src/i18n/admin-labels';

const sum = (buckets: DashboardFigures['hours'], count: 'signIns' | 'failures') =>
  buckets.reduce((total, bucket) => total + bucket[count], 0);

/**
 * The headline numbers: the last 24 hours' sign-ins and failures, the 30 days' lockouts and active people, and the
 * access requests waiting for a decision (a link to Manage users, where they are decided).
 */
export function FigureTiles({ figures }: { figures: DashboardFigures }) {
  const tiles: [string, MessageDescriptor, number][] = [
    ['signIns', labels.Dashboard_Text_SignInsDay, sum(figures.hours, 'signIns')],
    ['failures', labels.Dashboard_Text_FailuresDay, sum(figures.hours, 'failures')],
    ['lockouts', labels.Dashboard_Text_Lockouts, figures.lockouts],
    ['activePeople', labels.Dashboard_Text_ActivePeople, figures.activePeople],
  ];
  return (
    <SimpleGrid columns={{ base: 2, md: 5 }} gap="4">
      {tiles.map(([key, label, value]) => (
        <Tile key={key} id={key} label={label} value={value} />
      ))}
      <AccessRequestsTile open={figures.openAccessRequests} />
    </SimpleGrid>
  );
}

function AccessRequestsTile({ open }: { open: number }) {
  const { i18n, t } = useMacroLingui();
  return (
    <Box borderWidth="1px" borderRadius="md" padding="3" data-figure="openAccessRequests">
      <Text fontSize="sm" color="fg.muted">
        {t({ id: 'Dashboard_Text_OpenAccessRequests', message: 'Access requests waiting' })}
      </Text>
      <Text fontSize="2xl" fontWeight="semibold">
        {i18n.number(open)}
      </Text>
      <Link asChild color="brand" fontWeight="semibold" fontSize="sm">
        <RouterLink href={paths.manageUsers()}>
          {t({ id: 'Dashboard_Link_AccessRequests', message: 'Decide in Manage users' })}
        </RouterLink>
      </Link>
    </Box>
  );
}

function Tile({ id, label, value }: { id: string; label: MessageDescriptor; value: number }) {
  const { i18n } = useLingui();
  return (
    // Plain boxes rather than Chakra's Stat: its recipe is not in the trimmed system (src/ui/system.ts).
    <Box borderWidth="1px" borderRadius="md" padding="3" data-figure={id}>
      <Text fontSize="sm" color="fg.muted">
        {i18n._(label)}
      </Text>
      <Text fontSize="2xl" fontWeight="semibold">
        {i18n.number(value)}
      </Text>
    </Box>
  );
}
