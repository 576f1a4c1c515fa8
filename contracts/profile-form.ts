import * as v from 'valibot';
import { fieldDataTypes } from './field-kinds';

/**
 * The profile (instance) form's definition (spec public-and-profile §3 "Form model", "Form field"; §7 "Form
 * definitions"), answered by `GET FormApplicationTemplateClientField/…` (an empty form of a client: Register, and
 * Admin/Agent creating someone) and `GET InstanceApplicationTemplateClientField/Form/Instance/{id}` (a person's form
 * with their values: Edit, Agent, Admin). The SPA's form engine renders and validates from it; the server validates a
 * save with the same definition and the same rules (`contracts/forms/profile-rules.ts`).
 */

/** An option of a SELECT or a button of a RADIO BUTTON GROUP (the spec's Childs), in order. */
export const FormFieldOptionSchema = v.object({
  /** Stored value. */
  value: v.string(),
  /** English caption; the SPA shows the label `FormField_Option_{fieldName}_{value}` when the catalogue has it. */
  caption: v.string(),
  order: v.number(),
});
export type FormFieldOption = v.InferOutput<typeof FormFieldOptionSchema>;

/**
 * How an NVARCHAR field is typed in (spec §2 "Input types"): the spec's input types, plus `ssn`, our social security
 * number input (§5 "Social security number input"). Number is shown as text with a decimal keypad; masked hides its
 * value behind a show/hide toggle.
 */
export const fieldInputTypes = [
  'color',
  'date',
  'datetime-local',
  'email',
  'month',
  'number',
  'password',
  'search',
  'tel',
  'text',
  'time',
  'url',
  'week',
  'masked',
  'ssn',
] as const;
export type FieldInputType = (typeof fieldInputTypes)[number];

const knownInputTypes: ReadonlySet<string> = new Set(fieldInputTypes);

/**
 * A field definition's CssField read as its input type, ignoring case and surrounding blanks. Anything else, and no
 * CssField at all, is `text` (spec §2 "An unknown type falls back to text").
 */
export function inputTypeOf(cssField: string | null): FieldInputType {
  const type = (cssField ?? '').trim().toLowerCase();
  return knownInputTypes.has(type) ? (type as FieldInputType) : 'text';
}

const dateInputTypes: ReadonlySet<FieldInputType> = new Set(['date', 'datetime-local', 'month', 'week', 'time']);

/** Input types that hold a date or a time, to which length rules do not apply (spec §5). */
export const isDateInputType = (type: FieldInputType): boolean => dateInputTypes.has(type);

export const FormFieldSchema = v.object({
  fieldId: v.string(),
  /** The field's dictionary name: the key of its value in `fields` of a save, and of its labels `FormField_Name_…`. */
  fieldName: v.string(),
  dataType: v.picklist(fieldDataTypes),
  /** How the field is typed in: its definition's CssField read by `inputTypeOf`; only NVARCHAR fields are typed in. */
  inputType: v.picklist(fieldInputTypes),
  metaTag: v.nullable(v.string()),
  /** The person's value (Edit, Agent, Admin); on an empty form the default value, or ''. */
  value: v.string(),
  defaultValue: v.nullable(v.string()),
  /** Required on this form (mandatory on any of the client's templates that place it). */
  mandatory: v.boolean(),
  /** The field's own hidden flag, which administrators go by (no field hides itself today: always false). */
  hidden: v.boolean(),
  /** Hidden for everyone but administrators (the template's flag, the spec's TemplateHiddenField). */
  templateHiddenField: v.boolean(),
  /** The field definition's Disable flag: shown, never edited. */
  fieldDisable: v.boolean(),
  /** Roles (lower case) for which the field is read-only (the spec's FieldTemplateLockFor). */
  fieldTemplateLockFor: v.array(v.string()),
  /** Shown and edited by administrators only; the server leaves such fields out of anyone else's form. */
  adminField: v.boolean(),
  maskRegex: v.nullable(v.string()),
  validationRegex: v.nullable(v.string()),
  sufix: v.nullable(v.string()),
  prefix: v.nullable(v.string()),
  validationMessage: v.nullable(v.string()),
  dataLength: v.number(),
  displayOrder: v.number(),
  childs: v.array(FormFieldOptionSchema),
});
export type FormField = v.InferOutput<typeof FormFieldSchema>;

/** One application of the client: its role step (Agent/Admin) and which of the form's fields its template places. */
export const FormApplicationSchema = v.object({
  applicationId: v.string(),
  applicationName: v.string(),
  alias: v.string(),
  templateName: v.nullable(v.string()),
  /** The role the person holds in it (null: none, and always null on an empty form). */
  roleValue: v.nullable(v.string()),
  defaultRoleValue: v.string(),
  /**
   * Where the role list comes from (the client application's RolesApiUrl), placeholders (`{clientId}`, `{userName}`,
   * `{appRole}` …) unsubstituted; null: only the held or the default role. Gatehouse serves the demo world's
   * (`GET ApplicationRoles/{alias}`).
   */
  rolesApiUrl: v.nullable(v.string()),
  /**
   * The client's site rules' excluded roles in this application (spec §3 SiteProfile Rules.ExcludeRoles, §6): role
   * lists leave them out on anyone's profile but one's own, and a save giving one is refused.
   */
  excludedRoles: v.array(v.string()),
  /** Field names of this application's template (the Default template's when it has none), in display order. */
  fieldNames: v.array(v.string()),
});
export type FormApplication = v.InferOutput<typeof FormApplicationSchema>;

export const FormDefinitionSchema = v.object({
  clientId: v.string(),
  clientName: v.string(),
  portalAlias: v.string(),
  /** The person's profile id, and its row version to send back with a save; null on an empty form. */
  instanceId: v.nullable(v.string()),
  version: v.nullable(v.number()),
  email: v.string(),
  /** Signs in through the client's own identity provider: no Security step (spec's SSOInstace). */
  ssoInstance: v.boolean(),
  /** Every field of the client's active applications' templates, once each, in display order. */
  fields: v.array(FormFieldSchema),
  applications: v.array(FormApplicationSchema),
});
export type FormDefinition = v.InferOutput<typeof FormDefinitionSchema>;

/** `GET FormApplicationTemplateClientField/{clientId}/{culture}` and `…/Register/{clientId}`. */
export const FormClientParamsSchema = v.object({
  clientId: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
  culture: v.optional(v.string()),
});

/** A role an application offers (the spec's role list: an array of Caption and Key). */
export const RoleOptionSchema = v.object({ caption: v.string(), key: v.string() });
export const RoleListSchema = v.array(RoleOptionSchema);
export type RoleOption = v.InferOutput<typeof RoleOptionSchema>;

/** `GET resource/signQuestions`: the security questions, sorted without case (spec §2 "Security form"). */
export const SignQuestionSchema = v.object({ key: v.string(), question: v.string() });
export const SignQuestionListSchema = v.array(SignQuestionSchema);
export type SignQuestion = v.InferOutput<typeof SignQuestionSchema>;
