import { HStack, Spinner, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { labels } from '../i18n/labels';

/** The small "Loading…" line a dialog or tab shows while its record is read (announced as a status). */
export function LoadingStatus() {
  const { i18n } = useLingui();
  return (
    <HStack role="status">
      <Spinner size="sm" />
      <Text>{i18n._(labels.Global_Text_Loading)}</Text>
    </HStack>
  );
}
