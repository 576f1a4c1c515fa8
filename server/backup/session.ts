import type { Database } from '../db/client';

/** One connection inside one transaction, spoken to in plain SQL: what backup and restore need from either driver. */
export interface Session {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
}

/**
 * Runs `work` in one transaction on one connection, committed when it returns and rolled back when it throws.
 * `characteristics` is what follows `set transaction` (e.g. `isolation level repeatable read, read only`: one snapshot
 * for a whole backup). Raw connections rather than drizzle: backup and restore read the schema from the catalogue and
 * need cursors, neither of which drizzle's typed tables give.
 */
export async function inTransaction<T>(
  database: Database,
  characteristics: string | null,
  work: (session: Session) => Promise<T>,
): Promise<T> {
  if (database.kind === 'pglite') {
    return database.client.transaction(async (tx) => {
      if (characteristics !== null) await tx.query(`set transaction ${characteristics}`);
      return work({ query: async <Row>(text: string, params?: unknown[]) => (await tx.query<Row>(text, params)).rows });
    });
  }
  const connection = await database.client.connect();
  try {
    await connection.query('begin');
    try {
      if (characteristics !== null) await connection.query(`set transaction ${characteristics}`);
      const result = await work({
        query: async <Row>(text: string, params?: unknown[]) => (await connection.query(text, params)).rows as Row[],
      });
      await connection.query('commit');
      return result;
    } catch (error) {
      await connection.query('rollback');
      throw error;
    }
  } finally {
    connection.release();
  }
}
