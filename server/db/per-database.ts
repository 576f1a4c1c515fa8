import type { Db } from './client';

/**
 * Something made once per database handle and kept for its life: prepared statements (drizzle builds their SQL once;
 * PostgreSQL parses and plans a named statement once per connection), or a memo. Keyed weakly, so a database closed
 * and dropped (a test's) takes its statements with it.
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) made.set(db, (value = make(db)));
    return value;
  };
}
