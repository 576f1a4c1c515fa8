import type { Culture } from '@contracts/culture';
import type { FieldFailure } from '@contracts/forms/rules';
import type { FormMode, FormViewer, SecurityInput, SecurityValues } from '@contracts/forms/profile-rules';
import type { CaptchaConfig, InstanceCreate, InstanceRecord, InstanceUpdate, RegisterBody } from '@contracts/instance';
import type { FormDefinition, RoleOption, SignQuestion } from '@contracts/profile-form';
import type { AddressLookupConfig } from '@contracts/public-config';
import type { InputResource } from '@contracts/resources';
import type { EditorInputBase } from '../support/editor';
import type { AddressParts } from './address-parts';
import type { LinkControls } from './link-controls';

/**
 * The profile (instance) form engine's types (spec public-and-profile §2 "Instance (user profile) form", §4, §5, §6):
 * one engine for the modes Register, Edit, Agent and Admin, hosted by the sign-up page, the board's Edit Profile, the
 * admin `profile` page and (next) the user-administration dialog.
 */

/**
 * Whose profile the form edits: a person by id (their own, or someone else's), or nobody yet — a sign-up, or an
 * administrator's new person of a client (Admin mode, the manage-users page's Add).
 */
export type ProfileSubject =
  { kind: 'person'; id: string } | { kind: 'signUp'; clientId: string } | { kind: 'newPerson'; clientId: string };

/**
 * How the form ends its last step (spec §2): Register and its captcha; a modal's Cancel and Save; or the bottom
 * navigation Back, Cancel and Continue (Save on the last step).
 */
export type ProfileFooter = 'register' | 'modal' | 'navigation';

export type ProfileFormInput = EditorInputBase & {
  mode: FormMode;
  subject: ProfileSubject;
  /** Who looks at the form: administrators go by a field's own hidden flag, everyone else by the template's (§6). */
  viewer: FormViewer;
  culture: Culture;
  /** Register: the e-mail the address carried (prefilled). */
  email: string;
  /** The person edits their own profile (spec §2: own-profile edits start at step index 2; §6 excluded roles). */
  ownProfile: boolean;
  /** The `stepIndex` query parameter (spec §2, default 0); clamped to the steps the form has. */
  startStep: number;
  footer: ProfileFooter;
  /** Register: which captcha protects it (`config/public`); undefined when none is required (an `st` invitation). */
  captcha: CaptchaConfig | undefined;
  /** Register: the `st` token of a checked invitation; the e-mail is then fixed and the token sent with Register. */
  invitation?: string | undefined;
  /**
   * Register: the client's current terms of use (issue 34 item 2), when it has published any: the form is saved only
   * with them accepted, and the registration names the version and the culture read.
   */
  terms?: { number: number; culture: Culture } | undefined;
  /** What the address asks: prefills by meta tag, `DF` (docs/links.md); `noLinkControls` where no link leads. */
  link: LinkControls;
};

/** The resource-data keys of the form's fixed inputs (their rules, spec §5 "Per-field rules"). */
export const EMAIL_INPUT = 'Instance_Field_Email';
export const ANSWER_INPUT = 'Security_Field_Answer';

/** What `load` reads for the form, in one go (docs/flows/profile-form.md "Loading"). */
export type ProfileLoaded = {
  form: FormDefinition;
  /** Resource data of the e-mail and answer inputs (absent: the spec's "Invalid Resource"). */
  inputs: Readonly<Partial<Record<typeof EMAIL_INPUT | typeof ANSWER_INPUT, InputResource>>>;
  /** Portal setting SignUp_EmailEditable compared with the text "true" (§5). */
  emailEditable: boolean;
  /** The security questions, sorted without case (§2); empty when the form has no Security step. */
  questions: readonly SignQuestion[];
  /** Edit: the person's recovery question now (changing away from it makes the answer required, §4). */
  currentQuestion: string | null;
  /** Agent/Admin: each application's roles by application id (from its role URL, else the held or default role). */
  roleOptions: Readonly<Record<string, readonly RoleOption[]>>;
  /** The address lookup the server offers (`config/public`), read only when the form has an address field. */
  addressLookup: AddressLookupConfig | null;
};

/**
 * Every input of the form by one key, named as the server names them in a refusal (`body.<key>`): `email`,
 * `fields.<FieldName>`, `security.<input>`, `roles.<applicationId>`.
 */
export type InputKey = 'email' | `fields.${string}` | `security.${SecurityInput}` | `roles.${string}`;

export type ProfileDraft = {
  email: string;
  /** Field values by field name (every field of the form, shown or not: hidden ones keep their value). */
  values: Readonly<Record<string, string>>;
  security: SecurityValues;
  /** Agent/Admin: the role chosen per application id ('' for none). */
  roles: Readonly<Record<string, string>>;
  /** Inputs left once (blur), or shown by a refused Continue or Save: only these show their message (§5). */
  touched: Readonly<Partial<Record<InputKey, true>>>;
  /** The server's refusal of the last save, per input, until that input changes. */
  refused: Readonly<Partial<Record<InputKey, FieldFailure>>>;
  /** The step on screen, an index into `stepsOf(…)`. */
  step: number;
  /** The captcha's answer (Register); spent by a save, so a failed save clears it. */
  captchaToken: string | undefined;
  /** Bumped on every failed save: the captcha starts over (its view resets on a change), and sign-up counts it. */
  captchaRound: number;
  /** Register: the person ticked "I accept the terms of use and the privacy notice". */
  termsAccepted: boolean;
};

/** One edit of the draft (the editor pattern's `edit` event carries one). */
export type ProfileChange =
  | { kind: 'field'; name: string; value: string }
  | { kind: 'email'; value: string }
  | { kind: 'security'; input: SecurityInput; value: string }
  | { kind: 'role'; applicationId: string; value: string }
  /** The person left an input: its message may show from now on. */
  | { kind: 'touch'; input: InputKey }
  /** A step of the stepper chosen (linear in Register: only back, or the next one once this one is valid). */
  | { kind: 'step'; to: number }
  /** Continue: the next step when this one may be left, else every message of this step shows. */
  | { kind: 'next' }
  | { kind: 'captcha'; token: string | undefined }
  /** Register: the terms' checkbox ticked or cleared. */
  | { kind: 'terms'; accepted: boolean }
  /** A place chosen from the address lookup: its parts fill the address block's fields (address-parts.ts). */
  | { kind: 'address'; parts: AddressParts };

/** What `save` receives. */
export type ProfileSaveInput =
  | { kind: 'register'; body: RegisterBody }
  | { kind: 'update'; id: string; body: InstanceUpdate }
  | { kind: 'create'; body: InstanceCreate };

/**
 * What a save answers: a sign-up is accepted (never more, §5 no enumeration; with the hosts of the client's
 * application links, where its confirmation may return), an update the saved profile, an administrator's create the
 * new person's profile.
 */
export type ProfileResult =
  | { kind: 'registered'; applicationHosts?: readonly string[] }
  | { kind: 'updated'; record: InstanceRecord }
  | { kind: 'created'; record: InstanceRecord };
