import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import type { MessageDescriptor } from '@lingui/core';
import type { DashboardFigures } from '@contracts/dashboard';
import { labels } from '@src/i18n/admin-labels';

const sum = (buckets: DashboardFigures['hours'], count: 'signIns' | 'failures') =>
  buckets.reduce((total, bucket) => total + bucket[count], 0);

/** The headline numbers: the last 24 hours' sign-ins and failures, the 30 days' lockouts and active people. */
export function FigureTiles({ figures }: { figures: DashboardFigures }) {
  const tiles: [string, MessageDescriptor, number][] = [
    ['signIns', labels.Dashboard_Text_SignInsDay, sum(figures.hours, 'signIns')],
    ['failures', labels.Dashboard_Text_FailuresDay, sum(figures.hours, 'failures')],
    ['lockouts', labels.Dashboard_Text_Lockouts, figures.lockouts],
    ['activePeople', labels.Dashboard_Text_ActivePeople, figures.activePeople],
  ];
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
      {tiles.map(([key, label, value]) => (
        <Tile key={key} id={key} label={label} value={value} />
      ))}
    </SimpleGrid>
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
