import { Checkbox, Field, HStack, Input, NativeSelect, Textarea } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One choice of a select: the value sent and the text read. */
export type FieldOption = { value: string; label: string };

type Common = {
  label: string;
  required?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
  /** The field's first message (contracts/forms: only the first is shown); none while the value is acceptable. */
  message?: string | undefined;
};

type TextKinds = Common & {
  kind?: 'text' | 'number' | 'textarea';
  value: string;
  onChange: (value: string) => void;
};

type SelectKind = Common & {
  kind: 'select';
  value: string;
  onChange: (value: string) => void;
  options: readonly FieldOption[];
  /**
   * The first, empty option ("Select", "None"); `disabled` when it may not be chosen back. Left out when every choice
   * is a value and one is always chosen (Edit Mode's language select).
   */
  empty?: { label: string; disabled?: boolean };
  /** Something shown beside the select (the chosen icon of the application dialog). */
  aside?: ReactNode;
};

type CheckboxKind = {
  kind: 'checkbox';
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Where the box sits in its row or grid. */
  placement?: Pick<Checkbox.RootProps, 'alignSelf' | 'flexShrink'>;
};

export type LabelledFieldProps = TextKinds | SelectKind | CheckboxKind;

/**
 * The one labelled field of every form: label with the required mark, the input by kind, and the field's first
 * message under it. Chakra's Field wires the label, `aria-invalid`, `aria-required` and the error text to the input,
 * so a field is found by its label alone. A checkbox carries its own label and no message.
 */
export function LabelledField(props: LabelledFieldProps) {
  if (props.kind === 'checkbox') return <CheckboxField {...props} />;
  const { label, required = false, readOnly = false, disabled = false, message } = props;
  return (
    <Field.Root required={required} invalid={message !== undefined} readOnly={readOnly} disabled={disabled}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {props.kind === 'select' ? <SelectInput {...props} /> : <TextInput {...props} />}
      {message !== undefined ? <Field.ErrorText>{message}</Field.ErrorText> : null}
    </Field.Root>
  );
}

function TextInput({ kind = 'text', value, onChange }: TextKinds) {
  const change = (event: { target: { value: string } }) => {
    onChange(event.target.value);
  };
  return kind === 'textarea' ? (
    <Textarea value={value} onChange={change} />
  ) : (
    <Input type={kind} value={value} onChange={change} />
  );
}

function SelectInput({ value, onChange, options, empty, aside }: SelectKind) {
  const select = (
    <NativeSelect.Root {...(aside === undefined ? {} : { flex: '1' })}>
      <NativeSelect.Field
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        {empty === undefined ? null : (
          <option value="" disabled={empty.disabled ?? false}>
            {empty.label}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
  return aside === undefined ? (
    select
  ) : (
    <HStack gap="3" width="full">
      {select}
      {aside}
    </HStack>
  );
}

function CheckboxField({ label, checked, onChange, disabled = false, placement = {} }: CheckboxKind) {
  return (
    <Checkbox.Root
      {...placement}
      checked={checked}
      disabled={disabled}
      onCheckedChange={(details) => {
        onChange(details.checked === true);
      }}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}
