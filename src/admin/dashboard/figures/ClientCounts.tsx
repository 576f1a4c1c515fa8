import { Heading, Stack, Table } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import type { MessageDescriptor } from '@lingui/core';
import type { ClientCount } from '@contracts/dashboard';
import { labels } from '@src/i18n/admin-labels';

/** A count per client (people, active applications), as a small table. */
export function ClientCounts({ title, rows }: { title: MessageDescriptor; rows: readonly ClientCount[] }) {
  const { i18n } = useLingui();
  return (
    <Stack gap="2">
      <Heading as="h3" size="md">
        {i18n._(title)}
      </Heading>
      <Table.Root size="sm" aria-label={i18n._(title)}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{i18n._(labels.Dashboard_Text_Client)}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{i18n._(labels.Dashboard_Text_Count)}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.clientId}>
              <Table.Cell>{row.clientName}</Table.Cell>
              <Table.Cell textAlign="end">{i18n.number(row.count)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}
