import { IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Eye, EyeOff } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { adornmentsOfField } from '@contracts/forms/adornments';
import type { FormField } from '@contracts/profile-form';
import { adornmentProps, type AdornmentProps } from '@src/ui/form/input-adornments';
import { LabelledField, type ControlProps } from '@src/ui/form/LabelledField';
import { GoogleAddressLookupInput } from '../address/AddressLookupInput';
import type { AddressLookup } from './FieldControl';
import { SsnInput } from './SsnInput';

type TextControlProps = {
  field: FormField;
  label: string;
  required: boolean;
  readOnly: boolean;
  message: string | undefined;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  lookup?: AddressLookup | undefined;
};

/**
 * A text (NVARCHAR) field typed in as its input type says (spec §2 "Input types"): number as text with a decimal
 * keypad, masked as a password with a show/hide toggle, ssn as the social security number input, any other type as
 * that input type; the street line of an address block with the address lookup when the server offers one. Its prefix
 * and suffix sit joined to the input.
 */
export function TextControl({ field, lookup, ...rest }: TextControlProps) {
  const addons = adornmentProps(adornmentsOfField(field));
  // An input with behaviour of its own, given the labelled field's id, state and ARIA wiring.
  const withControl = (control: (props: ControlProps) => ReactElement) => (
    <LabelledField kind="control" {...rest} {...addons} control={control} />
  );
  if (lookup !== undefined && field.inputType === 'text')
    return withControl((control) => (
      <GoogleAddressLookupInput
        control={control}
        config={lookup.config}
        culture={lookup.culture}
        value={rest.value}
        onChange={rest.onChange}
        onBlur={rest.onBlur}
        onAddress={lookup.onAddress}
      />
    ));
  switch (field.inputType) {
    case 'ssn':
      return withControl((control) => (
        <SsnInput control={control} value={rest.value} onChange={rest.onChange} onBlur={rest.onBlur} />
      ));
    case 'masked':
      return <MaskedControl {...rest} {...addons} />;
    case 'number':
      // A number keeps what was typed (no spinner, no locale reformatting); the keypad offers digits and a separator.
      return <LabelledField {...rest} {...addons} type="text" inputMode="decimal" />;
    default:
      return <LabelledField {...rest} {...addons} type={field.inputType} />;
  }
}

type MaskedControlProps = Omit<TextControlProps, 'field'> & AdornmentProps;

/** A masked text: hidden as a password until the person asks to see it; whether it shows is this widget's own state. */
function MaskedControl(props: MaskedControlProps) {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  const toggle = (
    <IconButton
      size="xs"
      variant="ghost"
      aria-label={
        shown
          ? t({ id: 'Instance_Button_HideValue', message: 'Hide value' })
          : t({ id: 'Instance_Button_ShowValue', message: 'Show value' })
      }
      onClick={() => {
        setShown(!shown);
      }}
    >
      {shown ? <EyeOff /> : <Eye />}
    </IconButton>
  );
  return <LabelledField {...props} type={shown ? 'text' : 'password'} endElement={toggle} />;
}
