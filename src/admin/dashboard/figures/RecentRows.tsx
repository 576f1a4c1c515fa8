import { Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import type { MessageDescriptor } from '@lingui/core';
import { Link as RouterLink } from 'wouter';
import { labels } from '@src/i18n/admin-labels';
import { whenText } from '../../logs/log-text';

/** The newest rows of a log, one line each, and the link to the log's own page, which has them all. */
export function RecentRows<Row extends { id: string; at: string }>({
  title,
  rows,
  line,
  href,
  linkText,
}: {
  title: MessageDescriptor;
  rows: readonly Row[];
  line: (row: Row) => string;
  href: string;
  linkText: MessageDescriptor;
}) {
  const { i18n } = useLingui();
  return (
    <Stack gap="2" as="section" aria-label={i18n._(title)}>
      <Heading as="h3" size="md">
        {i18n._(title)}
      </Heading>
      {rows.length === 0 ? (
        <Text color="fg.muted">{i18n._(labels.Dashboard_Text_NothingYet)}</Text>
      ) : (
        <List.Root gap="1" variant="plain">
          {rows.map((row) => (
            <List.Item key={row.id}>
              <Text>
                <Text as="span" color="fg.muted">
                  {whenText(row.at, i18n)}
                </Text>{' '}
                {line(row)}
              </Text>
            </List.Item>
          ))}
        </List.Root>
      )}
      <Link asChild color="brand" fontWeight="semibold" alignSelf="start">
        <RouterLink href={href}>{i18n._(linkText)}</RouterLink>
      </Link>
    </Stack>
  );
}
