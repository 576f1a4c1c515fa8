import type { SnapshotFrom } from 'xstate';
import type { IdentityProvider } from '@contracts/admin/identity-providers';
import { label, type Text } from '../support/text';
import {
  claimRowProblems,
  fieldsOf,
  invalidFields,
  isReadOnly,
  MAX_CLAIMS,
  type IdentityProviderDraft,
  type IdentityProviderField,
  type IdentityProviderProblemField,
} from './identity-provider-draft';
import type { identityProviderDialogMachine, ServedClientChoice } from './identity-provider-dialog.machine';
export { selectCanClose, selectCanSave, selectIsBusy, selectIsStale, selectMode } from '../support/editor.selectors';

type DialogSnapshot = SnapshotFrom<typeof identityProviderDialogMachine>;

const recordOf = (s: DialogSnapshot): IdentityProvider | undefined => s.context.loaded?.record ?? s.context.input.row;

export const selectDraft = (s: DialogSnapshot): IdentityProviderDraft => s.context.draft.values;
export const selectRecord = (s: DialogSnapshot): IdentityProvider | undefined => recordOf(s);

/** The clients to serve, with the one the draft names even when the list does not hold it (a failed read). */
export const selectClients = (s: DialogSnapshot): readonly ServedClientChoice[] => s.context.loaded?.clients ?? [];

/** The inputs shown, in order: the kind's own between the common ones. */
export const selectFields = (s: DialogSnapshot): readonly IdentityProviderField[] => fieldsOf(s.context.draft.values);

export const selectKindReadOnly = (s: DialogSnapshot): boolean => isReadOnly('kind', recordOf(s));

/** Whether another claim row may be added (at most 20). */
export const selectCanAddClaim = (s: DialogSnapshot): boolean => s.context.draft.values.claims.length < MAX_CLAIMS;

/** The inputs that show a problem: refused by the contract and already changed by the person. */
export const selectShownProblems = (s: DialogSnapshot): readonly IdentityProviderProblemField[] =>
  invalidFields(s.context.draft.values, recordOf(s)).filter((field) => s.context.draft.touched.includes(field));

/** What each shown problem says: "required" while the input is blank, else the shared "please check". */
export const selectFieldProblems = (
  s: DialogSnapshot,
): Partial<Record<IdentityProviderProblemField, 'required' | 'invalid'>> =>
  Object.fromEntries(
    selectShownProblems(s).map((field) => {
      const value = field === 'claims' ? 'x' : s.context.draft.values[field];
      return [field, value.trim() === '' ? 'required' : 'invalid'];
    }),
  );

/** The claim rows refused (half filled, named twice, or not a name of the kind), once the mapping was touched. */
export const selectClaimRowProblems = (s: DialogSnapshot): readonly number[] =>
  s.context.draft.touched.includes('claims') ? claimRowProblems(s.context.draft.values) : [];

/** On update: whether a secret is stored (shown as "set"; the secret itself never leaves the server). */
export const selectHasSecret = (s: DialogSnapshot): boolean => {
  const record = recordOf(s);
  return record?.kind === 'oidc' && record.hasClientSecret;
};

/** What the dialog explains above the inputs: a stale update, or a name already taken. */
export const selectConflict = (s: DialogSnapshot): Text | undefined =>
  s.hasTag('conflict') ? label('IdentityProvider_Text_Stale') : s.context.problem;
