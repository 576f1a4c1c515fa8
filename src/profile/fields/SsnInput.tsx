import { Input } from '@chakra-ui/react';
import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import type { ControlProps } from '@src/ui/form/LabelledField';
import { formatSsn, maskSsn, SSN_DISPLAY_LENGTH, ssnDigits, ssnKeyPasses } from './ssn-format';

export type SsnInputProps = {
  /** The labelled field's id, state and ARIA wiring (LabelledField's control props). */
  control: ControlProps;
  /** The number's digits (what the form holds and the server checks against `^\d{9}$`). */
  value: string;
  /** Called with the digits only, at most 9. */
  onChange: (digits: string) => void;
  onBlur: () => void;
};

/** The number must not travel through the clipboard (spec §5 "Paste, copy and cut are blocked"). */
const refuse = (event: ClipboardEvent) => {
  event.preventDefault();
};

/**
 * The social security number input (spec public-and-profile §4, §5, §9): digits only, at most 9, shown 3-2-4 while
 * focused and masked as `***-**-` plus the last 4 digits otherwise. A Chakra input, so the labelled field around it
 * hands it its id, label, required and read-only state. Whether it is focused is this widget's own business.
 */
export function SsnInput({ control, value, onChange, onBlur }: SsnInputProps) {
  const [focused, setFocused] = useState(false);
  const unmask = () => {
    setFocused(true);
  };
  const filterKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const { selectionStart, selectionEnd } = event.currentTarget;
    const selected = (selectionEnd ?? 0) - (selectionStart ?? 0);
    const { key, ctrlKey, metaKey } = event;
    if (!ssnKeyPasses({ key, ctrlKey, metaKey, digits: ssnDigits(value).length, selected })) event.preventDefault();
  };
  return (
    <Input
      {...control}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      maxLength={SSN_DISPLAY_LENGTH}
      value={focused ? formatSsn(value) : maskSsn(value)}
      onFocus={unmask}
      onClick={unmask}
      onBlur={() => {
        setFocused(false);
        onBlur();
      }}
      onKeyDown={filterKey}
      onPaste={refuse}
      onCopy={refuse}
      onCut={refuse}
      onChange={(event) => {
        onChange(ssnDigits(event.target.value));
      }}
    />
  );
}
