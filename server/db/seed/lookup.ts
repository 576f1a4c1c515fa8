/** Ids of inserted rows by their natural key; a missing key is a mistake in the seed data, reported by name. */
export class Lookup<K extends string = string> {
  readonly #ids = new Map<string, string>();

  constructor(
    private readonly what: string,
    rows: readonly { id: string; key: K }[] = [],
  ) {
    for (const row of rows) this.#ids.set(row.key, row.id);
  }

  static of<T extends { id: string }, K extends string>(what: string, rows: readonly T[], key: (row: T) => K) {
    return new Lookup<K>(
      what,
      rows.map((row) => ({ id: row.id, key: key(row) })),
    );
  }

  id(key: K): string {
    const id = this.#ids.get(key);
    if (id === undefined) throw new Error(`demo world: no ${this.what} "${key}"`);
    return id;
  }
}
