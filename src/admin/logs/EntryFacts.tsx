import { DataList } from '@chakra-ui/react';

/** A detail's facts, each a name and its value (an empty value shows as a dash). */
export function EntryFacts({ facts }: { facts: readonly { name: string; value: string }[] }) {
  return (
    <DataList.Root orientation="horizontal" size="sm">
      {facts.map((fact) => (
        <DataList.Item key={fact.name}>
          <DataList.ItemLabel>{fact.name}</DataList.ItemLabel>
          <DataList.ItemValue wordBreak="break-all">{fact.value === '' ? '—' : fact.value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
