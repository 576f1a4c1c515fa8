import { useLingui } from '@lingui/react/macro';
import { Heading } from '@chakra-ui/react';
import { memo } from 'react';
import type { Culture } from '@contracts/culture';
import type { FormField } from '@contracts/profile-form';
import type { AddressLookupConfig } from '@contracts/public-config';
import type { AddressParts } from '@machines/profile-form/address-parts';
import { label as labelText, raw } from '@machines/support/text';
import { LabelledField, type FieldOption } from '@src/ui/form/LabelledField';
import { useText } from '@src/ui/use-text';
import { TextControl } from './TextControl';

/**
 * One profile field's props. All but `field` are primitives or callbacks, and the callbacks take the field's name, so
 * a form passes the same two callbacks to every field and a field re-renders only when its own props change.
 */
export type FieldControlProps = {
  /** The field as the form definition answers it; keep the same object between renders (the memo compares it). */
  field: FormField;
  /** The value the form holds: a text, an option's value, or `'true'`/`'false'` for a checkbox or boolean. */
  value: string;
  /** The field's caption in the current language (its label `FormField_Name_{fieldName}`). */
  label: string;
  /** Marks the caption with the required asterisk. */
  required: boolean;
  readOnly: boolean;
  /** The field's first failure as text, or undefined while none is shown. */
  message: string | undefined;
  onChange: (name: string, value: string) => void;
  onBlur: (name: string) => void;
  /** The street line of an address block, when the server offers an address lookup (and where a place goes). */
  lookup?: AddressLookup | undefined;
};

/** The address lookup a street-line field offers: the server's provider, the culture it speaks, the form's filler. */
export type AddressLookup = {
  config: AddressLookupConfig;
  culture: Culture;
  onAddress: (parts: AddressParts) => void;
};

/**
 * Renders one profile field by its data type (spec public-and-profile §2 "Form section: renders fields by data type"):
 * text by its input type, a select, a radio group, a checkbox holding `'true'`/`'false'`, or a label with no input.
 * Memoised: a 200-field form re-renders only the field whose props changed.
 */
export const FieldControl = memo(function FieldControl(props: FieldControlProps) {
  const { field, value, label, required, readOnly, message } = props;
  const name = field.fieldName;
  const change = (next: string) => {
    props.onChange(name, next);
  };
  const blur = () => {
    props.onBlur(name);
  };
  const common = { label, required, readOnly, message, onBlur: blur };
  switch (field.dataType) {
    case 'LABEL':
      return (
        <Heading as="h3" size="md">
          {label}
        </Heading>
      );
    case 'CHECKBOX':
    case 'BOOLEAN':
      return (
        <LabelledField
          kind="checkbox"
          {...common}
          checked={value === 'true'}
          onChange={(checked) => {
            change(checked ? 'true' : 'false');
          }}
        />
      );
    case 'SELECT':
      // A required select offers no empty choice; an optional one starts with it (spec §5).
      return (
        <ChoiceControl field={field} {...common} kind="select" value={value} onChange={change} optional={!required} />
      );
    case 'RADIO BUTTON GROUP':
      return <ChoiceControl field={field} {...common} kind="radio" value={value} onChange={change} optional={false} />;
    case 'NVARCHAR':
      return <TextControl field={field} {...common} value={value} onChange={change} lookup={props.lookup} />;
  }
});

type ChoiceControlProps = {
  field: FormField;
  kind: 'select' | 'radio';
  label: string;
  required: boolean;
  readOnly: boolean;
  message: string | undefined;
  value: string;
  optional: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
};

/** A select or radio group whose options read their label `FormField_Option_{fieldName}_{value}`, else the caption. */
function ChoiceControl({ field, kind, optional, ...rest }: ChoiceControlProps) {
  const text = useText();
  const { t } = useLingui();
  const options: FieldOption[] = field.childs.map((option) => ({
    value: option.value,
    label: text(labelText(`FormField_Option_${field.fieldName}_${option.value}`, raw(option.caption))),
  }));
  if (kind === 'radio') return <LabelledField kind="radio" {...rest} options={options} />;
  // A value that is none of the options (a link's bad prefill, `GoogleState=ZZ`) selects nothing: the select shows
  // its empty choice or prompt, never the first option as if it were the value (issue 29 §7); the field's own
  // message says the value is not valid.
  const shown = options.some((option) => option.value === rest.value) ? rest.value : '';
  // A required select offers no empty choice (spec §5); until one is made it shows a prompt that cannot be chosen
  // back, or the browser would show the first option as if it were the value.
  const empty = optional
    ? { label: '' }
    : shown === ''
      ? { label: t({ id: 'Instance_Text_ChooseOption', message: 'Choose…' }), disabled: true }
      : undefined;
  return (
    <LabelledField
      kind="select"
      {...rest}
      value={shown}
      options={options}
      {...(empty === undefined ? {} : { empty })}
    />
  );
}
