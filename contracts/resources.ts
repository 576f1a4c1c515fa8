import * as v from 'valibot';
import { CultureSchema } from './culture';

/**
 * Resources: the texts, input rules, lists, menus, settings, FAQ, logos and themes of the portal, per client and
 * culture. JSON field names are the spec's entity fields in camelCase (spec `Key` → `key`).
 *
 * Fallback order for a text (issue #2): client + culture → client + default culture → global + culture →
 * global en-us; below all of them, the SPA's built-in Lingui catalogue.
 */

/** A label key has the shape `Area_Kind_Name` (Global_Text_VMRequired, Login_Text_ApplicationError, …). */
export const LabelKeySchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9]+(_[A-Za-z0-9]+)+$/), v.maxLength(120));
/** Components are the first segment of a key: `Global`, `Login`, `Application`, … */
export const ComponentSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9]+$/), v.maxLength(60));
/**
 * A reference to a client: its UUID, or its portal alias (the spec's Reset page sends people to `/Login/{portalAlias}`,
 * so every `clientId` a URL carries may be either). The server resolves an alias to the id.
 */
export const ClientIdSchema = v.pipe(
  v.string(),
  v.trim(),
  v.check((s) => UUID.test(s) || ALIAS.test(s), 'a client id or portal alias'),
);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ALIAS = /^[a-z0-9][a-z0-9-]{0,39}$/i;
export function isClientUuid(ref: string): boolean {
  return UUID.test(ref);
}

export const ResourceVersionSchema = v.object({ version: v.number() });
export type ResourceVersion = v.InferOutput<typeof ResourceVersionSchema>;

export const LabelSchema = v.object({ key: v.string(), value: v.string(), resourceId: v.string() });
export type Label = v.InferOutput<typeof LabelSchema>;
export const LabelListSchema = v.array(LabelSchema);

/** Rules and texts of one form input (spec §3 "Resource data for a form input"). */
export const InputResourceSchema = v.object({
  id: v.string(),
  key: v.string(),
  title: v.string(),
  isRequired: v.boolean(),
  type: v.string(),
  minValue: v.nullable(v.number()),
  maxValue: v.nullable(v.number()),
  validationRegex: v.nullable(v.string()),
  validationMessage: v.string(),
  placeHolder: v.string(),
  hidden: v.boolean(),
  disabled: v.boolean(),
  maskRegex: v.nullable(v.string()),
  iconClass: v.nullable(v.string()),
  iconOrientation: v.nullable(v.string()),
  sufix: v.nullable(v.string()),
  prefix: v.nullable(v.string()),
});
export type InputResource = v.InferOutput<typeof InputResourceSchema>;

export const ListItemSchema = v.object({ id: v.string(), key: v.string(), value: v.string() });
export type ListItem = v.InferOutput<typeof ListItemSchema>;
/** GET resource/lists: each named list's items. */
export const ListsSchema = v.record(v.string(), v.array(ListItemSchema));

export const roles = ['guest', 'admin', 'user', 'clientadmin', 'agent'] as const;
export type Role = (typeof roles)[number];

export const MenuItemSchema = v.object({
  linkUrl: v.string(),
  imageName: v.string(),
  caption: v.string(),
  order: v.number(),
  hidden: v.boolean(),
  roleAccess: v.array(v.picklist(roles)),
});
export type MenuItem = v.InferOutput<typeof MenuItemSchema>;
export const MenuSchema = v.object({ section: v.string(), menuItems: v.array(MenuItemSchema) });
export type Menu = v.InferOutput<typeof MenuSchema>;

/** The menu section of the admin portal's left menu (admin-and-board §2): the SPA loads it, the server seeds it. */
export const PORTAL_MENU_SECTION = 'Portal';

/** The flow inspector's address in the SPA (docs/spa.md "Flow inspector"), which its menu entry links to. */
export const INSPECTOR_PATH = '/dev/flows';

/** Portal settings are text values (Session_IdleTime, AllowPasswordResetWithOTP, …), as the spec compares them. */
export const SettingsSchema = v.record(v.string(), v.string());
export type Settings = v.InferOutput<typeof SettingsSchema>;

/**
 * The one-time-code password reset is on (public-and-profile §2: only the text "false" in AllowPasswordResetWithOTP
 * turns it off): the reset page offers it and the login page links to it.
 */
export const allowsCodeReset = (settings: Settings): boolean =>
  settings.AllowPasswordResetWithOTP?.trim().toLowerCase() !== 'false';

/** A text flag compared with the text "true" (public-and-profile §5 "Text flags"), spaces and case aside. */
const isTextTrue = (value: string): boolean => value.trim().toLowerCase() === 'true';

/**
 * Whether the sign-up form lets the e-mail be typed: SignUp_EmailEditable compared with the text "true"
 * (public-and-profile §5 "Text flags"); absent or anything else keeps the link's e-mail.
 */
export const signUpEmailEditable = (settings: Settings): boolean =>
  settings.SignUp_EmailEditable !== undefined && isTextTrue(settings.SignUp_EmailEditable);

/** The portal setting that says whether sign-up asks for the captcha (public-and-profile §5 "Text flags"). */
export const RECAPTCHA_FEATURE_SETTING = 'RecaptchaFeatureEnabled';

