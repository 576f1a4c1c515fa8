import type { SnapshotFrom } from 'xstate';
import type { Region } from '@contracts/admin/applications';
import { label, type Text } from '../support/text';
import {
  applicationFields,
  invalidFields,
  isReadOnly,
  type ApplicationDraft,
  type ApplicationField,
} from './application-draft';
import type { applicationDialogMachine } from './application-dialog.machine';
export { selectCanClose, selectCanSave, selectIsBusy, selectIsStale, selectMode } from '../support/editor.selectors';

type DialogSnapshot = SnapshotFrom<typeof applicationDialogMachine>;

export const selectDraft = (s: DialogSnapshot): ApplicationDraft => s.context.draft.values;
export const selectRegions = (s: DialogSnapshot): readonly Region[] => s.context.loaded?.regions ?? [];

/** Spec §2: which inputs are read-only in this mode. */
export const selectReadOnly = (s: DialogSnapshot): Readonly<Record<ApplicationField, boolean>> =>
  Object.fromEntries(
    applicationFields.map((field) => [field, isReadOnly(field, s.context.loaded?.record ?? s.context.input.row)]),
  ) as Record<ApplicationField, boolean>;

/** The inputs that show a problem: refused by the contract and already changed by the person. */
export const selectShownProblems = (s: DialogSnapshot): readonly ApplicationField[] =>
  invalidFields(s.context.draft.values, s.context.loaded?.record ?? s.context.input.row).filter((field) =>
    s.context.draft.touched.includes(field),
  );

/** What each shown problem says: "required" while the input is blank, else the shared "please check" (VMGlobal). */
export const selectFieldProblems = (s: DialogSnapshot): Partial<Record<ApplicationField, 'required' | 'invalid'>> =>
  Object.fromEntries(
    selectShownProblems(s).map((field) => [
      field,
      s.context.draft.values[field].trim() === '' ? 'required' : 'invalid',
    ]),
  );

/** What the dialog explains above the inputs: a stale update, or a name or alias already taken. */
export const selectConflict = (s: DialogSnapshot): Text | undefined =>
  s.hasTag('conflict') ? label('Application_Text_Stale') : s.context.problem;
