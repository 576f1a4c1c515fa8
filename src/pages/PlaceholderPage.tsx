import { Heading, Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';

/**
 * A page whose behaviour a later issue builds: its title and an honest note, nothing that looks like it works.
 */
export function PlaceholderPage({ title }: { title: MessageDescriptor }) {
  const { i18n } = useLingui();
  return (
    <Stack gap="3" data-testid="placeholder-page">
      <Heading as="h1" size="2xl">
        {i18n._(title)}
      </Heading>
      <Text color="fg.muted">
        <Trans id="Shell_Text_ArrivesLater">This page arrives with a later release of Gatehouse.</Trans>
      </Text>
    </Stack>
  );
}
