import { Box, chakra, HStack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import type { MessageDescriptor } from '@lingui/core';
import type { SignInBucket } from '@contracts/dashboard';
import { seriesPeak } from '@machines/dashboard/dashboard.selectors';
import { labels } from '@src/i18n/admin-labels';

const HEIGHT = 120;
const BAR = 10;
const GAP = 4;

// A message with values is made apart from `i18n._`, as the extractor reads descriptors written inside the call.
const barText = (when: string, { signIns, failures }: { signIns: number; failures: number }) => ({
  ...labels.Dashboard_Text_Bar,
  values: { when, signIns, failures },
});

/**
 * Sign-ins and failures of each hour or day as pairs of bars: a small SVG of our own (Chakra's charts need recharts,
 * which this project does not ship), in the admin chunk only. Each pair names its counts (its `<title>`), so the
 * figures are there for a screen reader and on hover, not only as heights.
 */
export function SignInChart({
  title,
  buckets,
  when,
}: {
  title: MessageDescriptor;
  buckets: readonly SignInBucket[];
  /** How a bucket's start reads (an hour or a day). */
  when: (at: string) => string;
}) {
  const { i18n } = useLingui();
  const peak = seriesPeak(buckets);
  const height = (count: number) => Math.round((count / peak) * HEIGHT);
  const slot = 2 * BAR + GAP;
  return (
    <Box as="figure" overflowX="auto">
      <chakra.svg
        role="img"
        aria-label={i18n._(title)}
        viewBox={`0 0 ${String(buckets.length * slot)} ${String(HEIGHT)}`}
        width="100%"
        height={`${String(HEIGHT)}px`}
        preserveAspectRatio="none"
      >
        {buckets.map((bucket, index) => (
          <g key={bucket.at} data-bucket={bucket.at}>
            <title>{i18n._(barText(when(bucket.at), bucket))}</title>
            <chakra.rect
              x={index * slot}
              y={HEIGHT - height(bucket.signIns)}
              width={BAR}
              height={height(bucket.signIns)}
              fill="blue.solid"
            />
            <chakra.rect
              x={index * slot + BAR}
              y={HEIGHT - height(bucket.failures)}
              width={BAR}
              height={height(bucket.failures)}
              fill="red.solid"
            />
          </g>
        ))}
      </chakra.svg>
      <HStack as="figcaption" gap="4" fontSize="sm" color="fg.muted">
        <Text>{i18n._(title)}</Text>
        <HStack gap="1">
          <Box boxSize="3" bg="blue.solid" />
          <Text>{i18n._(labels.Dashboard_Text_SignIns)}</Text>
        </HStack>
        <HStack gap="1">
          <Box boxSize="3" bg="red.solid" />
          <Text>{i18n._(labels.Dashboard_Text_Failures)}</Text>
        </HStack>
      </HStack>
    </Box>
  );
}
