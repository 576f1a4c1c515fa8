import { relations } from 'drizzle-orm';
import { fields, subFields, templateFields, templates } from './tables/forms';
import { instanceApplicationRoles, instanceFieldValues, instances } from './tables/people';
import { applications, clientApplications, clients, cmsSites, regions } from './tables/portal';

/* Relations for drizzle's relational queries (`db.query.clients.findMany({ with: { clientApplications: true } })`). */

export const cmsSitesRelations = relations(cmsSites, ({ many }) => ({ clients: many(clients) }));

export const regionsRelations = relations(regions, ({ many }) => ({ applications: many(applications) }));

export const clientsRelations = relations(clients, ({ one, many }) => ({
  cmsSite: one(cmsSites, { fields: [clients.cmsSiteId], references: [cmsSites.id] }),
  clientApplications: many(clientApplications),
  instances: many(instances),
}));

export const applicationsRelations = relations(applications, ({ one, many }) => ({
  region: one(regions, { fields: [applications.regionId], references: [regions.id] }),
  clientApplications: many(clientApplications),
  instanceRoles: many(instanceApplicationRoles),
}));

export const clientApplicationsRelations = relations(clientApplications, ({ one }) => ({
  client: one(clients, { fields: [clientApplications.clientId], references: [clients.id] }),
  application: one(applications, { fields: [clientApplications.applicationId], references: [applications.id] }),
  template: one(templates, { fields: [clientApplications.templateId], references: [templates.id] }),
}));

export const templatesRelations = relations(templates, ({ many }) => ({
  templateFields: many(templateFields),
  clientApplications: many(clientApplications),
}));

export const fieldsRelations = relations(fields, ({ many }) => ({
  subFields: many(subFields),
  templateFields: many(templateFields),
}));

export const subFieldsRelations = relations(subFields, ({ one }) => ({
  field: one(fields, { fields: [subFields.fieldId], references: [fields.id] }),
}));

export const templateFieldsRelations = relations(templateFields, ({ one }) => ({
  template: one(templates, { fields: [templateFields.templateId], references: [templates.id] }),
  field: one(fields, { fields: [templateFields.fieldId], references: [fields.id] }),
}));

export const instancesRelations = relations(instances, ({ one, many }) => ({
  client: one(clients, { fields: [instances.clientId], references: [clients.id] }),
  fieldValues: many(instanceFieldValues),
  applicationRoles: many(instanceApplicationRoles),
}));

export const instanceFieldValuesRelations = relations(instanceFieldValues, ({ one }) => ({
  instance: one(instances, { fields: [instanceFieldValues.instanceId], references: [instances.id] }),
  field: one(fields, { fields: [instanceFieldValues.fieldId], references: [fields.id] }),
}));

export const instanceApplicationRolesRelations = relations(instanceApplicationRoles, ({ one }) => ({
  instance: one(instances, { fields: [instanceApplicationRoles.instanceId], references: [instances.id] }),
  application: one(applications, { fields: [instanceApplicationRoles.applicationId], references: [applications.id] }),
}));
