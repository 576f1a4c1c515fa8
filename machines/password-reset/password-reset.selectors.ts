import type { SnapshotFrom } from 'xstate';
import { DEFAULT_CULTURE, type Culture } from '@contracts/culture';
import type { FieldFailure } from '@contracts/forms/rules';
import { newPasswordFailures, resetInputFailure, type ResetInput } from '@contracts/forms/reset-rules';
import { safeRedirectTarget } from '../support/safe-redirect';
import type { passwordResetMachine } from './password-reset.machine';

type ResetSnapshot = SnapshotFrom<typeof passwordResetMachine>;

/** The page's section (spec §2: e-mail, code, password, success; or only the disabled message). */
export type ResetSection = 'preparing' | 'failed' | 'disabled' | 'email' | 'code' | 'password' | 'done';

/** A call in flight keeps its section on screen (busy), so the form does not jump while it waits. */
const sectionOf = {
  preparing: 'preparing',
  failed: 'failed',
  disabled: 'disabled',
  email: 'email',
  requestingCode: 'email',
  code: 'code',
  validatingCode: 'code',
  password: 'password',
  resetting: 'password',
  done: 'done',
} as const satisfies Record<ResetSnapshot['value'], ResetSection>;

export const selectSection = (s: ResetSnapshot): ResetSection => sectionOf[s.value];

export const selectIsBusy = (s: ResetSnapshot): boolean => s.hasTag('busy');
export const selectValue = (input: ResetInput) => (s: ResetSnapshot) => s.context.values[input];
/** The refusal the page states above the form: one that names none of its inputs (those show under the input). */
export const selectProblem = (s: ResetSnapshot) => {
  const { problem } = s.context;
  return problem === undefined || Object.keys(problem.fields).length > 0 ? undefined : problem;
};
export const selectCulture = (s: ResetSnapshot): Culture => s.context.culture;
export const selectCaptchaConfig = (s: ResetSnapshot) => s.context.prepared?.captcha;
export const selectCaptchaRound = (s: ResetSnapshot) => s.context.captchaRound;
export const selectCanRequestNewCode = (s: ResetSnapshot): boolean => s.can({ type: 'code.request' });

/** An input's first failure, once it is to be shown (touched, or its step's submit tried); undefined otherwise. */
export const selectFailure =
  (input: ResetInput) =>
  (s: ResetSnapshot): FieldFailure | undefined => {
    // The server's refusal of this input (until the next edit, which clears it) shows at once.
    const refused = s.context.problem?.fields[input];
    if (refused !== undefined) return refused;
    if (!s.context.touched.includes(input)) return undefined;
    const { values } = s.context;
    if (input === 'email' || input === 'otpCode') return resetInputFailure(input, values[input]);
    return newPasswordFailures(values, values.email)[input];
  };

/** The captcha is the e-mail step's; a submit without its answer shows that it is missing. */
export const selectCaptchaMissing = (s: ResetSnapshot): boolean =>
  s.context.touched.includes('email') &&
  s.context.prepared?.captcha !== undefined &&
  s.context.captchaToken === undefined;

/**
 * Where the success link leads (spec §2 section 4): the redirect URL when one was given and it stays on Gatehouse
 * (as sign-up's confirmation: before sign-in no application can vouch for a foreign host), else the login page of the
 * client in the page's culture.
 */
export function selectDoneLink(
  s: ResetSnapshot,
  origin: string,
): { kind: 'redirect'; url: string } | { kind: 'login'; clientId: string | undefined; culture: Culture | undefined } {
  const url = safeRedirectTarget(s.context.redirectUrl, { origin, allowedHosts: [] });
  if (url !== undefined) return { kind: 'redirect', url };
  const culture = s.context.culture === DEFAULT_CULTURE ? undefined : s.context.culture;
  return { kind: 'login', clientId: s.context.clientId, culture };
}
