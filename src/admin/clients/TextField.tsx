import { Field, Input } from '@chakra-ui/react';

/** One text input with its title, marked required, read-only or invalid as the dialog's machine says. */
export function TextField({
  label,
  value,
  onChange,
  required = false,
  readOnly = false,
  disabled = false,
  invalidText,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
  /** The problem to show under the input; none when it is acceptable. */
  invalidText?: string | undefined;
}) {
  return (
    <Field.Root required={required} invalid={invalidText !== undefined} readOnly={readOnly} disabled={disabled}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      {invalidText !== undefined ? <Field.ErrorText>{invalidText}</Field.ErrorText> : null}
    </Field.Root>
  );
}
