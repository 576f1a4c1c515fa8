import { Heading, Spinner, Stack } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { labels } from '../i18n/labels';

/**
 * The pages a person only passes through: login/callback (the code is exchanged, the profile validated) and Logout
 * (the session ends). The flows behind them move on by themselves; this only says what is happening.
 */
export function TransitPage({ title }: { title: MessageDescriptor }) {
  const { i18n } = useLingui();
  return (
    <Stack align="center" gap="4" role="status" aria-live="polite">
      <Heading as="h1" size="2xl">
        {i18n._(title)}
      </Heading>
      <Spinner size="xl" color="brand" aria-label={i18n._(labels.Global_Text_Loading)} />
    </Stack>
  );
}
