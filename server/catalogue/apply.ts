import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  applications,
  clientApplications,
  clients,
  cmsSites,
  faqQuestions,
  fields,
  inputResources,
  labels,
  menuItems,
  regions,
  subFields,
  templateFields,
  templates,
} from '../db/schema';
import { auditTrail, type AuditChange } from '../api/support/audit';
import { bumpVersion } from '../api/resources/version';
import type { Catalogue, CatalogueList } from './format';
import type { AnyEntry, Change } from './plan';

/** Who the audit log names for an import (docs/operations.md "The catalogue as code"). */
export const IMPORT_ACTOR = 'catalogue-import';

/** Rows per insert statement: a whole catalogue is a few thousand rows, far below any parameter limit per chunk. */
const CHUNK = 200;

/**
 * Writes a plan inside the caller's transaction: creates (in batches), updates and deletes in the plan's order, one
 * audit row each, and a new resource version for every scope whose texts, inputs, menus or questions changed (pages
 * then fetch them again). A record with children (a field's sub-fields, a template's placements, a client's
 * activations) is written as one unit: its children become exactly those of the file, with the file's ids.
 */
export async function applyPlan(tx: Tx, changes: readonly Change[]): Promise<void> {
  const written = changes.filter((c) => c.action !== 'unchanged');
  let i = 0;
  while (i < written.length) {
    const change = written[i] as Change;
    if (change.action === 'create') {
      // Consecutive creates of one list go in together (the plan lists each list's records together).
      let j = i;
      while (j < written.length && written[j]?.action === 'create' && written[j]?.list === change.list) j += 1;
      const batch = written.slice(i, j).map((c) => c.after as AnyEntry);
      for (let k = 0; k < batch.length; k += CHUNK) await create(tx, change.list, batch.slice(k, k + CHUNK));
      i = j;
      continue;
    }
    if (change.action === 'update') await update(tx, change.list, change.after as AnyEntry);
    else await tx.delete(tables[change.list]).where(eq(tables[change.list].id, change.id));
    i += 1;
  }

  const audit: AuditChange[] = written.map((change) => ({
    actor: IMPORT_ACTOR,
    action: change.action,
    entity: `catalogue.${change.list}`,
    entityId: change.id,
    // A deleted client's audit row cannot point at it (the audit log's client is a reference).
    clientId: change.list === 'clients' && change.action === 'delete' ? null : change.clientId,
    before: change.before,
    after: change.after,
  }));
  for (let k = 0; k < audit.length; k += CHUNK) await auditTrail.record(tx, audit.slice(k, k + CHUNK));
  const scopes = new Set(written.filter((c) => isResource(c.list)).map((c) => c.clientId));
  for (const scope of scopes) await bumpVersion(tx, scope);
}

const isResource = (list: CatalogueList) =>
  list === 'labels' || list === 'inputs' || list === 'menus' || list === 'faq';

const tables = {
  regions,
  cmsSites,
  applications,
  fields,
  templates,
  clients,
  labels,
  inputs: inputResources,
  menus: menuItems,
  faq: faqQuestions,
} as const;

async function create(tx: Tx, list: CatalogueList, entries: readonly AnyEntry[]): Promise<void> {
  await tx.insert(tables[list]).values(entries.map((e) => ({ id: e.id, ...columnsOf(list, e) })) as never);
  await replaceChildren(tx, list, entries);
}

/** Updates the matched row; its version rises, so an editor open on the old one gets 409 on save. */
async function update(tx: Tx, list: CatalogueList, entry: AnyEntry): Promise<void> {
  const table = tables[list];
  await tx
    .update(table)
    .set({ ...columnsOf(list, entry), version: sql`${table.version} + 1` })
    .where(eq(table.id, entry.id));
  await replaceChildren(tx, list, [entry]);
}

/** The row's columns (all but the id and the children) from a file record holding the database's ids. */
function columnsOf(list: CatalogueList, entry: AnyEntry): Record<string, unknown> {
  switch (list) {
    case 'applications':
      return { ...without(entry, 'region'), regionId: (entry as Catalogue['applications'][number]).region };
    case 'fields':
      return without(entry, 'subFields');
    case 'templates':
      return without(entry, 'fields');
    case 'clients':
      return {
        ...without(entry, 'cmsSite', 'applications'),
        cmsSiteId: (entry as Catalogue['clients'][number]).cmsSite,
      };
    case 'labels':
    case 'inputs':
    case 'menus':
    case 'faq':
      return { ...without(entry, 'client'), clientId: (entry as Catalogue['labels'][number]).client };
    default:
      return without(entry);
  }
}

/** The record without its id and the named keys (the file's names that are not the row's columns). */
function without(entry: AnyEntry, ...keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entry).filter(([key]) => key !== 'id' && !keys.includes(key)));
}

async function replaceChildren(tx: Tx, list: CatalogueList, entries: readonly AnyEntry[]): Promise<void> {
  const ids = entries.map((e) => e.id);
  if (list === 'fields') {
    const all = (entries as Catalogue['fields']).flatMap((f) => f.subFields.map((s) => ({ ...s, fieldId: f.id })));
    await tx.delete(subFields).where(inArray(subFields.fieldId, ids));
    if (all.length > 0) await tx.insert(subFields).values(all);
  }
  if (list === 'templates') {
    const all = (entries as Catalogue['templates']).flatMap((t) =>
      t.fields.map(({ field, ...p }) => ({ ...p, templateId: t.id, fieldId: field })),
    );
    await tx.delete(templateFields).where(inArray(templateFields.templateId, ids));
    if (all.length > 0) await tx.insert(templateFields).values(all);
  }
  if (list === 'clients') {
    const all = (entries as Catalogue['clients']).flatMap((c) =>
      c.applications.map(({ application, template, ...a }) => ({
        ...a,
        clientId: c.id,
        applicationId: application,
        templateId: template,
      })),
    );
    await tx.delete(clientApplications).where(inArray(clientApplications.clientId, ids));
    if (all.length > 0) await tx.insert(clientApplications).values(all);
  }
}
