import type { Db } from '../client';
import {
  applications,
  clientApplications,
  clients,
  cmsSites,
  fields,
  instanceApplicationRoles,
  instanceFieldValues,
  instances,
  termsAcceptances,
  termsVersions,
  regions,
  subFields,
  templateFields,
  templates,
} from '../schema';
import { subFieldTypeOf } from '@contracts/admin/fields';
import { demoFields } from './world/fields';
import { demoTemplates } from './world/templates';
import { demoTerms } from './world/terms';
import { cultures } from '@contracts/culture';
import { demoPeople, idpLoginOf } from './world/people';
import {
  demoApplications,
  demoClientApplications,
  demoClients,
  demoCmsSites,
  demoRegions,
  demoRolesApiUrl,
} from './world/portal';

const aliasOf = (name: string) => demoApplications.find((application) => application.name === name)?.alias ?? name;
import type { ClientPrefix } from './world/types';
import { Lookup } from './lookup';

export interface PortalIds {
  clients: Lookup<ClientPrefix>;
  fields: Lookup;
}

/** Regions, CMS sites, clients, applications and what each client offers. */
async function insertOrganisations(db: Db) {
  const regionRows = await db
    .insert(regions)
    .values(demoRegions.map((name) => ({ name })))
    .returning();
  const regionIds = Lookup.of('region', regionRows, (r) => r.name);

  const siteById = new Map(demoCmsSites.map((site) => [site.name, site.sitefinitySiteId]));
  const siteRows = await db
    .insert(cmsSites)
    .values(
      demoCmsSites.map((site) => ({
        name: site.name,
        sitefinitySiteId: site.sitefinitySiteId,
        parentSitefinitySiteId: site.parent === null ? null : (siteById.get(site.parent) ?? null),
      })),
    )
    .returning();
  const siteIds = Lookup.of('CMS site', siteRows, (s) => s.name);

  const clientRows = await db
    .insert(clients)
    .values(demoClients.map(({ cmsSite, ...client }) => ({ ...client, cmsSiteId: siteIds.id(cmsSite) })))
    .returning();
  const clientIds = Lookup.of('client', clientRows, (c) => c.oktaPrefix as ClientPrefix);

  const applicationRows = await db
    .insert(applications)
    .values(demoApplications.map(({ region, ...application }) => ({ ...application, regionId: regionIds.id(region) })))
    .returning();
  const applicationIds = Lookup.of('application', applicationRows, (a) => a.name);

  return { clientIds, applicationIds };
}

/** Fields with their sub-fields, and templates with their fields. */
async function insertForms(db: Db) {
  const fieldRows = await db
    .insert(fields)
    .values(
      demoFields.map((field) => ({
        dictionaryName: field.dictionaryName,
        dataType: field.dataType,
        dataLength: field.dataLength ?? 1,
        metaTag: field.metaTag ?? null,
        description: field.description,
        defaultValue: field.defaultValue ?? null,
        cssField: field.cssField ?? null,
        maskRegex: field.maskRegex ?? null,
        validationRegex: field.validationRegex ?? null,
        validationMessage: field.message?.['en-us'] ?? null,
        prefix: field.prefix ?? null,
        sufix: field.sufix ?? null,
      })),
    )
    .returning();
  const fieldIds = Lookup.of('field', fieldRows, (f) => f.dictionaryName);

  const subFieldRows = demoFields.flatMap((field) => {
    const subDataType = subFieldTypeOf(field.dataType);
    // The seed is data we write ourselves: sub-fields on a type that has none is a mistake in it, not in the input.
    if (subDataType === null && field.subFields !== undefined)
      throw new Error(`${field.dictionaryName} has no sub-fields`);
    return (field.subFields ?? []).map((sub, order) => ({
      fieldId: fieldIds.id(field.dictionaryName),
      subDictionaryName: sub.caption['en-us'],
      subDefaultValue: sub.value,
      subDataType: subDataType ?? 'OPTION',
      order,
    }));
  });
  await db.insert(subFields).values(subFieldRows);

  const templateRows = await db
    .insert(templates)
    .values(demoTemplates.map(({ name, isDefault }) => ({ name, isDefault })))
    .returning();
  const templateIds = Lookup.of('template', templateRows, (t) => t.name);

  await db.insert(templateFields).values(
    demoTemplates.flatMap((template) =>
      template.fields.map((placed, displayOrder) => ({
        templateId: templateIds.id(template.name),
        fieldId: fieldIds.id(placed.field),
        displayOrder,
        mandatory: placed.mandatory ?? false,
        hidden: placed.hidden ?? false,
        adminField: placed.adminField ?? false,
        lockForRoles: [...(placed.lockForRoles ?? [])],
      })),
    ),
  );
  return { fieldIds, templateIds };
}

