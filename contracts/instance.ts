import * as v from 'valibot';
import { CultureSchema } from './culture';
import { ClientIdSchema } from './resources';
import { TermsAcceptanceSchema } from './terms';

/**
 * The user profile (spec public-and-profile §3 "InstanceDto", §7 "Instance and security"): `GET Instance` (own),
 * `GET Instance/{id}`, `PUT Instance/{id}`, `POST Instance/Register` (no auth). Only types and bounds are checked by
 * these schemas; the form's own rules (required, lengths, regexes, e-mail, the security rules) run next, at the
 * server boundary, with `contracts/forms/profile-rules.ts` — the functions the SPA runs — and a refusal names
 * `body.email`, `body.fields.{fieldName}`, `body.security.{input}` (a 400 `validation_failed`).
 */

const text = (max: number) => v.pipe(v.string(), v.maxLength(max, `at most ${String(max)} characters`));
/** A typed secret: never trimmed (spaces may be part of it). */
const secret = v.optional(text(200), '');

/** A field's value by the field's dictionary name (`{ "PhoneNumber": "(305) 555-0119" }`). */
export const FieldValuesSchema = v.pipe(
  v.record(v.pipe(v.string(), v.maxLength(100)), text(4000)),
  v.check((record) => Object.keys(record).length <= 500, 'at most 500 fields'),
);

export const InstanceIdParamsSchema = v.object({ id: v.pipe(v.string(), v.uuid('must be an id')) });

/** A person's role in one application (one per application). */
export const ApplicationRoleSchema = v.object({
  applicationId: v.string(),
  application: v.string(),
  roleValue: v.string(),
});
export type ApplicationRole = v.InferOutput<typeof ApplicationRoleSchema>;

/** A person's profile as the form edits it. */
export const InstanceRecordSchema = v.object({
  id: v.string(),
  clientId: v.string(),
  clientName: v.string(),
  email: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  culture: CultureSchema,
  ssoUser: v.boolean(),
  /** By field dictionary name, every field the person has a value for. */
  fields: v.record(v.string(), v.string()),
  applicationRoles: v.array(ApplicationRoleSchema),
  /** The row version a save must name (PUT Instance/{id}); a stale one answers 409 `stale_update`. */
  version: v.number(),
});
export type InstanceRecord = v.InferOutput<typeof InstanceRecordSchema>;

/**
 * The security step of a save (spec §2 "Security form"). Edit: only what the person changes; `currentPassword`
 * proves it is them. Register: `password`, `confirmPassword`, `securityQuestion`, `securityAnswer` are all required.
 */
export const SecurityChangeSchema = v.object({
  currentPassword: secret,
  password: secret,
  confirmPassword: secret,
  /** The question's text as `resource/signQuestions` lists it (in any culture of the client's list). */
  securityQuestion: v.optional(text(300), ''),
  securityAnswer: secret,
});
export type SecurityChange = v.InferOutput<typeof SecurityChangeSchema>;

/**
 * Agent/Admin: role per application id (only the client's active applications; an empty role is none). At most 100
 * entries: one per application a client offers, with room to spare; a longer list is no form's.
 */
const ApplicationRolesSchema = v.pipe(
  v.array(v.object({ applicationId: v.pipe(v.string(), v.uuid('must be an id')), roleValue: text(100) })),
  v.maxLength(100, 'at most 100 roles'),
);

/** PUT Instance/{id}: the whole form (Edit, Agent, Admin). */
export const InstanceUpdateSchema = v.object({
  version: v.pipe(v.number(), v.integer(), v.minValue(1)),
  culture: v.optional(CultureSchema),
  fields: FieldValuesSchema,
  /** Agent/Admin: the roles to set (an empty role removes it). */
  applicationRoles: v.optional(ApplicationRolesSchema),
  /** Own profile only (Edit): a new password and/or recovery question. */
  security: v.optional(SecurityChangeSchema),
});
export type InstanceUpdate = v.InferOutput<typeof InstanceUpdateSchema>;

/**
 * POST Instance (an administrator's create, Admin mode): a new person of a client the caller reaches, with the form's
 * values and a role per application. No security inputs: the person sets their password through the activation mail.
 */
export const InstanceCreateSchema = v.object({
  clientId: v.pipe(v.string(), v.uuid('must be an id')),
  email: v.pipe(v.string(), v.trim(), text(254)),
  culture: v.optional(CultureSchema),
  fields: FieldValuesSchema,
  applicationRoles: v.optional(ApplicationRolesSchema, []),
});
export type InstanceCreate = v.InferOutput<typeof InstanceCreateSchema>;

/** POST Instance/Register (no auth): the Register form and its captcha. */
export const RegisterBodySchema = v.object({
  /** UUID or portal alias of a client that allows sign-up (its AutoSignUp). */
  clientId: ClientIdSchema,
  email: v.pipe(v.string(), v.trim(), text(254)),
  culture: v.optional(CultureSchema),
  fields: FieldValuesSchema,
  security: SecurityChangeSchema,
  /** The ALTCHA payload (base64) or the reCAPTCHA v3 token, as `config/public`'s `captcha.provider` says. */
  captcha: v.pipe(v.string(), v.maxLength(20_000)),
  /**
   * The `st` token of an invitation to this client for this e-mail (docs/links.md "Invitations"): instead of the
   * captcha, and spent by the registration.
   */
  invitation: v.optional(v.pipe(v.string(), v.maxLength(2_000))),
  /**
   * The client's current terms of use and privacy notice, accepted (issue 34 item 2): required when the client has
   * published terms (`GET Terms/Current/:clientId`), and then the current version's number.
   */
  terms: v.optional(TermsAcceptanceSchema),
});
export type RegisterBody = v.InferOutput<typeof RegisterBodySchema>;

