import { describe, expect, it } from 'vitest';
import { clientRuns } from '@server/api/users/client-order';

const clients = [
  { clientId: 'acme', people: 3 },
  { clientId: 'empty', people: 0 },
  { clientId: 'globex', people: 12 },
  { clientId: 'umbrella', people: 4 },
];

describe('the user grid’s client order: a page cut into runs of one client', () => {
  it('reads the first page from the first clients, skipping the empty ones', () => {
    expect(clientRuns(clients, 0, 5)).toEqual([
      { clientId: 'acme', people: 3, offset: 0, take: 3 },
      { clientId: 'globex', people: 12, offset: 0, take: 2 },
    ]);
  });

  it('starts a page within a client and ends it within the next', () => {
    expect(clientRuns(clients, 10, 10)).toEqual([
      { clientId: 'globex', people: 12, offset: 7, take: 5 },
      { clientId: 'umbrella', people: 4, offset: 0, take: 4 },
    ]);
    expect(clientRuns(clients, 5, 5)).toEqual([{ clientId: 'globex', people: 12, offset: 2, take: 5 }]);
  });

  it('covers every person once when the pages are laid end to end', () => {
    const pages = [0, 1, 2, 3, 4].flatMap((n) => clientRuns(clients, n * 4, 4));
    const people = pages.flatMap((run) =>
      Array.from({ length: run.take }, (_, k) => `${run.clientId}:${String(run.offset + k)}`),
    );
    expect(people).toHaveLength(19);
    expect(new Set(people).size).toBe(19);
    expect(people[0]).toBe('acme:0');
    expect(people[18]).toBe('umbrella:3');
  });

  it('answers no run past the end, nor for nobody', () => {
    expect(clientRuns(clients, 19, 10)).toEqual([]);
    expect(clientRuns([], 0, 10)).toEqual([]);
    expect(clientRuns(clients, 17, 10)).toEqual([{ clientId: 'umbrella', people: 4, offset: 2, take: 2 }]);
  });
});
