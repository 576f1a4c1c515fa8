import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { instanceFieldValues, instances } from '../db/schema';
import { catalogueLists, type Catalogue, type CatalogueList } from './format';
import { readCatalogue } from './read';

export type Action = 'create' | 'update' | 'unchanged' | 'delete';

/** A record of a list, as the file holds it (references already translated to the target database's ids). */
export type AnyEntry = Catalogue[CatalogueList][number];

export interface Change {
  action: Action;
  list: CatalogueList;
  /** The record's id in the target database (the file's id for a create). */
  id: string;
  /** How a person recognises the record in the plan: a name, an alias, a key with its culture and scope. */
  label: string;
  /** The client the record belongs to (audit scope; resource versions to bump); null: provider-wide. */
  clientId: string | null;
  before: AnyEntry | null;
  after: AnyEntry | null;
}

export interface Plan {
  changes: Change[];
  /** Deletions refused because they would take people's data with them (a client's people, a field's values). */
  problems: string[];
}

export interface PlanOptions {
  /** Also delete what the database holds and the file does not, within the file's scope. */
  prune: boolean;
}

/**
 * What importing `file` into the database would do, record by record, in the order it would be done: creates and
 * updates in reference order (regions before applications before clients…), deletions (only with `prune`) last, in
 * reverse. A record is matched by its id, else by its natural key (a region's or an application's name, a field's
 * dictionary name, a client's portal alias, a text's key, culture and client), so a file made elsewhere updates the
 * records this database already has instead of colliding with them. A `--client` file prunes only that client's own
 * records (its texts, inputs, menus and questions; its activations are part of its record).
 */
export async function planImport(db: Db | Tx, file: Catalogue, options: PlanOptions): Promise<Plan> {
  const current = await readCatalogue(db);
  const idMaps = new Map<CatalogueList, Map<string, string>>();
  const mapped = (list: CatalogueList, id: string) => idMaps.get(list)?.get(id) ?? id;
  const mapNullable = (list: CatalogueList, id: string | null) => (id === null ? null : mapped(list, id));

  const scopeClient = file.client === null ? null : (file.clients.find((c) => c.portalAlias === file.client) ?? null);
  const changes: Change[] = [];
  const deletions: Change[] = [];

  for (const list of catalogueLists) {
    const existing = current[list] as readonly AnyEntry[];
    const byId = new Map(existing.map((e) => [e.id, e]));
    const byKey = new Map(existing.flatMap((e) => keyOf(list, e).map((k) => [k, e] as const)));
    const ids = new Map<string, string>();
    idMaps.set(list, ids);
    const matched = new Set<string>();

    for (const raw of file[list] as readonly AnyEntry[]) {
      const translated = translate(list, raw, { mapped, mapNullable });
      const found =
        byId.get(raw.id) ??
        keyOf(list, translated)
          .map((k) => byKey.get(k))
          .find((e) => e !== undefined);
      const entry = found === undefined ? translated : { ...translated, id: found.id };
      ids.set(raw.id, entry.id);
      if (found !== undefined) matched.add(found.id);
      const same = found !== undefined && JSON.stringify(found) === JSON.stringify(entry);
      changes.push({
        action: found === undefined ? 'create' : same ? 'unchanged' : 'update',
        list,
        id: entry.id,
        label: labelOf(list, entry),
        clientId: clientOf(list, entry),
        before: found ?? null,
        after: entry,
      });
    }

    if (!options.prune) continue;
    const scopeId = scopeClient === null ? null : mapped('clients', scopeClient.id);
    for (const e of existing) {
      if (matched.has(e.id)) continue;
      // A client's file prunes that client's own resources only; a whole-catalogue file prunes everything.
      if (scopeId !== null && !(isResource(list) && (e as { client: string | null }).client === scopeId)) continue;
      deletions.push({
        action: 'delete',
        list,
        id: e.id,
        label: labelOf(list, e),
        clientId: clientOf(list, e),
        before: e,
        after: null,
      });
    }
  }
  return { changes: [...changes, ...deletions.reverse()], problems: await peopleProblems(db, deletions) };
}

const isResource = (list: CatalogueList) =>
  list === 'labels' || list === 'inputs' || list === 'menus' || list === 'faq';

