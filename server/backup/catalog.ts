import type { AppliedMigration } from './format';
import type { Session } from './session';

/** A table of the `public` schema as backup and restore see it: its stored columns, with their SQL types. */
export interface TableShape {
  name: string;
  columns: { name: string; type: string; identityAlways: boolean }[];
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Every base table of the `public` schema (the portal's and the identity provider's: all of Gatehouse's data, and
 * whatever table a later migration adds), parents before children so that rows insert without deferring foreign keys.
 * Generated columns are left out: they cannot be inserted and are computed again.
 */
export async function listTables(session: Session): Promise<TableShape[]> {
  const columns = await session.query<{ table: string; column: string; type: string; identity: string }>(
    `select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type,
            a.attidentity as identity
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
        and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  const edges = await session.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
  );
  const shapes = new Map<string, TableShape>();
  for (const row of columns) {
    let shape = shapes.get(row.table);
    if (shape === undefined) shapes.set(row.table, (shape = { name: row.table, columns: [] }));
    shape.columns.push({ name: row.column, type: row.type, identityAlways: row.identity === 'a' });
  }
  const parents = new Map<string, string[]>();
  for (const edge of edges) parents.set(edge.child, [...(parents.get(edge.child) ?? []), edge.parent]);
  // Depth-first, names in order: the same schema always gives the same order (and the same file layout).
  const ordered: TableShape[] = [];
  const visiting = new Set<string>();
  const done = new Set<string>();
  const visit = (name: string) => {
    if (done.has(name)) return;
    if (visiting.has(name)) throw new Error(`foreign keys form a cycle through ${name}`);
    visiting.add(name);
    for (const parent of (parents.get(name) ?? []).sort()) visit(parent);
    visiting.delete(name);
    done.add(name);
    const shape = shapes.get(name);
    if (shape !== undefined) ordered.push(shape);
  };
  for (const name of [...shapes.keys()].sort()) visit(name);
  return ordered;
}

/** The bookkeeping tables of drizzle's migrator: the portal's and the identity provider's (server/idp/migrate.ts). */
export const migrationTables = { portal: '__drizzle_migrations', idp: '__idp_migrations' } as const;

/** The migrations a database has applied, in order; none when the bookkeeping table does not exist yet. */
export async function appliedMigrations(session: Session, table: string): Promise<AppliedMigration[]> {
  const [exists] = await session.query<{ present: boolean }>(`select to_regclass($1) is not null as present`, [
    `drizzle.${table}`,
  ]);
  if (exists?.present !== true) return [];
  const rows = await session.query<{ hash: string; created_at: string }>(
    `select hash, created_at::text as created_at from drizzle.${quoteIdent(table)} order by id`,
  );
  return rows.map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) }));
}