/**
 * The answer to every accepted sign-up — a new person, or an e-mail the client already knows (whose owner gets a mail
 * instead) — identical on purpose: it says nothing about who has an account.
 */
export const RegisterResultSchema = v.object({
  accepted: v.literal(true),
  /**
   * The hosts of the client's active application links: where the confirmation's link may return (public-and-profile
   * §4 "Sign-up"), the same for every e-mail of the client.
   */
  applicationHosts: v.array(v.string()),
});
export type RegisterResult = v.InferOutput<typeof RegisterResultSchema>;

/** Which captcha the SPA shows (`GET config/public` → `captcha`). */
export const CaptchaConfigSchema = v.variant('provider', [
  v.object({ provider: v.literal('recaptcha'), siteKey: v.string() }),
  /** ALTCHA: the widget fetches a challenge from `challengeUrl` (`GET captcha/challenge`). */
  v.object({ provider: v.literal('altcha'), challengeUrl: v.string() }),
]);
export type CaptchaConfig = v.InferOutput<typeof CaptchaConfigSchema>;

/** `GET captcha/challenge`: an ALTCHA v2 challenge, signed by the server, single use, expiring. */
export const AltchaChallengeSchema = v.object({
  parameters: v.object({
    algorithm: v.string(),
    nonce: v.string(),
    salt: v.string(),
    cost: v.number(),
    keyLength: v.number(),
    keyPrefix: v.string(),
    keySignature: v.optional(v.string()),
    memoryCost: v.optional(v.number()),
    parallelism: v.optional(v.number()),
    expiresAt: v.optional(v.number()),
    data: v.optional(v.record(v.string(), v.union([v.string(), v.number(), v.boolean(), v.null()]))),
  }),
  signature: v.optional(v.string()),
});
export type AltchaChallenge = v.InferOutput<typeof AltchaChallengeSchema>;

/** Query of `GET FormApplicationTemplateClientField/Register/{clientId}` and the client's empty form. */
export const RegisterClientParamsSchema = v.object({ clientId: ClientIdSchema });

/** A person's e-mail in a path (`Instance/{email}/{clientId}` and the form paths that name a person by it). */
const PathEmailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'is required'),
  v.maxLength(254, 'at most 254 characters'),
  v.email('is not an e-mail address'),
);

/** `GET Instance/{email}/{clientId}` (spec admin-and-board §3 "Instance", §7): a person by e-mail within a client. */
export const InstanceByEmailParamsSchema = v.object({ email: PathEmailSchema, clientId: ClientIdSchema });

/**
 * How the caller works on the profile a form path names: their own (Edit), as an administrator (Admin) or as an agent
 * of the same client (Agent). Register has no person, so no path names it.
 */
export const InstanceFormModeSchema = v.picklist(['Edit', 'Agent', 'Admin'], 'must be Edit, Agent or Admin');

/**
 * `GET InstanceApplicationTemplateClientField/Form/Instance/{email}/{clientId}/{culture}/{formMode}` (spec
 * public-and-profile §7 "Form definitions", the four-part path). The culture is accepted because the spec sends it;
 * the form holds no texts, so nothing depends on it.
 */
export const InstanceFormParamsSchema = v.object({
  email: PathEmailSchema,
  clientId: ClientIdSchema,
  culture: v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/, 'is not a culture')),
  formMode: InstanceFormModeSchema,
});

/** `…/Form/InstanceByApplicationName/{email}/{clientId}/{culture}/{formMode}/{applicationName}`: the five-part path. */
export const InstanceFormByApplicationParamsSchema = v.object({
  ...InstanceFormParamsSchema.entries,
  /** An active application of the client, by name or alias (any case). */
  applicationName: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'is required'),
    v.maxLength(200, 'at most 200 characters'),
  ),
});

/**
 * `GET InstanceClientApplication[/{id} | /{email}/{clientId}]` (spec public-and-profile §7 "Form definitions",
 * admin-and-board §3 "ClientApplication"): each application the person's client offers, with the person's role in it
 * (`value`, null when they hold none). Scoped like the profile the path names.
 */
export const InstanceClientApplicationSchema = v.object({
  /** The client application's id. */
  id: v.string(),
  clientId: v.string(),
  clientName: v.string(),
  applicationId: v.string(),
  applicationName: v.string(),
  regionId: v.string(),
  /** The template the client's form uses for it (the Default template's id when it names none). */
  templateId: v.nullable(v.string()),
  instanceId: v.string(),
  /** The person's full name. */
  instanceName: v.string(),
  displayOrder: v.number(),
  value: v.nullable(v.string()),
  oktaContainer: v.nullable(v.string()),
  oktaContainerLabel: v.nullable(v.string()),
  rolesApiUrl: v.nullable(v.string()),
  active: v.boolean(),
});
export type InstanceClientApplication = v.InferOutput<typeof InstanceClientApplicationSchema>;
export const InstanceClientApplicationListSchema = v.array(InstanceClientApplicationSchema);
