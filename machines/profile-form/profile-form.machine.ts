import { failureNotice } from '../admin-grid/failure-notice';
import { createEditorMachine, type EditorEvent } from '../support/editor';
import { label } from '../support/text';
import {
  afterSaveFailure,
  applyEdit,
  canSaveProfile,
  draftOf,
  emptyDraft,
  refusedSave,
  saveInputOf,
} from './profile-draft';
import type { ProfileChange, ProfileFormInput, ProfileLoaded, ProfileResult } from './profile-form.types';

export type ProfileFormEvent = EditorEvent<ProfileChange>;

/**
 * The profile (instance) form engine (spec public-and-profile §2 "Instance (user profile) form", "Security form",
 * §4, §5, §6, §8) on the editor pattern: one machine for Register, Edit, Agent and Admin. `load` reads the form
 * definition with everything its rules need (docs/flows/profile-form.md "Loading"); every edit is one `edit` event
 * (a value, a touch, a step, the captcha) applied by profile-draft.ts; `save` sends Register's body or the update with
 * the version read, so a stale save is the pattern's conflict (reload theirs / keep mine).
 *
 * Two pattern options carry the form's own rules: a Save or Register the rules refuse shows every message
 * (`refusedSave`), and a failed save resets the captcha and puts the server's per-input refusals beside the inputs
 * (`afterSaveFailure`). Failures are the spec's: a save failure is an error snackbar with the server's message under
 * Global_Text_FailTitle (§8 "Instance save and delete failures"), a failed read of one's profile is titled with the
 * user-not-found label (admin-and-board §8 "Edit-profile user load fails"); a 401 goes to the host's one 401 policy.
 */
export const profileFormMachine = createEditorMachine({
  id: 'profileForm',
  types: {} as { result: ProfileResult },
  emptyDraft,
  draftOf: (loaded: ProfileLoaded, input: ProfileFormInput, current) => draftOf(loaded, input, current),
  applyEdit: (draft, change: ProfileChange, loaded, input) => applyEdit(draft, change, loaded, input),
  canSave: canSaveProfile,
  saveInput: saveInputOf,
  refusedSave,
  afterSaveFailure,
  failureNotice: (error, phase) =>
    failureNotice(error, label(phase === 'load' ? 'Instance_Text_UserNotFound' : 'Global_Text_FailTitle')),
});
