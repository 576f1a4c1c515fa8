import { NativeSelect } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { GridRef } from './grid-ref';
import { ClientOptions } from './ClientOptions';

const noClients: readonly { id: string; name: string }[] = [];

/**
 * The provider administrator's client filter of a server-paged grid (its `filter.scope`): every client (read once per
 * visit by its own actor), or all. Choosing one reads the grid's first page of that client; the server scopes a client
 * administrator anyway, who is never offered this filter.
 */
export function ClientFilter<Row>({
  gridRef,
  load,
  label,
  allLabel,
}: {
  gridRef: GridRef<Row>;
  load: () => Promise<readonly { id: string; name: string }[]>;
  /** The select's accessible name. */
  label: string;
  /** The option that filters no client. */
  allLabel: string;
}) {
  const clientsRef = useActorRef(fromPromise(load));
  const clients = useSelector(clientsRef, (s) => (s.status === 'done' ? s.output : noClients));
  const scope = useSelector(gridRef, (s) => s.context.scope);
  return (
    <NativeSelect.Root size="sm" width="64">
      <NativeSelect.Field
        aria-label={label}
        value={scope ?? ''}
        onChange={(event) => {
          const value = event.currentTarget.value;
          gridRef.send({ type: 'filter.scope', scope: value === '' ? undefined : value });
        }}
      >
        <option value="">{allLabel}</option>
        <ClientOptions clients={clients} />
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
