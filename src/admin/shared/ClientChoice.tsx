import { NativeSelect } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Client } from '@contracts/admin/clients';
import { listClients } from '../../api/admin/clients';
import { ClientOptions } from './ClientOptions';

const noClients: readonly Client[] = [];
/** GET Client, once per visit of a provider administrator (one logic: a new one per render would restart it). */
const clientsLogic = fromPromise(() => listClients());

/**
 * The provider administrator's client select of a page scoped to one client (the FAQ editor, the terms editor): the
 * client is the page's address, so a choice is handed to the page, which navigates.
 */
export function ClientChoice({
  label,
  clientId,
  onChoose,
}: {
  label: string;
  clientId: string;
  onChoose: (clientId: string) => void;
}) {
  const clientsRef = useActorRef(clientsLogic);
  const clients = useSelector(clientsRef, (s) => (s.status === 'done' ? s.output : noClients));
  return (
    <NativeSelect.Root size="sm" width="64">
      <NativeSelect.Field
        aria-label={label}
        value={clientId}
        onChange={(event) => {
          onChoose(event.currentTarget.value);
        }}
      >
        <ClientOptions clients={clients} />
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
