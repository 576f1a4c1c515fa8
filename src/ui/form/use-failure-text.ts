import type { I18n, MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { messageFor } from '@contracts/forms/messages';
import type { FieldFailure, MessageKind } from '@contracts/forms/rules';
import { labels } from '../../i18n/labels';

/** The shared validation labels by kind (public-and-profile §5); a data length is a maximum length. */
const sharedLabels: Record<MessageKind, MessageDescriptor> = {
  required: labels.Global_Text_VMRequired,
  minLength: labels.Global_Text_VMMinLength,
  maxLength: labels.Global_Text_VMMaxLength,
  dataLength: labels.Global_Text_VMMaxLength,
  pattern: labels.Global_Text_VMPattern,
  email: labels.Global_Text_VMEmail,
  invalid: labels.Global_Text_VMDefault,
  futureDob: labels.Global_Text_VMFutureDob,
  futureDate: labels.Global_Text_VMFutureDate,
  minAge: labels.Global_Text_VMMinAge,
  minHeight: labels.Global_Text_VMMinHeight,
  maxHeight: labels.Global_Text_VMMaxHeight,
  personalPassword: labels.Global_Text_VMPasswordPersonal,
  commonPassword: labels.Global_Text_VMPasswordCommon,
  breachedPassword: labels.Global_Text_VMPasswordBreached,
};

/**
 * The failure with the field's own message in the page's culture (issue 29 §7): the label `messageKey` names
 * (`FormField_Message_{fieldName}`, from the page's resources in either culture, or edited in Edit Mode) when the
 * catalogue has it, else the English `message` the field definition keeps.
 */
function localisedOwnMessage(i18n: I18n, failure: FieldFailure): FieldFailure {
  const key = failure.messageKey;
  if (key === undefined || i18n.messages[key] === undefined) return failure;
  return { ...failure, message: i18n._(key) };
}

/**
 * The text of a field's first failure in the current language, or undefined when it has none. `overrides` lets a
 * form name another shared label for a kind (the application dialog says VMGlobal for a refused value).
 */
export function useFailureText(overrides: Partial<Record<MessageKind, MessageDescriptor>> = {}) {
  const { i18n } = useLingui();
  return (failure: FieldFailure | undefined): string | undefined => {
    if (failure === undefined) return undefined;
    const shared = { ...sharedLabels, ...overrides };
    return messageFor(localisedOwnMessage(i18n, failure), {
      ...Object.fromEntries(Object.entries(shared).map(([kind, label]) => [kind, i18n._(label)])),
      default: i18n._(labels.Global_Text_VMDefault),
    });
  };
}
