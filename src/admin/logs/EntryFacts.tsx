import { Box, Grid } from '@chakra-ui/react';

/** A detail's facts, each a name and its value (an empty value shows as a dash), as a description list. */
export function EntryFacts({ facts }: { facts: readonly { name: string; value: string }[] }) {
  return (
    <Grid as="dl" templateColumns="repeat(2,auto)" justifyContent="start" columnGap="4" rowGap="1" fontSize="sm">
      {facts.map((fact) => (
        <Box key={fact.name} display="contents">
          <Box as="dt" color="fg.muted">
            {fact.name}
          </Box>
          <Box as="dd" wordBreak="break-all">
            {fact.value === '' ? '—' : fact.value}
          </Box>
        </Box>
      ))}
    </Grid>
  );
}
