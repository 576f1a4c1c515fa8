import { List, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LogEntry } from './inspector-state';

/** The events the flows of other tabs handled, newest first, each with the state it led to and what it changed. */
export function EventLog({ entries }: { entries: readonly LogEntry[] }) {
  const { i18n } = useLingui();
  if (entries.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm">
        <Trans id="Inspector_Text_NoEvents">No event yet.</Trans>
      </Text>
    );
  }
  return (
    <Table.Root size="sm" data-testid="inspector-log">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>
            <Trans id="Inspector_Column_Time">Time</Trans>
          </Table.ColumnHeader>
          <Table.ColumnHeader>
            <Trans id="Inspector_Column_Machine">Machine</Trans>
          </Table.ColumnHeader>
          <Table.ColumnHeader>
            <Trans id="Inspector_Column_Event">Event</Trans>
          </Table.ColumnHeader>
          <Table.ColumnHeader>
            <Trans id="Inspector_Column_State">State after</Trans>
          </Table.ColumnHeader>
          <Table.ColumnHeader>
            <Trans id="Inspector_Column_Changes">Context changes</Trans>
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {entries.map((entry) => (
          <Table.Row key={entry.id} data-machine={entry.machine} data-state={entry.state}>
            <Table.Cell whiteSpace="nowrap">{i18n.date(new Date(entry.at), { timeStyle: 'medium' })}</Table.Cell>
            <Table.Cell>{entry.machine}</Table.Cell>
            <Table.Cell fontFamily="mono">{entry.event}</Table.Cell>
            <Table.Cell fontFamily="mono">{entry.state}</Table.Cell>
            <Table.Cell>
              <List.Root fontSize="xs" fontFamily="mono" listStyle="none">
                {entry.changes.map((change) => (
                  <List.Item key={change.path}>
                    {[
                      `${change.path === '' ? '·' : change.path}:`,
                      jsonText(change.before),
                      '→',
                      jsonText(change.after),
                    ].join(' ')}
                  </List.Item>
                ))}
              </List.Root>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** A value as one short line; `–` where the context had no such key. */
const jsonText = (value: unknown) => {
  if (value === undefined) return '–';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};
