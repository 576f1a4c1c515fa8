import { useLingui } from '@lingui/react';
import type { MessageDescriptor } from '@lingui/core';
import { EMAIL_COLUMN, type ImportProblem, type ImportReason } from '@contracts/user-import';
import { labels } from '@src/i18n/admin-labels';
import { withValues } from '@src/i18n/with-values';
import { label, raw } from '@machines/support/text';
import { translateText } from '@src/i18n/text';
import { useFailureText } from '@src/ui/form/use-failure-text';

/** The label of a form field's own validation message (component FormField; the seed writes both cultures). */
const ownMessageKey = (fieldName: string) => `FormField_Message_${fieldName}`;

/** A refusal that is not a field rule's, as a label in the reader's language. */
function reasonLabel(reason: ImportReason): MessageDescriptor {
  switch (reason.code) {
    case 'unreadableRow':
      return labels.Import_Error_UnreadableRow;
    case 'cellCount':
      return withValues(labels.Import_Error_CellCount, {
        cells: String(reason.cells),
        columns: String(reason.columns),
      });
    case 'unknownRole':
      return withValues(labels.Import_Error_UnknownRole, { role: reason.role });
    case 'providerAdministrator':
      return labels.Import_Error_ProviderAdministrator;
    case 'repeatedEmail':
      return withValues(labels.Import_Error_RepeatedEmail, { line: String(reason.earlierLine) });
  }
}

/**
 * A preview problem as the reader reads it (issue 29 §4, §7): a cell a field rule refused is worded as the profile form
 * words that field's failure (`useFailureText`: the field's own message — its `FormField_Message_{name}` label in the
 * active language, else the English one the rule carried — or the shared label of the kind); any other refusal (a row
 * that cannot be read, a role, an e-mail twice in the file) by its reason's label. Only a problem stored before
 * reasons existed keeps the server's English words.
 */
export function useProblemText() {
  const { i18n } = useLingui();
  const fieldText = useFailureText();
  return (problem: ImportProblem): string => {
    const { failure, reason } = problem;
    if (reason !== undefined) return i18n._(reasonLabel(reason));
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
