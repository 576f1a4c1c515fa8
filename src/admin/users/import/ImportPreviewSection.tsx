import { chakra, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { importModes, type ImportMode } from '@contracts/user-import';
import {
  selectMayCommit,
  selectMayInvite,
  selectNewPeople,
  selectNothingToImport,
  selectPreview,
} from '@machines/user-import/user-import.selectors';
import { labels } from '@src/i18n/admin-labels';
import { ImportEventButton } from './ImportEventButton';
import { useProblemText } from './use-problem-text';
import type { ImportRef } from './ImportUsersPanel';

const modeLabels = {
  upsert: labels.Import_Option_Upsert,
  create: labels.Import_Option_Create,
  update: labels.Import_Option_Update,
} satisfies Record<ImportMode, unknown>;

// A message with values is made apart from `i18n._`, as the extractor reads descriptors written inside the call.
const inviteText = (count: number) => ({ ...labels.Import_Button_Invite, values: { count } });

/**
 * The dry run: the counts, every failing row (line, column, and the field's own message in the reader's language), how
 * to commit it (Import disabled when the mode would import nobody), or invite its new people.
 */
export function ImportPreviewSection({ importRef }: { importRef: ImportRef }) {
  const { i18n } = useLingui();
  const preview = useSelector(importRef, selectPreview);
  const newPeople = useSelector(importRef, selectNewPeople);
  const mayInvite = useSelector(importRef, selectMayInvite);
  const nothingToImport = useSelector(importRef, selectNothingToImport);
  const problemText = useProblemText();
  // Which mode the person picks before committing is a widget's value, not flow state: the flow takes it with the commit.
  const [mode, setMode] = useState<ImportMode>('upsert');
  const mayCommit = useSelector(importRef, (s) => selectMayCommit(s, mode));
  if (preview === null) return null;
  const { counts, problems } = preview;
  const tally = [
    [labels.Import_Text_CountNew, counts.new],
    [labels.Import_Text_CountUpdated, counts.updated],
    [labels.Import_Text_CountUnchanged, counts.unchanged],
    [labels.Import_Text_CountFailed, counts.failed],
  ] as const;
  return (
    <Stack gap="3" data-testid="import-preview">
      <Text>{i18n._(labels.Import_Text_Preview)}</Text>
      <HStack gap="6" aria-label="counts">
        {tally.map(([label, value]) => (
          <Text key={label.id} data-testid={`count-${label.id}`}>
            {i18n._(label)}: <chakra.strong>{value}</chakra.strong>
          </Text>
        ))}
      </HStack>
      {nothingToImport ? (
        <Text role="alert" color="fg.error" data-testid="import-nothing">
          {i18n._(labels.Import_Text_NothingToImport)}
        </Text>
      ) : null}
      {problems.length === 0 ? (
        <Text color="fg.muted">{i18n._(labels.Import_Text_NoProblems)}</Text>
      ) : (
        <Table.ScrollArea maxHeight="80" borderWidth="1px">
          <Table.Root size="sm" stickyHeader aria-label={i18n._(labels.Import_Text_CountFailed)}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{i18n._(labels.Import_Column_Line)}</Table.ColumnHeader>
                <Table.ColumnHeader>{i18n._(labels.Import_Column_Column)}</Table.ColumnHeader>
                <Table.ColumnHeader>{i18n._(labels.Import_Column_Message)}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {problems.map((problem, index) => (
                <Table.Row key={`${String(problem.line)}-${String(index)}`}>
                  <Table.Cell>{problem.line}</Table.Cell>
                  <Table.Cell>{problem.column}</Table.Cell>
                  <Table.Cell>{problemText(problem)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <HStack gap="3" align="end" wrap="wrap">
        <Stack gap="1">
          <chakra.label htmlFor="import-mode" fontWeight="medium">
            {i18n._(labels.Import_Field_Mode)}
          </chakra.label>
          <NativeSelect.Root>
            <NativeSelect.Field
              id="import-mode"
              value={mode}
              onChange={(event) => {
                setMode(event.currentTarget.value as ImportMode);
              }}
            >
              {importModes.map((each) => (
                <option key={each} value={each}>
                  {i18n._(modeLabels[each])}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Stack>
        <ImportEventButton importRef={importRef} event={{ type: 'import.commit', mode }} disabled={!mayCommit}>
          {i18n._(labels.Import_Button_Commit)}
        </ImportEventButton>
        <ImportEventButton
          importRef={importRef}
          event={{ type: 'invite.start' }}
          variant="outline"
          disabled={!mayInvite}
        >
          {i18n._(inviteText(newPeople))}
        </ImportEventButton>
        <ImportEventButton importRef={importRef} event={{ type: 'import.discard' }} variant="outline">
          {i18n._(labels.Import_Button_Discard)}
        </ImportEventButton>
      </HStack>
    </Stack>
  );
}
