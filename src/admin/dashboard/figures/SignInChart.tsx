import { Box, chakra, Grid, HStack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import type { MessageDescriptor } from '@lingui/core';
import type { SignInBucket } from '@contracts/dashboard';
import { chartTicks, seriesPeak } from '@machines/dashboard/dashboard.selectors';
import { labels } from '@src/i18n/admin-labels';

const HEIGHT = 120;
const BAR = 10;
const GAP = 4;
/** The counts' column as wide as its widest, the drawing the rest (and allowed to be narrower than its content). */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS grid template, not a text a person reads
const AXIS_COLUMNS = 'auto minmax(0, 1fr)';

// A message with values is made apart from `i18n._`, as the extractor reads descriptors written inside the call.
const barText = (when: string, { signIns, failures }: { signIns: number; failures: number }) => ({
  ...labels.Dashboard_Text_Bar,
  values: { when, signIns, failures },
});

/** Where a share of the plot's width or height sits, as CSS. */
const percent = (share: number) => `${String(Math.round(share * 10_000) / 100)}%`;

/**
 * Sign-ins and failures of each hour or day as pairs of bars: a small SVG of our own (Chakra's charts need recharts,
 * which this project does not ship), in the admin chunk only. Each pair names its counts (its `<title>`), so the
 * figures are there for a screen reader and on hover, not only as heights. The axes are HTML beside the drawing (the
 * drawing stretches to its box; text inside it would stretch too): counts up the side with their unit, a light line
 * at each, and the first, middle and last hour or day along the bottom with the axis' name (issue 29 §5).
 */
export function SignInChart({
  title,
  axis,
  buckets,
  when,
}: {
  title: MessageDescriptor;
  /** The name of the time axis, with its unit ("Hour (UTC)"). */
  axis: MessageDescriptor;
  buckets: readonly SignInBucket[];
  /** How a bucket's start reads (an hour or a day). */
  when: (at: string) => string;
}) {
  const { i18n } = useLingui();
  const peak = seriesPeak(buckets);
  const height = (count: number) => Math.round((count / peak) * HEIGHT);
  const slot = 2 * BAR + GAP;
  const width = buckets.length * slot;
  const ticks = chartTicks(peak);
  const marks = [...new Set([0, Math.floor((buckets.length - 1) / 2), buckets.length - 1])].filter(
    (index) => index >= 0,
  );
  return (
    <Box as="figure" minWidth="0">
      <Grid templateColumns={AXIS_COLUMNS} columnGap="2" fontSize="xs" color="fg.muted">
        <Text gridColumn="1 / -1" mb="1">
          {i18n._(labels.Dashboard_Text_CountAxis)}
        </Text>
        {/* The counts: the drawing's `<title>`s say the same to a screen reader, so these are for the eye. */}
        <Box position="relative" height={`${String(HEIGHT)}px`} minWidth="6" aria-hidden="true">
          {ticks.map((tick) => (
            <Text
              key={tick}
              position="absolute"
              insetEnd="0"
              top={percent(1 - tick / peak)}
              transform="translateY(-50%)"
              lineHeight="1"
              data-tick={tick}
            >
              {i18n.number(tick)}
            </Text>
          ))}
        </Box>
        <chakra.svg
          role="img"
          aria-label={i18n._(title)}
          viewBox={`0 0 ${String(width)} ${String(HEIGHT)}`}
          width="100%"
          height={`${String(HEIGHT)}px`}
          preserveAspectRatio="none"
          borderInlineStartWidth="1px"
          borderBottomWidth="1px"
          borderColor="border.emphasized"
          overflow="visible"
        >
          {ticks
            .filter((tick) => tick > 0)
            .map((tick) => (
              <chakra.line
                key={tick}
                x1={0}
                x2={width}
                y1={HEIGHT - height(tick)}
                y2={HEIGHT - height(tick)}
                stroke="border"
                strokeWidth="1"
                vectorEffect="non-scaling-stroke"
              />
            ))}
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
        <Box gridColumn="2" position="relative" height="5" mt="1" aria-hidden="true">
          {marks.map((index, nth) => {
            const bucket = buckets[index];
            if (bucket === undefined) return null;
            // The first label starts at its bars, the last ends at them, the middle one is centred on them.
            const shift = nth === 0 ? '0' : nth === marks.length - 1 ? '-100%' : '-50%';
            const at =
              nth === 0 ? index * slot : nth === marks.length - 1 ? (index + 1) * slot - GAP : index * slot + BAR;
            return (
              <Text
                key={bucket.at}
                position="absolute"
                insetStart={percent(at / width)}
                transform={`translateX(${shift})`}
                whiteSpace="nowrap"
              >
                {when(bucket.at)}
              </Text>
            );
          })}
        </Box>
        <Text gridColumn="2" textAlign="center">
          {i18n._(axis)}
        </Text>
      </Grid>
      <HStack as="figcaption" gap="4" mt="2" fontSize="sm" color="fg.muted" wrap="wrap">
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