/** People are never in the catalogue, so a deletion that would take some with it is refused. */
async function peopleProblems(db: Db | Tx, deletions: readonly Change[]): Promise<string[]> {
  const problems: string[] = [];
  const clientIds = deletions.filter((d) => d.list === 'clients').map((d) => d.id);
  const fieldIds = deletions.filter((d) => d.list === 'fields').map((d) => d.id);
  if (clientIds.length > 0) {
    const rows = await db
      .select({ id: instances.clientId, n: sql<number>`count(*)::int` })
      .from(instances)
      .where(inArray(instances.clientId, clientIds))
      .groupBy(instances.clientId);
    for (const row of rows) {
      const change = deletions.find((d) => d.list === 'clients' && d.id === row.id);
      problems.push(`clients: ${change?.label ?? row.id} has ${row.n} people; --prune never deletes people`);
    }
  }
  if (fieldIds.length > 0) {
    const rows = await db
      .select({ id: instanceFieldValues.fieldId, n: sql<number>`count(*)::int` })
      .from(instanceFieldValues)
      .where(inArray(instanceFieldValues.fieldId, fieldIds))
      .groupBy(instanceFieldValues.fieldId);
    for (const row of rows) {
      const change = deletions.find((d) => d.list === 'fields' && d.id === row.id);
      problems.push(`fields: ${change?.label ?? row.id} holds ${row.n} people's values; --prune never deletes them`);
    }
  }
  return problems;
}

interface Mapper {
  mapped(list: CatalogueList, id: string): string;
  mapNullable(list: CatalogueList, id: string | null): string | null;
}

/** The entry with its references pointing at the target database's records (ids matched earlier in the plan). */
function translate(list: CatalogueList, entry: AnyEntry, m: Mapper): AnyEntry {
  switch (list) {
    case 'applications': {
      const e = entry as Catalogue['applications'][number];
      return { ...e, region: m.mapped('regions', e.region) };
    }
    case 'templates': {
      const e = entry as Catalogue['templates'][number];
      return { ...e, fields: e.fields.map((p) => ({ ...p, field: m.mapped('fields', p.field) })) };
    }
    case 'clients': {
      const e = entry as Catalogue['clients'][number];
      return {
        ...e,
        cmsSite: m.mapNullable('cmsSites', e.cmsSite),
        applications: e.applications.map((a) => ({
          ...a,
          application: m.mapped('applications', a.application),
          template: m.mapNullable('templates', a.template),
        })),
      };
    }
    case 'labels':
    case 'inputs':
    case 'menus':
    case 'faq': {
      const e = entry as { client: string | null };
      return { ...entry, client: m.mapNullable('clients', e.client) };
    }
    default:
      return entry;
  }
}

/** The natural keys a record is also found by (none for CMS sites and questions: nothing about them is unique). */
function keyOf(list: CatalogueList, entry: AnyEntry): string[] {
  const e = entry as Record<string, unknown>;
  const scope = (e.client as string | null | undefined) ?? '';
  switch (list) {
    case 'regions':
    case 'applications':
    case 'templates':
      return [String(e.name)];
    case 'fields':
      return [String(e.dictionaryName)];
    case 'clients':
      return [`alias:${String(e.portalAlias).toLowerCase()}`, `prefix:${String(e.oktaPrefix).toLowerCase()}`];
    case 'labels':
    case 'inputs':
      return [`${scope}|${String(e.culture)}|${String(e.key)}`];
    case 'menus':
      return [`${scope}|${String(e.culture)}|${String(e.section)}|${String(e.linkUrl)}`];
    default:
      return [];
  }
}

function labelOf(list: CatalogueList, entry: AnyEntry): string {
  const e = entry as Record<string, unknown>;
  const client = e.client as string | null | undefined;
  const scope = `${String(e.culture)}, ${client === null || client === undefined ? 'global' : `client ${client}`}`;
  switch (list) {
    case 'fields':
      return String(e.dictionaryName);
    case 'clients':
      return `${String(e.name)} (${String(e.portalAlias)})`;
    case 'labels':
    case 'inputs':
      return `${String(e.key)} (${scope})`;
    case 'menus':
      return `${String(e.section)} ${String(e.linkUrl)} (${scope})`;
    case 'faq':
      return `${String(e.header)} (${scope})`;
    default:
      return String(e.name);
  }
}

function clientOf(list: CatalogueList, entry: AnyEntry): string | null {
  if (list === 'clients') return entry.id;
  return isResource(list) ? (entry as { client: string | null }).client : null;
}
