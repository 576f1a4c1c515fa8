import { Box, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import type { ErrorEntry } from '@contracts/error-log';
import { labels } from '@src/i18n/admin-labels';
import { withValues } from '../../i18n/with-values';
import { EntryFacts } from './EntryFacts';
import { LogEntryFrame, type EntryRef } from './LogEntryFrame';
import { clientText, whenText } from './log-text';

/** An error in detail: everything the SPA reported (the message, where, on which device) and its full details. */
export function ErrorEntryDialog({ entryRef }: { entryRef: EntryRef<ErrorEntry> }) {
  const { i18n } = useLingui();
  return (
    <LogEntryFrame
      entryRef={entryRef}
      title={(entry) =>
        entry === undefined
          ? i18n._(labels.Log_Text_ErrorTitle)
          : i18n._(withValues(labels.Log_Text_ErrorEntryTitle, { code: entry.code }))
      }
      body={(entry) => (
        <Stack gap="4">
          <EntryFacts
            facts={[
              { name: i18n._(labels.Log_Field_When), value: whenText(entry.at, i18n) },
              { name: i18n._(labels.Log_Field_Level), value: entry.level },
              { name: i18n._(labels.Log_Field_Code), value: entry.code },
              { name: i18n._(labels.Log_Field_Message), value: entry.message },
              { name: i18n._(labels.Log_Field_Page), value: entry.locationUrl },
              { name: i18n._(labels.Log_Field_Device), value: entry.deviceInfo },
              { name: i18n._(labels.Log_Field_Client), value: clientText(entry.clientName, i18n) },
              { name: i18n._(labels.Log_Field_Application), value: entry.applicationName },
              { name: i18n._(labels.Log_Field_ErrorAction), value: entry.action },
              { name: i18n._(labels.Log_Field_Environment), value: entry.environment },
              { name: i18n._(labels.Log_Field_RequestId), value: entry.requestId ?? '' },
              { name: i18n._(labels.Log_Field_User), value: entry.userId ?? '' },
            ]}
          />
          <Box as="section" aria-label={i18n._(labels.Log_Field_Details)}>
            <Text fontWeight="semibold">{i18n._(labels.Log_Field_Details)}</Text>
            <Box as="pre" whiteSpace="pre-wrap" wordBreak="break-all" fontSize="sm" bg="bg.muted" p="3" rounded="md">
              {entry.details === '' ? '—' : entry.details}
            </Box>
          </Box>
        </Stack>
      )}
    />
  );
}