/** The provider, its clients, their applications, forms and people. */
export async function insertPortal(db: Db): Promise<PortalIds> {
  const { clientIds, applicationIds } = await insertOrganisations(db);
  const { fieldIds, templateIds } = await insertForms(db);

  const perClientOrder = new Map<ClientPrefix, number>();
  await db.insert(clientApplications).values(
    demoClientApplications.map((link) => {
      const displayOrder = perClientOrder.get(link.client) ?? 0;
      perClientOrder.set(link.client, displayOrder + 1);
      return {
        clientId: clientIds.id(link.client),
        applicationId: applicationIds.id(link.application),
        active: link.active,
        templateId: link.template === null ? null : templateIds.id(link.template),
        displayOrder,
        defaultRedirect: link.defaultRedirect ?? false,
        oktaContainer: link.oktaContainer,
        oktaContainerLabel: link.oktaContainerLabel,
        rolesApiUrl: demoRolesApiUrl(aliasOf(link.application)),
        excludedRoles: [...(link.excludedRoles ?? [])],
      };
    }),
  );

  const instanceRows = await db
    .insert(instances)
    .values(
      demoPeople.map((person) => ({
        clientId: clientIds.id(person.client),
        email: person.email,
        idpLogin: idpLoginOf(person.client, person.email),
        firstName: person.firstName,
        lastName: person.lastName,
        culture: person.culture,
        countryCode: person.countryCode,
        telephone: person.telephone,
        isAulAdmin: person.isAulAdmin ?? false,
        clientRestrictionFilter: person.clientRestrictionFilter ?? null,
      })),
    )
    .returning();
  const instanceIds = Lookup.of('person', instanceRows, (i) => i.email);

  await db.insert(instanceFieldValues).values(
    demoPeople.flatMap((person) =>
      Object.entries(person.fieldValues).map(([dictionaryName, value]) => ({
        instanceId: instanceIds.id(person.email),
        fieldId: fieldIds.id(dictionaryName),
        value,
      })),
    ),
  );
  await db.insert(instanceApplicationRoles).values(
    demoPeople.flatMap((person) =>
      Object.entries(person.roles).map(([application, roleValue]) => ({
        instanceId: instanceIds.id(person.email),
        applicationId: applicationIds.id(application),
        roleValue,
      })),
    ),
  );
  await insertTerms(db, clientIds, (email) => instanceIds.id(email));
  return { clients: clientIds, fields: fieldIds };
}

/** Version 1 of each demo client's terms (world/terms.ts), accepted by that client's demo people. */
async function insertTerms(db: Db, clientIds: Lookup<ClientPrefix>, instanceId: (email: string) => string) {
  const published = Object.entries(demoTerms) as [ClientPrefix, NonNullable<(typeof demoTerms)[ClientPrefix]>][];
  if (published.length === 0) return;
  await db.insert(termsVersions).values(
    published.flatMap(([client, texts]) =>
      cultures.map((culture) => ({
        clientId: clientIds.id(client),
        number: 1,
        culture,
        termsHtml: texts.terms[culture],
        privacyHtml: texts.privacy[culture],
        publishedBy: 'system',
      })),
    ),
  );
  const accepting = demoPeople.filter((person) => demoTerms[person.client] !== undefined);
  if (accepting.length === 0) return;
  await db.insert(termsAcceptances).values(
    accepting.map((person) => ({
      instanceId: instanceId(person.email),
      clientId: clientIds.id(person.client),
      number: 1,
      culture: person.culture,
      address: '127.0.0.1',
    })),
  );
}
