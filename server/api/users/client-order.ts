/**
 * The user grid's order by client (server/api/users/queries.ts): clients by name (then id, so two clients of one name
 * never interleave), each client's people by name. No index holds that order across the join, so a page is not read
 * as one statement (it would sort every person of the page's clients); it is cut into the few runs of people of one
 * client it covers, each read through the per-client name index (`instances_client_name_idx`). Only the people each
 * client has are needed to cut it, and the trigger-kept `client_people_counts` names them without counting.
 */

/** How many people of one client a read covers, the clients in the grid's client order. */
export interface ClientPeople {
  clientId: string;
  people: number;
}

/** A run of one client's people on a page: from `offset` in that client's name order, `take` of them. */
export interface ClientRun extends ClientPeople {
  offset: number;
  take: number;
}

/**
 * The runs of the page of `size` people starting at `offset` in the client order: the clients before it are skipped
 * whole, the page's first client from within, the next ones from their start until the page is full. Empty past the
 * end; clients with nobody never give a run.
 */
export function clientRuns(clients: readonly ClientPeople[], offset: number, size: number): ClientRun[] {
  const runs: ClientRun[] = [];
  let skip = offset;
  let left = size;
  for (const client of clients) {
    if (left === 0) break;
    if (skip >= client.people) {
      skip -= client.people;
      continue;
    }
    const take = Math.min(left, client.people - skip);
    runs.push({ ...client, offset: skip, take });
    left -= take;
    skip = 0;
  }
  return runs;
}
