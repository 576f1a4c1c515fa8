/** One option per client (its id as the value, its name as the text), for a client select. */
export function ClientOptions({ clients }: { clients: readonly { id: string; name: string }[] }) {
  return clients.map((client) => (
    <option key={client.id} value={client.id}>
      {client.name}
    </option>
  ));
}
