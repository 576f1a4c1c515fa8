import { useLingui } from '@lingui/react';
import type { InputFailure } from '@machines/profile-form/profile-draft';
import { labels } from '../../i18n/labels';
import { useFailureText } from '../../ui/form/use-failure-text';

/**
 * The text of a profile input's failure (spec §5): the shared field rules' texts, the spec's critical "Invalid
 * Resource" for an input without resource data, and — on the confirmation — passwordMismatch, the security form's
 * own text for the one way a confirmation fails (contracts/forms/profile-rules.ts reports it as `invalid`).
 */
export function useInputFailureText() {
  const { i18n } = useLingui();
  const fieldText = useFailureText();
  return (failure: InputFailure | undefined, input?: 'confirmPassword'): string | undefined => {
    if (failure === undefined) return undefined;
    if (failure.kind === 'invalidResource') return i18n._(labels.Global_Error_InvalidResource);
    if (input === 'confirmPassword' && failure.kind === 'invalid') return i18n._(labels.Global_Text_VMPasswordMismatch);
    return fieldText(failure);
  };
}
