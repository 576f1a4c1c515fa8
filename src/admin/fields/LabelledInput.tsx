import { Field, Input } from '@chakra-ui/react';

/** One text input with its title, marked required and invalid as the dialog's machine says. */
export function LabelledInput({
  label,
  value,
  onChange,
  required = false,
  invalid = false,
  invalidText,
  type = 'text',
  disabled = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  invalid?: boolean;
  invalidText?: string;
  type?: 'text' | 'number';
  disabled?: boolean;
}) {
  return (
    <Field.Root required={required} invalid={invalid} disabled={disabled}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input
        type={type}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      {invalid && invalidText ? <Field.ErrorText>{invalidText}</Field.ErrorText> : null}
    </Field.Root>
  );
}
