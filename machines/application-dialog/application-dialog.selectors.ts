import type { SnapshotFrom } from 'xstate';
import type { Region } from '@contracts/admin/applications';
import type { Text } from '../support/text';
import { applicationFields, isReadOnly, type ApplicationDraft, type ApplicationField } from './application-draft';
import type { applicationDialogMachine } from './application-dialog.machine';

type DialogSnapshot = SnapshotFrom<typeof applicationDialogMachine>;

export const selectMode = (s: DialogSnapshot): 'create' | 'update' => (s.context.row ? 'update' : 'create');
export const selectDraft = (s: DialogSnapshot): ApplicationDraft => s.context.draft;
export const selectRegions = (s: DialogSnapshot): readonly Region[] => s.context.regions;

/** Spec §2: which inputs are read-only in this mode. */
export const selectReadOnly = (s: DialogSnapshot): Readonly<Record<ApplicationField, boolean>> =>
  Object.fromEntries(applicationFields.map((field) => [field, isReadOnly(field, s.context.row)])) as Record<
    ApplicationField,
    boolean
  >;

/** The inputs that show a problem: refused by the contract and already changed by the person. */
export const selectShownProblems = (s: DialogSnapshot): readonly ApplicationField[] =>
  s.context.invalid.filter((field) => s.context.touched.includes(field));

/** Save is enabled only while the form is valid, nothing is stale and no call is under way (§2). */
export const selectCanSave = (s: DialogSnapshot): boolean => s.can({ type: 'dialog.save' });
/** Closing is possible except while a save is under way. */
export const selectCanClose = (s: DialogSnapshot): boolean => s.can({ type: 'dialog.close' });
export const selectIsBusy = (s: DialogSnapshot): boolean => s.hasTag('busy');
export const selectConflict = (s: DialogSnapshot): Text | undefined => s.context.conflict;
