import * as v from 'valibot';
import { EntityIdSchema, RowVersionSchema, optionalText } from './common';

/**
 * One application of the catalogue as seen from one client (spec §3 ClientApplication): GET ClientApplication/{clientId}
 * answers every application, activated or not. `id` and `version` are null for an application the client never had.
 * On first activation the server gives it the Default template, so the edit-template button has a template to edit.
 */
export const ClientApplicationSchema = v.object({
  id: v.nullable(v.string()),
  clientId: v.string(),
  clientName: v.string(),
  applicationId: v.string(),
  applicationName: v.string(),
  regionId: v.string(),
  templateId: v.nullable(v.string()),
  displayOrder: v.number(),
  oktaContainer: v.nullable(v.string()),
  oktaContainerLabel: v.nullable(v.string()),
  rolesApiUrl: v.nullable(v.string()),
  active: v.boolean(),
  version: v.nullable(v.number()),
});
export type ClientApplication = v.InferOutput<typeof ClientApplicationSchema>;
export const ClientApplicationListSchema = v.array(ClientApplicationSchema);

/**
 * PUT ClientApplication/{clientId}: the full list of the client's applications with their active flags (spec §7).
 * `version` is the one read (null for one never activated); a stale one is answered 409 and nothing is saved.
 */
export const ClientApplicationActivationSchema = v.object({
  applications: v.array(
    v.object({ applicationId: EntityIdSchema, active: v.boolean(), version: v.nullable(RowVersionSchema) }),
  ),
});
export type ClientApplicationActivation = v.InferInput<typeof ClientApplicationActivationSchema>;

/** The client-application dialog's record (spec §3 ClientApplicationTemplate); `id` is the client application's. */
export const ClientApplicationTemplateSchema = v.object({
  id: v.string(),
  templateId: v.nullable(v.string()),
  oktaContainer: v.nullable(v.string()),
  oktaContainerLabel: v.nullable(v.string()),
  rolesApiUrl: v.nullable(v.string()),
  /**
   * The site rules' excluded roles in this application (migration 0012, public-and-profile §3 Rules.ExcludeRoles, §6):
   * role lists offer them to nobody but the person themselves.
   */
  excludedRoles: v.array(v.string()),
  /**
   * The roles of the application an exclusion may name: what its role list answers here (`GET ApplicationRoles/{alias}`),
   * its default role, the roles people hold in it, and the roles excluded today.
   */
  roleOptions: v.array(v.string()),
  version: v.number(),
});
export type ClientApplicationTemplate = v.InferOutput<typeof ClientApplicationTemplateSchema>;

/** PUT ClientApplicationTemplate/{id} body: the full record. A Default template is refused (400 naming templateId). */
export const ClientApplicationTemplateUpdateSchema = v.object({
  templateId: EntityIdSchema,
  oktaContainer: optionalText(200),
  oktaContainerLabel: optionalText(200),
  rolesApiUrl: optionalText(2000),
  /**
   * The excluded roles, each once (case aside) and each one of the record's `roleOptions` (else 400 naming
   * `body.excludedRoles.{i}`). Left out: the exclusions stay as they are.
   */
  excludedRoles: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100))),
      v.maxLength(50),
      v.check((list) => new Set(list.map((role) => role.toLowerCase())).size === list.length, 'a role appears once'),
    ),
  ),
  version: RowVersionSchema,
});
export type ClientApplicationTemplateUpdate = v.InferInput<typeof ClientApplicationTemplateUpdateSchema>;

/**
 * `GET ApplicationTemplateClientField[/{id}]` (spec public-and-profile §3 "Admin views", §7 "Form definitions"): each
 * field placed on the template of a client application, with its placement's flags. `id` of the path is the client
 * application's; a client application without a template of its own shows the Default template's fields, as its form.
 */
export const ApplicationTemplateClientFieldSchema = v.object({
  clientApplicationId: v.string(),
  clientId: v.string(),
  clientName: v.string(),
  applicationId: v.string(),
  applicationName: v.string(),
  active: v.boolean(),
  oktaContainer: v.nullable(v.string()),
  oktaContainerLabel: v.nullable(v.string()),
  templateId: v.string(),
  templateName: v.string(),
  /** The placement's id (TemplateField). */
  templateFieldId: v.string(),
  fieldId: v.string(),
  fieldName: v.string(),
  mandatory: v.boolean(),
  /** Hidden for everyone but administrators (TemplateHiddenField). */
  hidden: v.boolean(),
  adminField: v.boolean(),
  /** Roles (lower case) for which the field is read-only (FieldTemplateLockFor). */
  fieldTemplateLockFor: v.array(v.string()),
  displayOrder: v.number(),
});
export type ApplicationTemplateClientField = v.InferOutput<typeof ApplicationTemplateClientFieldSchema>;
export const ApplicationTemplateClientFieldListSchema = v.array(ApplicationTemplateClientFieldSchema);
