import type { FormMode } from '@contracts/forms/profile-rules';
import type { FormApplication, FormDefinition } from '@contracts/profile-form';

/** One step of the profile form's stepper (spec public-and-profile §2 "Instance (user profile) form"). */
export type FormStep =
  | { kind: 'profile' }
  | { kind: 'roles'; application: Pick<FormApplication, 'applicationId' | 'applicationName'> }
  | { kind: 'security' };

/** The step index the spec gives own-profile edits (§2 "Editing your own profile starts at step index 2"). */
export const OWN_PROFILE_START_STEP = 2;

/** Spec §2 "The scroll-to-step delay is 10 ms": the view scrolls the new step into sight this long after it shows. */
export const SCROLL_TO_STEP_DELAY_MS = 10;

/** Whether the form has a Security step: not in Admin mode, not for single-sign-on people (§2, §5, §6). */
export const hasSecurityStep = (mode: FormMode, form: Pick<FormDefinition, 'ssoInstance'>): boolean =>
  mode !== 'Admin' && !form.ssoInstance;

/**
 * The steps, in order: Profile; in Agent and Admin mode one role step per application; Security unless Admin mode or
 * a single-sign-on person (§2).
 */
export function stepsOf(mode: FormMode, form: Pick<FormDefinition, 'ssoInstance' | 'applications'>): FormStep[] {
  const roleSteps: FormStep[] =
    mode === 'Agent' || mode === 'Admin'
      ? form.applications.map((application) => ({
          kind: 'roles',
          application: { applicationId: application.applicationId, applicationName: application.applicationName },
        }))
      : [];
  return [{ kind: 'profile' }, ...roleSteps, ...(hasSecurityStep(mode, form) ? [{ kind: 'security' as const }] : [])];
}

/**
 * The step the form opens on (§2): the `stepIndex` query parameter (default 0), or index 2 for the person's own
 * profile in the dialog modes; always one of the steps the form has. Why "dialog modes": the board's Edit Profile is
 * always one's own profile and still takes `stepIndex` with its default 0 (admin-and-board §2), so the spec's index 2
 * is the user dialog's (Agent/Admin) opening on the signed-in person — docs/flows/profile-form.md "Decisions".
 */
export function startStepOf(
  mode: FormMode,
  { ownProfile, startStep }: { ownProfile: boolean; startStep: number },
  stepCount: number,
): number {
  const wanted = ownProfile && (mode === 'Agent' || mode === 'Admin') ? OWN_PROFILE_START_STEP : startStep;
  const whole = Number.isInteger(wanted) ? wanted : 0;
  return Math.min(Math.max(whole, 0), Math.max(stepCount - 1, 0));
}

/** The `stepIndex` query parameter as a step index (spec §2, default 0); anything but a whole number is 0. */
export function stepIndexOf(query: Readonly<Record<string, string>>): number {
  const text = query.stepIndex?.trim() ?? '';
  return /^\d{1,3}$/.test(text) ? Number(text) : 0;
}
