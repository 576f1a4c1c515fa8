import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { memo, useCallback, useMemo } from 'react';
import { normaliseCulture } from '@contracts/culture';
import type { AddressParts } from '@machines/profile-form/address-parts';
import { sameFieldView, selectFieldView } from '@machines/profile-form/profile-form.selectors';
import { label, raw } from '@machines/support/text';
import { translateText } from '../../i18n/text';
import { FieldControl } from '../fields/FieldControl';
import type { ProfileFormRef } from './profile-form-ref';
import { useInputFailureText } from './use-input-failure-text';

/** The label key of a form field's caption (component FormField; the seed writes both cultures). */
const captionKey = (fieldName: string) => `FormField_Name_${fieldName}`;

/**
 * One field of the form, selecting only its own view from the machine: a keystroke in a 200-field form re-renders this
 * field alone (the callbacks are the form's, stable for its life).
 */
export const FieldItem = memo(function FieldItem({
  formRef,
  name,
  onChange,
  onBlur,
}: {
  formRef: ProfileFormRef;
  name: string;
  onChange: (name: string, value: string) => void;
  onBlur: (name: string) => void;
}) {
  const { i18n } = useLingui();
  const failureText = useInputFailureText();
  const view = useSelector(formRef, (s) => selectFieldView(s, name), sameFieldView);
  const onAddress = useCallback(
    (parts: AddressParts) => {
      formRef.send({ type: 'edit', changes: { kind: 'address', parts } });
    },
    [formRef],
  );
  const config = view?.lookup;
  const culture = normaliseCulture(i18n.locale);
  const lookup = useMemo(
    () => (config === undefined ? undefined : { config, culture, onAddress }),
    [config, culture, onAddress],
  );
  if (view === undefined) return null;
  return (
    <FieldControl
      field={view.field}
      value={view.value}
      label={translateText(i18n, label(captionKey(name), raw(name)))}
      required={view.required}
      readOnly={view.readOnly}
      message={failureText(view.failure)}
      onChange={onChange}
      onBlur={onBlur}
      lookup={lookup}
    />
  );
});
