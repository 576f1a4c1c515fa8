import { useLingui } from '@lingui/react';
import { EMAIL_COLUMN, type ImportProblem } from '@contracts/user-import';
import { label, raw } from '@machines/support/text';
import { translateText } from '@src/i18n/text';
import { useFailureText } from '@src/ui/form/use-failure-text';

/** The label of a form field's own validation message (component FormField; the seed writes both cultures). */
const ownMessageKey = (fieldName: string) => `FormField_Message_${fieldName}`;

/**
 * A preview problem as the reader reads it (issue 29 §4, §7): a cell a field rule refused is worded as the profile form
 * words that field's failure (`useFailureText`: the field's own message — its `FormField_Message_{name}` label in the
 * active language, else the English one the rule carried — or the shared label of the kind); anything else (a row
 * that cannot be read, a role, an e-mail twice in the file) keeps the server's words.
 */
export function useProblemText() {
  const { i18n } = useLingui();
  const fieldText = useFailureText();
  return (problem: ImportProblem): string => {
    const { failure } = problem;
    if (failure === undefined) return problem.message;
    // The e-mail's own message is resource data read in the client's language, not a form field's label: the
    // shared label of its kind says it in the reader's.
    const own =
      failure.message === undefined || problem.column === EMAIL_COLUMN
        ? undefined
        : translateText(i18n, label(ownMessageKey(problem.column), raw(failure.message)));
    return (
      fieldText(own === undefined ? { kind: failure.kind } : { kind: failure.kind, message: own }) ?? problem.message
    );
  };
}
