import type { Culture } from '@contracts/culture';
import type { FieldFailure } from '@contracts/forms/rules';
import type { ResetInput } from '@contracts/forms/reset-rules';
import type { CaptchaConfig } from '@contracts/instance';
import type { ReportingPorts } from '../support/ports';

export type PasswordResetInput = {
  /** UUID or portal alias of the client, from the route or the `clientId` query parameter; none: the server decides. */
  clientId: string | undefined;
  /** The `email` query parameter, prefilled. */
  email: string;
  /** Where the success link leads instead of the login page, when given (and safe: see the selectors). */
  redirectUrl: string | undefined;
  culture: Culture;
  ports: ReportingPorts;
};

/** What the page reads before it shows anything: the captcha, and whether the client allows the reset at all. */
export type ResetPrepared = { captcha: CaptchaConfig | undefined; allowed: boolean };

/**
 * A refusal of the server: its stable code (contracts/errors.ts) and its message, shown with the code (spec §8); and
 * the inputs it names with their failure (a new password refused as common or as the person's own name), which show
 * under those inputs in the page's language instead.
 */
export type ResetProblem = { code: string; message: string; fields: Partial<Record<ResetInput, FieldFailure>> };

export type RequestCodeInput = { email: string; clientId: string | undefined; captcha: string };
export type ValidateCodeInput = { email: string; clientId: string | undefined; otpCode: string };
export type SetPasswordInput = { email: string; clientId: string | undefined; ek2: string; password: string };

export type PasswordResetEvent =
  | { type: 'edit'; input: ResetInput; value: string }
  /** The input lost focus: its message shows from now on. */
  | { type: 'touch'; input: ResetInput }
  /** The captcha's answer, or undefined when it has none (expired, starting over). */
  | { type: 'captcha.token'; token: string | undefined }
  | { type: 'submit' }
  /** Back to the e-mail step for a new code (a code that expired, was lost, or was tried too often). */
  | { type: 'code.request' }
  | { type: 'retry' };

export type ResetValues = Record<ResetInput, string>;
