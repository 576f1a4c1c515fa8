import { eq, sql } from 'drizzle-orm';
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
import type { Catalogue } from './format';
import type { AnyEntry, Change } from './plan';

/** Who the audit log names for an import (docs/operations.md "The catalogue as code"). */
export const IMPORT_ACTOR = 'catalogue-import';

/**
 * Writes a plan inside the caller's transaction: each create, update and delete in the plan's order, one audit row
 * each, and a new resource version for every scope whose texts, inputs, menus or questions changed (pages then fetch
 * them again). A record with children (a field's sub-fields, a template's placements, a client's activations) is
 * written as one unit: its children become exactly those of the file, with the file's ids.
 */
export async function applyPlan(tx: Tx, changes: readonly Change[]): Promise<void> {
  const audit: AuditChange[] = [];
  const scopes = new Set<string | null>();
  for (const change of changes) {
    if (change.action === 'unchanged') continue;
    if (change.action === 'delete') await remove(tx, change);
    else await write(tx, change, change.after as AnyEntry);
    audit.push({
      actor: IMPORT_ACTOR,
      action: change.action,
      entity: `catalogue.${change.list}`,
      entityId: change.id,
      clientId: change.list === 'clients' && change.action === 'delete' ? null : change.clientId,
      before: change.before,
      after: change.after,
    });
    if (['labels', 'inputs', 'menus', 'faq'].includes(change.list)) scopes.add(change.clientId);
  }
  await auditTrail.record(tx, audit);
  for (const scope of scopes) await bumpVersion(tx, scope);
}

async function write(tx: Tx, change: Change, entry: AnyEntry): Promise<void> {
  const create = change.action === 'create';
  switch (change.list) {
    case 'regions': {
      const e = entry as Catalogue['regions'][number];
      return upsert(tx, regions, create, e.id, { name: e.name });
    }
    case 'cmsSites': {
      const e = entry as Catalogue['cmsSites'][number];
      return upsert(tx, cmsSites, create, e.id, {
        name: e.name,
        sitefinitySiteId: e.sitefinitySiteId,
        parentSitefinitySiteId: e.parentSitefinitySiteId,
      });
    }
    case 'applications': {
      const e = entry as Catalogue['applications'][number];
      return upsert(tx, applications, create, e.id, {
        name: e.name,
        alias: e.alias,
        regionId: e.region,
        link: e.link,
        iconIdentifier: e.iconIdentifier,
        defaultRoleValue: e.defaultRoleValue,
      });
    }
    case 'fields': {
      const e = entry as Catalogue['fields'][number];
      await upsert(tx, fields, create, e.id, {
        dictionaryName: e.dictionaryName,
        dataType: e.dataType,
        dataLength: e.dataLength,
        metaTag: e.metaTag,
        description: e.description,
        disable: e.disable,
        defaultValue: e.defaultValue,
        cssField: e.cssField,
        maskRegex: e.maskRegex,
        validationRegex: e.validationRegex,
        sufix: e.sufix,
        prefix: e.prefix,
        validationMessage: e.validationMessage,
      });
      await tx.delete(subFields).where(eq(subFields.fieldId, e.id));
      if (e.subFields.length > 0) await tx.insert(subFields).values(e.subFields.map((s) => ({ ...s, fieldId: e.id })));
      return;
    }
    case 'templates': {
      const e = entry as Catalogue['templates'][number];
      await upsert(tx, templates, create, e.id, { name: e.name, isDefault: e.isDefault });
      await tx.delete(templateFields).where(eq(templateFields.templateId, e.id));
      if (e.fields.length > 0) {
        await tx.insert(templateFields).values(
          e.fields.map((p) => ({
            id: p.id,
            templateId: e.id,
            fieldId: p.field,
            displayOrder: p.displayOrder,
            mandatory: p.mandatory,
            hidden: p.hidden,
            adminField: p.adminField,
            lockForRoles: p.lockForRoles,
          })),
        );
      }
      return;
    }
    case 'clients': {
      const e = entry as Catalogue['clients'][number];
      await upsert(tx, clients, create, e.id, {
        name: e.name,
        portalAlias: e.portalAlias,
        oktaPrefix: e.oktaPrefix,
        autoSignUp: e.autoSignUp,
        cmsSiteId: e.cmsSite,
        ssoId: e.ssoId,
        defaultCulture: e.defaultCulture,
      });
      await tx.delete(clientApplications).where(eq(clientApplications.clientId, e.id));
      if (e.applications.length > 0) {
        await tx.insert(clientApplications).values(
          e.applications.map((a) => ({
            id: a.id,
            clientId: e.id,
            applicationId: a.application,
            active: a.active,
            templateId: a.template,
            displayOrder: a.displayOrder,
            defaultRedirect: a.defaultRedirect,
            oktaContainer: a.oktaContainer,
            oktaContainerLabel: a.oktaContainerLabel,
            rolesApiUrl: a.rolesApiUrl,
            excludedRoles: a.excludedRoles,
          })),
        );
      }
      return;
    }
    case 'labels': {
      const e = entry as Catalogue['labels'][number];
      return upsert(tx, labels, create, e.id, {
        clientId: e.client,
        culture: e.culture,
        key: e.key,
        value: e.value,
        isHtml: e.isHtml,
      });
    }
    case 'inputs': {
      const { id, client, ...rest } = entry as Catalogue['inputs'][number];
      return upsert(tx, inputResources, create, id, { clientId: client, ...rest });
    }
    case 'menus': {
      const { id, client, ...rest } = entry as Catalogue['menus'][number];
      return upsert(tx, menuItems, create, id, { clientId: client, ...rest });
    }
    case 'faq': {
      const { id, client, ...rest } = entry as Catalogue['faq'][number];
      return upsert(tx, faqQuestions, create, id, { clientId: client, ...rest });
    }
  }
}

type CatalogueTable =
  | typeof regions
  | typeof cmsSites
  | typeof applications
  | typeof fields
  | typeof templates
  | typeof clients
  | typeof labels
  | typeof inputResources
  | typeof menuItems
  | typeof faqQuestions;

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

/** Inserts with the file's id, or updates the matched row (its version rises, so an open editor gets 409). */
async function upsert(tx: Tx, table: CatalogueTable, create: boolean, id: string, values: object): Promise<void> {
  if (create) {
    await tx.insert(table).values({ id, ...values } as never);
    return;
  }
  await tx
    .update(table)
    .set({ ...values, version: sql`${table.version} + 1` } as never)
    .where(eq(table.id, id));
}


async function remove(tx: Tx, change: Change): Promise<void> {
  const table = tables[change.list];
  await tx.delete(table).where(eq(table.id, change.id));
}
