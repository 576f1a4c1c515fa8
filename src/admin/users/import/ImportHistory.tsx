import { Heading, Stack, Table } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { selectHistory } from '@machines/user-import/user-import.selectors';
import { labels } from '@src/i18n/admin-labels';
import type { ImportRef } from './ImportUsersPanel';
import { withValues } from '@src/i18n/with-values';

/** The chosen client's imports (issue 10 "import history per client"): who, when, which file, the counts. */
export function ImportHistory({ importRef }: { importRef: ImportRef }) {
  const { i18n } = useLingui();
  const history = useSelector(importRef, selectHistory);
  if (history.length === 0) return null;
  return (
    <Stack gap="2">
      <Heading as="h3" size="md">
        {i18n._(labels.Import_Text_History)}
      </Heading>
      <Table.Root size="sm" aria-label={i18n._(labels.Import_Text_History)}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{i18n._(labels.Import_Column_When)}</Table.ColumnHeader>
            <Table.ColumnHeader>{i18n._(labels.Import_Column_Who)}</Table.ColumnHeader>
            <Table.ColumnHeader>{i18n._(labels.Import_Column_File)}</Table.ColumnHeader>
            <Table.ColumnHeader>{i18n._(labels.Import_Column_Counts)}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {history.map((job) => (
            <Table.Row key={job.id}>
              <Table.Cell>{i18n.date(job.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</Table.Cell>
              <Table.Cell>{job.createdBy}</Table.Cell>
              <Table.Cell>{job.fileName}</Table.Cell>
              <Table.Cell>
                {job.status === 'committed'
                  ? i18n._(
                      withValues(labels.Import_Text_Outcome, {
                        created: String(job.outcomes.created),
                        updated: String(job.outcomes.updated),
                        unchanged: String(job.outcomes.unchanged),
                        skipped: String(job.outcomes.skipped),
                        failed: String(job.outcomes.failed),
                      }),
                    )
                  : i18n._(
                      withValues(labels.Import_Text_PreviewCounts, {
                        new: String(job.counts.new),
                        updated: String(job.counts.updated),
                        unchanged: String(job.counts.unchanged),
                        failed: String(job.counts.failed),
                      }),
                    )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}
