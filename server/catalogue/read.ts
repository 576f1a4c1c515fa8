import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
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
import {
  CATALOGUE_FORMAT,
  CATALOGUE_VERSION,
  type ApplicationEntry,
  type Catalogue,
  type ClientEntry,
  type CmsSiteEntry,
  type FaqEntry,
  type FieldEntry,
  type InputEntry,
  type LabelEntry,
  type MenuEntry,
  type RegionEntry,
  type TemplateEntry,
} from './format';

/**
 * Reads the catalogue out of the database, as the file holds it: key order of the file's schema (format.ts), every
 * list in a stable order (code-point order of natural keys, ids last), no timestamps or row versions. The same
 * database read twice gives the same text; two databases holding the same records give the same text.
 */
export async function readCatalogue(db: Db | Tx): Promise<Catalogue> {
  // One query after another: inside a transaction node-postgres has one connection, which runs one query at once.
  const regionRows = await db.select().from(regions).orderBy(asc(regions.id));
  const siteRows = await db.select().from(cmsSites).orderBy(asc(cmsSites.id));
  const appRows = await db.select().from(applications).orderBy(asc(applications.id));
  const fieldRows = await db.select().from(fields).orderBy(asc(fields.id));
  const subRows = await db.select().from(subFields).orderBy(asc(subFields.id));
  const templateRows = await db.select().from(templates).orderBy(asc(templates.id));
  const placementRows = await db.select().from(templateFields).orderBy(asc(templateFields.id));
  const clientRows = await db.select().from(clients).orderBy(asc(clients.id));
  const activationRows = await db.select().from(clientApplications).orderBy(asc(clientApplications.id));
  const labelRows = await db.select().from(labels).orderBy(asc(labels.id));
  const inputRows = await db.select().from(inputResources).orderBy(asc(inputResources.id));
  const menuRows = await db.select().from(menuItems).orderBy(asc(menuItems.id));
  const faqRows = await db.select().from(faqQuestions).orderBy(asc(faqQuestions.id));

  const regionEntries: RegionEntry[] = regionRows.map((r) => ({ id: r.id, name: r.name }));
  const siteEntries: CmsSiteEntry[] = siteRows.map((s) => ({
    id: s.id,
    name: s.name,
    sitefinitySiteId: s.sitefinitySiteId,
    parentSitefinitySiteId: s.parentSitefinitySiteId,
  }));
  const appEntries: ApplicationEntry[] = appRows.map((a) => ({
    id: a.id,
    name: a.name,
    alias: a.alias,
    region: a.regionId,
    link: a.link,
    iconIdentifier: a.iconIdentifier,
    defaultRoleValue: a.defaultRoleValue,
  }));
  const fieldEntries: FieldEntry[] = fieldRows.map((f) => ({
    id: f.id,
    dictionaryName: f.dictionaryName,
    dataType: f.dataType,
    dataLength: f.dataLength,
    metaTag: f.metaTag,
    description: f.description,
    disable: f.disable,
    defaultValue: f.defaultValue,
    cssField: f.cssField,
    maskRegex: f.maskRegex,
    validationRegex: f.validationRegex,
    sufix: f.sufix,
    prefix: f.prefix,
    validationMessage: f.validationMessage,
    subFields: subRows
      .filter((s) => s.fieldId === f.id)
      .map((s) => ({
        subDictionaryName: s.subDictionaryName,
        subDefaultValue: s.subDefaultValue,
        subCssField: s.subCssField,
        subDataType: s.subDataType,
        order: s.order,
      }))
      .sort(by((s) => [s.order, s.subDictionaryName])),
  }));
  const templateEntries: TemplateEntry[] = templateRows.map((t) => ({
    id: t.id,
    name: t.name,
    isDefault: t.isDefault,
    fields: placementRows
      .filter((p) => p.templateId === t.id)
      .map((p) => ({
        id: p.id,
        field: p.fieldId,
        displayOrder: p.displayOrder,
        mandatory: p.mandatory,
        hidden: p.hidden,
        adminField: p.adminField,
        lockForRoles: [...p.lockForRoles] as TemplateEntry['fields'][number]['lockForRoles'],
      }))
      .sort(by((p) => [p.displayOrder, p.id])),
  }));
  const clientEntries: ClientEntry[] = clientRows.map((c) => ({
    id: c.id,
    name: c.name,
    portalAlias: c.portalAlias,
    oktaPrefix: c.oktaPrefix,
    autoSignUp: c.autoSignUp,
    cmsSite: c.cmsSiteId,
    ssoId: c.ssoId,
    defaultCulture: c.defaultCulture as ClientEntry['defaultCulture'],
    applications: activationRows
      .filter((a) => a.clientId === c.id)
      .map((a) => ({
        id: a.id,
        application: a.applicationId,
        active: a.active,
        template: a.templateId,
        displayOrder: a.displayOrder,
        defaultRedirect: a.defaultRedirect,
        oktaContainer: a.oktaContainer,
        oktaContainerLabel: a.oktaContainerLabel,
        rolesApiUrl: a.rolesApiUrl,
        excludedRoles: [...a.excludedRoles],
      }))
      .sort(by((a) => [a.displayOrder, a.id])),
  }));
  const culture = (value: string) => value as LabelEntry['culture'];
  const labelEntries: LabelEntry[] = labelRows.map((l) => ({
    id: l.id,
    client: l.clientId,
    culture: culture(l.culture),
    key: l.key,
    value: l.value,
    isHtml: l.isHtml,
  }));
  const inputEntries: InputEntry[] = inputRows.map((i) => ({
    id: i.id,
    client: i.clientId,
    culture: culture(i.culture),
    key: i.key,
    title: i.title,
    isRequired: i.isRequired,
    type: i.type,
    minValue: i.minValue,
    maxValue: i.maxValue,
    validationRegex: i.validationRegex,
    validationMessage: i.validationMessage,
    placeHolder: i.placeHolder,
    hidden: i.hidden,
    disabled: i.disabled,
    maskRegex: i.maskRegex,
    iconClass: i.iconClass,
    iconOrientation: i.iconOrientation,
    sufix: i.sufix,
    prefix: i.prefix,
  }));
  const menuEntries: MenuEntry[] = menuRows.map((m) => ({
    id: m.id,
    client: m.clientId,
    culture: culture(m.culture),
    section: m.section,
    linkUrl: m.linkUrl,
    imageName: m.imageName,
    caption: m.caption,
    order: m.order,
    hidden: m.hidden,
    roleAccess: [...m.roleAccess] as MenuEntry['roleAccess'],
  }));
  const faqEntries: FaqEntry[] = faqRows.map((q) => ({
    id: q.id,
    client: q.clientId,
    culture: culture(q.culture),
    part: q.part,
    section: q.section,
    header: q.header,
    tags: q.tags,
    questionText: q.questionText,
    order: q.order,
  }));

  return sortCatalogue({
    format: CATALOGUE_FORMAT,
    version: CATALOGUE_VERSION,
    client: null,
    regions: regionEntries,
    cmsSites: siteEntries,
    applications: appEntries,
    fields: fieldEntries,
    templates: templateEntries,
    clients: clientEntries,
    labels: labelEntries,
    inputs: inputEntries,
    menus: menuEntries,
    faq: faqEntries,
  });
}

