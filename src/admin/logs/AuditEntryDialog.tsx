import { Stack, Table, Text } from '@chakra-ui/react';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { fieldDiff, type FieldChange } from '@machines/log-entry/field-diff';
import type { AuditEntry, AuditRow } from '@contracts/audit-log';
import { labels } from '@src/i18n/admin-labels';
import { withValues } from '../../i18n/with-values';
import { EntryFacts } from './EntryFacts';
import { LogEntryFrame, type EntryRef } from './LogEntryFrame';
import { actionText, actorText, clientText, entityText, whenText } from './log-text';

const kindLabels = {
  added: labels.Log_Text_Added,
  removed: labels.Log_Text_Removed,
  changed: labels.Log_Text_Changed,
  same: labels.Log_Text_Same,
} satisfies Record<FieldChange['kind'], unknown>;

/** The title of a change's detail ("Client · Changed"), in plain words. */
export const auditEntryTitle = (row: Pick<AuditRow, 'action' | 'entity'>, i18n: I18n) =>
  i18n._(
    withValues(labels.Log_Text_AuditEntryTitle, {
      action: actionText(row.action, i18n),
      entity: entityText(row.entity, i18n),
    }),
  );

/**
 * An administrative change in detail: who, when, which record of which client, and the record before and after,
 * field by field (machines/log-entry/field-diff.ts); unchanged fields are muted, so the changes stand out.
 */
export function AuditEntryDialog({ entryRef }: { entryRef: EntryRef<AuditEntry> }) {
  const { i18n } = useLingui();
  return (
    <LogEntryFrame
      entryRef={entryRef}
      title={(entry) => (entry === undefined ? i18n._(labels.Log_Text_AuditTitle) : auditEntryTitle(entry, i18n))}
      body={(entry) => <AuditEntryBody entry={entry} i18n={i18n} />}
    />
  );
}

function AuditEntryBody({ entry, i18n }: { entry: AuditEntry; i18n: I18n }) {
  const changes = fieldDiff(entry.before, entry.after);
  return (
    <Stack gap="4">
      <EntryFacts
        facts={[
          { name: i18n._(labels.Log_Field_When), value: whenText(entry.at, i18n) },
          { name: i18n._(labels.Log_Field_Actor), value: actorText(entry.actor) },
          { name: i18n._(labels.Log_Field_Entity), value: entityText(entry.entity, i18n) },
          { name: i18n._(labels.Log_Field_EntityId), value: entry.entityId ?? '' },
          { name: i18n._(labels.Log_Field_Client), value: clientText(entry.clientName, i18n) },
        ]}
      />
      {changes.length === 0 ? (
        <Text color="fg.muted">{i18n._(labels.Log_Text_NoFields)}</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Caption srOnly>{auditEntryTitle(entry, i18n)}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{i18n._(labels.Log_Field_Field)}</Table.ColumnHeader>
                <Table.ColumnHeader>{i18n._(labels.Log_Field_Before)}</Table.ColumnHeader>
                <Table.ColumnHeader>{i18n._(labels.Log_Field_After)}</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {changes.map((change) => (
                <Table.Row
                  key={change.field}
                  data-change={change.kind}
                  color={change.kind === 'same' ? 'fg.muted' : undefined}
                  fontWeight={change.kind === 'same' ? undefined : 'semibold'}
                >
                  <Table.Cell>{change.field}</Table.Cell>
                  <Table.Cell wordBreak="break-all">{change.before ?? '—'}</Table.Cell>
                  <Table.Cell wordBreak="break-all">{change.after ?? '—'}</Table.Cell>
                  <Table.Cell>{i18n._(kindLabels[change.kind])}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
