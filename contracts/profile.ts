import * as v from 'valibot';
import { CultureSchema } from './culture';
import { roles } from './resources';

/**
 * The signed-in person as the portal sees them (spec public-and-profile §3 "User profile"), answered by
 * POST profile/validate and used by the SPA's guards, menu and launcher.
 */
export const ProfileApplicationSchema = v.object({
  id: v.string(),
  name: v.string(),
  alias: v.string(),
  applicationLink: v.string(),
  iconIdentifier: v.string(),
  defaultRedirect: v.boolean(),
  roleValue: v.nullable(v.string()),
});
export type ProfileApplication = v.InferOutput<typeof ProfileApplicationSchema>;

export const UserProfileSchema = v.object({
  userId: v.string(),
  userName: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  fullName: v.string(),
  email: v.string(),
  culture: CultureSchema,
  countryCode: v.nullable(v.string()),
  telephoneNumber: v.nullable(v.string()),
  clientId: v.string(),
  clientName: v.string(),
  portalAlias: v.string(),
  applications: v.array(ProfileApplicationSchema),
  applicationRoles: v.array(v.object({ application: v.string(), roleValue: v.string() })),
  fields: v.array(v.object({ fieldName: v.string(), value: v.string() })),
  isAulAdmin: v.boolean(),
  aulApplicationName: v.nullable(v.string()),
  clientRestrictionFilter: v.nullable(v.string()),
  role: v.picklist(roles),
  expiresAt: v.nullable(v.string()),
});
export type UserProfile = v.InferOutput<typeof UserProfileSchema>;

/** Why a valid token still does not give a profile here (spec §4 "Invalid profile"). */
export const profileProblems = ['application_not_found', 'client_not_found'] as const;
export type ProfileProblem = (typeof profileProblems)[number];

export const ProfileValidateQuerySchema = v.object({
  clientId: v.optional(v.string()),
  applicationName: v.optional(v.pipe(v.string(), v.maxLength(200))),
  culture: v.optional(v.string()),
});

export const ProfileValidateResultSchema = v.object({
  valid: v.boolean(),
  validationMessage: v.nullable(v.picklist(profileProblems)),
  userProfile: v.nullable(UserProfileSchema),
});
export type ProfileValidateResult = v.InferOutput<typeof ProfileValidateResultSchema>;

/** GET Security/{email}/{clientId}: what the security form needs (spec §3 "Security record read"). */
export const SecurityRecordSchema = v.object({
  recoveryQuestion: v.nullable(v.string()),
  ssoUser: v.boolean(),
});
export type SecurityRecord = v.InferOutput<typeof SecurityRecordSchema>;