/**
 * Whether the sign-up page asks for the captcha, the one rule the SPA and the server both run: RecaptchaFeatureEnabled
 * compared with the text "true" (public-and-profile §5 "Text flags"; spaces and case aside, as every flag here), so a
 * client that sets it to "false" turns it off. A database that says nothing keeps the captcha on: protection is the
 * default, turning it off is an administrator's audited choice (the client dialog).
 */
export const signUpCaptchaOn = (settings: Settings): boolean => {
  const value = settings[RECAPTCHA_FEATURE_SETTING];
  return value === undefined || isTextTrue(value);
};

export const FaqQuestionSchema = v.object({
  id: v.string(),
  part: v.string(),
  section: v.string(),
  header: v.string(),
  tags: v.string(),
  questionText: v.string(),
  order: v.number(),
});
export type FaqQuestion = v.InferOutput<typeof FaqQuestionSchema>;
export const FaqSchema = v.array(FaqQuestionSchema);

export const ThemeSchema = v.object({
  primaryColor: v.string(),
  accentColor: v.string(),
  backgroundColor: v.string(),
  textColor: v.string(),
});
export type Theme = v.InferOutput<typeof ThemeSchema>;

/** Everything a page needs in one answer (GET resource/aggregatedByPage). */
export const AggregatedResourcesSchema = v.object({
  version: v.number(),
  culture: CultureSchema,
  clientId: v.nullable(v.string()),
  /** The labels of the asked culture: the client's row, else the global one (docs/i18n.md "How a text is resolved"). */
  labels: v.record(v.string(), v.string()),
  /**
   * Labels of the default culture (en-us) for keys no row of the asked culture has: the client's, else the global one.
   * The SPA uses one only for a key its built-in catalogue of the culture lacks (a field caption an administrator
   * added), so an English row never replaces a Spanish text. Empty on an en-us page.
   */
  fallbackLabels: v.optional(v.record(v.string(), v.string())),
  inputs: v.record(v.string(), InputResourceSchema),
  lists: v.record(v.string(), v.array(ListItemSchema)),
  settings: SettingsSchema,
  /**
   * The client allows sign-up (its AutoSignUp), so the login page offers a Sign up link; false without a client or for
   * an unknown one. Nothing else about the client is said here.
   */
  allowsSignUp: v.boolean(),
  /** The client's colours, else the provider's (global) ones, else null: the public pages wear them (issue 13). */
  theme: v.nullable(ThemeSchema),
});
export type AggregatedResources = v.InferOutput<typeof AggregatedResourcesSchema>;

/** Query of GET resource/aggregatedByPage. */
/**
 * `GET resource/aggregatedResources?menuSection` and `resource/dashboardAggregatedResources` (spec public-and-profile
 * §7): a page's resources as `aggregatedByPage` answers them, with the menu section the page's layout shows.
 */
export const AggregatedWithMenuSchema = v.object({ ...AggregatedResourcesSchema.entries, menu: MenuSchema });
export type AggregatedWithMenu = v.InferOutput<typeof AggregatedWithMenuSchema>;

export const AggregatedByPageQuerySchema = v.object({
  components: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]+(,[A-Za-z0-9]+)*$/), v.maxLength(400)),
  culture: v.optional(v.string()),
  clientId: v.optional(ClientIdSchema),
});

/** Body of PATCH resource/label (administrators only). `version` is the label's row version, for 409 on a stale edit. */
export const PatchLabelSchema = v.object({
  key: LabelKeySchema,
  value: v.pipe(v.string(), v.minLength(1, 'required'), v.maxLength(20000)),
  culture: CultureSchema,
  clientId: v.nullable(ClientIdSchema),
  version: v.optional(v.number()),
});
export type PatchLabel = v.InferOutput<typeof PatchLabelSchema>;

/** Body of PATCH resource/input (administrators only): both texts are required (spec §2 edit dialogs). */
export const PatchInputSchema = v.object({
  key: LabelKeySchema,
  validationMessage: v.pipe(v.string(), v.minLength(1, 'required'), v.maxLength(2000)),
  placeHolder: v.pipe(v.string(), v.minLength(1, 'required'), v.maxLength(2000)),
  culture: CultureSchema,
  clientId: v.nullable(ClientIdSchema),
  version: v.optional(v.number()),
});
export type PatchInput = v.InferOutput<typeof PatchInputSchema>;

/** SiteProfile (spec public-and-profile §3), answered by GET Resource/siteConfiguration?login. */
export const SiteProfileSchema = v.object({
  clientId: v.string(),
  clientName: v.string(),
  applicationName: v.nullable(v.string()),
  culture: CultureSchema,
  oktaPrefix: v.string(),
  portalAlias: v.string(),
  allowEmailAndUserName: v.boolean(),
  allowPasswordResetWithOTP: v.boolean(),
  securityAnswerAttempts: v.number(),
  showLoginAttemptCounter: v.boolean(),
  redirectUrl: v.nullable(v.string()),
  ssoId: v.nullable(v.string()),
  applications: v.array(
    v.object({
      id: v.string(),
      name: v.string(),
      alias: v.string(),
      applicationLink: v.string(),
      defaultRedirect: v.boolean(),
    }),
  ),
  rules: v.object({ excludeRoles: v.array(v.object({ applicationId: v.string(), role: v.string() })) }),
});
export type SiteProfile = v.InferOutput<typeof SiteProfileSchema>;