/** The stable order of every list (children are ordered where they are read). */
export function sortCatalogue(catalogue: Catalogue): Catalogue {
  const scope = (client: string | null) => client ?? '';
  return {
    ...catalogue,
    regions: [...catalogue.regions].sort(by((r) => [r.name, r.id])),
    cmsSites: [...catalogue.cmsSites].sort(by((s) => [s.name, s.id])),
    applications: [...catalogue.applications].sort(by((a) => [a.name, a.id])),
    fields: [...catalogue.fields].sort(by((f) => [f.dictionaryName, f.id])),
    templates: [...catalogue.templates].sort(by((t) => [t.name, t.id])),
    clients: [...catalogue.clients].sort(by((c) => [c.portalAlias, c.id])),
    labels: [...catalogue.labels].sort(by((l) => [scope(l.client), l.culture, l.key, l.id])),
    inputs: [...catalogue.inputs].sort(by((i) => [scope(i.client), i.culture, i.key, i.id])),
    menus: [...catalogue.menus].sort(by((m) => [scope(m.client), m.culture, m.section, m.order, m.linkUrl, m.id])),
    faq: [...catalogue.faq].sort(by((q) => [scope(q.client), q.culture, q.part, q.order, q.id])),
  };
}

/**
 * What a `--client` export holds: the client with its activations and its own texts, inputs, menus and questions, and
 * what those reference (applications and their regions, the templates of its activations and the Default template
 * its forms fall back to, the fields placed on them, its CMS site). Provider-wide texts stay out.
 */
export function clientCatalogue(catalogue: Catalogue, clientId: string): Catalogue {
  const client = catalogue.clients.find((c) => c.id === clientId);
  if (client === undefined) throw new Error(`no client ${clientId}`);
  const appIds = new Set(client.applications.map((a) => a.application));
  const apps = catalogue.applications.filter((a) => appIds.has(a.id));
  const regionIds = new Set(apps.map((a) => a.region));
  const templateIds = new Set(client.applications.flatMap((a) => (a.template === null ? [] : [a.template])));
  const used = catalogue.templates.filter((t) => templateIds.has(t.id) || t.isDefault);
  const fieldIds = new Set(used.flatMap((t) => t.fields.map((p) => p.field)));
  const own = <T extends { client: string | null }>(list: readonly T[]) => list.filter((r) => r.client === clientId);
  return {
    ...catalogue,
    client: client.portalAlias,
    regions: catalogue.regions.filter((r) => regionIds.has(r.id)),
    cmsSites: catalogue.cmsSites.filter((s) => s.id === client.cmsSite),
    applications: apps,
    fields: catalogue.fields.filter((f) => fieldIds.has(f.id)),
    templates: used,
    clients: [client],
    labels: own(catalogue.labels),
    inputs: own(catalogue.inputs),
    menus: own(catalogue.menus),
    faq: own(catalogue.faq),
  };
}

/** The file's text: two-space JSON and a final newline, so that equal catalogues are equal bytes. */
export function serialiseCatalogue(catalogue: Catalogue): string {
  return `${JSON.stringify(catalogue, null, 2)}\n`;
}

/** Where a client id points, by the client's alias (the CLI's `--client`). */
export async function clientIdByAlias(db: Db, alias: string): Promise<string | null> {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.portalAlias, alias));
  return row?.id ?? null;
}

type SortKey = readonly (string | number)[];
/** A comparator over tuples: numbers by value, strings by code point (never the locale, which varies by machine). */
export function by<T>(key: (item: T) => SortKey): (a: T, b: T) => number {
  return (a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i += 1) {
      const x = ka[i] as string | number;
      const y = kb[i] as string | number;
      if (x < y) return -1;
      if (x > y) return 1;
    }
    return 0;
  };
}
