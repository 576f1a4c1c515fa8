import {
  chakra,
  Checkbox,
  Field,
  Fieldset,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  RadioGroup,
  Stack,
} from '@chakra-ui/react';
import { useId, type HTMLAttributes, type HTMLInputTypeAttribute, type ReactElement, type ReactNode } from 'react';
import { useFieldClasses } from './field-classes';

/** One choice of a select or a radio group: the value sent and the text read. */
export type FieldOption = { value: string; label: string };

type Common = {
  label: string;
  required?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
  /** The field's first message (contracts/forms: only the first is shown); none while the value is acceptable. */
  message?: string | undefined;
  /** The input lost focus (a form marks the field touched: its message shows from then on). */
  onBlur?: () => void;
  /** A standing explanation under the input (why a read-only field cannot be changed), joined to it as its description. */
  hint?: string | undefined;
};

/** What sits around a single-line input: texts joined to it (a field's prefix and suffix), a control inside its end. */
type Adornments = {
  startAddon?: ReactNode;
  endAddon?: ReactNode;
  /** Inside the input, at its start (an input resource's icon). */
  startElement?: ReactNode;
  /** Inside the input, at its end (the show/hide toggle of a masked input, an input resource's icon). */
  endElement?: ReactNode;
};

type TextKinds = Common &
  Adornments & {
    kind?: 'text' | 'number' | 'textarea';
    value: string;
    onChange: (value: string) => void;
    /** The input's HTML type when it is not its kind's (tel, date, password …); a textarea has none. */
    type?: HTMLInputTypeAttribute;
    /** The keypad a touch device offers (`decimal` for a number typed as text). */
    inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
    /** What the browser may fill in (`new-password` keeps it from offering a saved password for a new one). */
    autoComplete?: string;
  };

/**
 * What a labelled field hands its input so the label, the required and read-only state and the message reach it: the
 * input's id (the label's `htmlFor`), its ARIA state, and the data attributes the theme's recipes style by.
 */
export type ControlProps = {
  id: string;
  required: boolean;
  readOnly: boolean;
  disabled: boolean;
  'aria-invalid': true | undefined;
  'aria-errormessage': string | undefined;
  'aria-describedby': string | undefined;
  'data-invalid': '' | undefined;
  'data-readonly': '' | undefined;
  'data-required': '' | undefined;
  /** Inside an input group: the room its icon or toggle needs at the input's start or end (pass on to the input). */
  ps?: string;
  pe?: string;
};

type ControlKind = Common &
  Adornments & {
    kind: 'control';
    /** An input with behaviour of its own (the social security number input), given the field's control props. */
    control: (props: ControlProps) => ReactElement;
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

type RadioKind = Common & {
  kind: 'radio';
  value: string;
  onChange: (value: string) => void;
  options: readonly FieldOption[];
};

type CheckboxKind = Omit<Common, 'message'> & {
  kind: 'checkbox';
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Only a form's checkbox has one (a required box left unticked); a dialog's switches never do. */
  message?: string | undefined;
  /** Where the box sits in its row or grid. */
  placement?: Pick<Checkbox.RootProps, 'alignSelf' | 'flexShrink'>;
};

export type LabelledFieldProps = TextKinds | ControlKind | SelectKind | RadioKind | CheckboxKind;

/**
 * The one labelled field of every form: label with the required mark, the input by kind, and the field's first
 * message under it. The label, `aria-invalid`, `aria-required` and the error text are wired to the input (Ark's field
 * contract, kept by hand: see field-classes.tsx for why), so a field is found by its label alone. A checkbox carries
 * its own label; a radio group is a fieldset whose legend names the group.
 */
export function LabelledField(props: LabelledFieldProps) {
  if (props.kind === 'checkbox') return <CheckboxField {...props} />;
  if (props.kind === 'radio') return <RadioField {...props} />;
  return <FramedField {...props} />;
}

const flag = (on: boolean): '' | undefined => (on ? '' : undefined);

/** A label, one input and its message, styled with the theme's field classes computed once (no Field per field). */
function FramedField(props: TextKinds | ControlKind | SelectKind) {
  const classes = useFieldClasses();
  const id = useId();
  const { label, required = false, readOnly = false, disabled = false, message, hint } = props;
  // A native select has no read-only state: one that may not be changed is disabled.
  const locked = disabled || (props.kind === 'select' && readOnly);
  const invalid = message !== undefined;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const state = { 'data-invalid': flag(invalid), 'data-readonly': flag(readOnly), 'data-disabled': flag(locked) };
  const control: ControlProps = {
    id,
    required,
    readOnly,
    disabled: locked,
    'aria-invalid': invalid ? true : undefined,
    'aria-errormessage': invalid ? errorId : undefined,
    'aria-describedby': hint === undefined ? undefined : hintId,
    'data-invalid': state['data-invalid'],
    'data-readonly': state['data-readonly'],
    'data-required': flag(required),
  };
  return (
    <div role="group" data-scope="field" data-part="root" className={classes.root} {...state}>
      <label
        data-scope="field"
        data-part="label"
        className={classes.label}
        htmlFor={id}
        {...state}
        data-required={flag(required)}
      >
        {label}
        {required ? (
          <span
            aria-hidden="true"
            data-scope="field"
            data-part="required-indicator"
            className={classes.requiredIndicator}
          >
            *
          </span>
        ) : null}
      </label>
      {props.kind === 'select' ? (
        <SelectInput {...props} controlProps={control} />
      ) : (
        <SingleLine {...props} controlProps={control} />
      )}
      {hint === undefined ? null : (
        <div id={hintId} data-scope="field" data-part="helper-text" className={classes.helperText}>
          {hint}
        </div>
      )}
      {invalid ? (
        <div id={errorId} data-scope="field" data-part="error-text" className={classes.errorText} aria-live="polite">
          {message}
        </div>
      ) : null}
    </div>
  );
}

/**
 * A text-like input or a control of its own. A plain input takes the theme's input class; one with adornments is
 * Chakra's, because the input group styles its child (padding beside an element, joined corners beside an addon).
 */
function SingleLine(props: (TextKinds | ControlKind) & { controlProps: ControlProps }) {
  const { startAddon, endAddon, startElement, endElement } = props;
  const adorned =
    startAddon !== undefined || endAddon !== undefined || startElement !== undefined || endElement !== undefined;
  const input = (inset?: GroupInset) =>
    props.kind === 'control' ? (
      props.control({ ...props.controlProps, ...inset })
    ) : (
      <TextInput {...props} inset={inset} />
    );
  if (!adorned) return input();
  return (
    <InputGroup startAddon={startAddon} endAddon={endAddon} startElement={startElement} endElement={endElement}>
      <GroupedInput render={input} />
    </InputGroup>
  );
}

/** The room an input group asks of its input beside an icon or a toggle drawn inside it (Chakra's `ps` and `pe`). */
type GroupInset = { ps?: string; pe?: string };

/**
 * The input group's one child: the group hands its child the inset by cloning it with `ps`/`pe`, so the child must
 * pass them on to the input itself (without this the icon lies over the first letters).
 */
function GroupedInput({ render, ps, pe }: GroupInset & { render: (inset: GroupInset) => ReactElement }) {
  return render({ ...(ps !== undefined && { ps }), ...(pe !== undefined && { pe }) });
}

function TextInput(props: TextKinds & { controlProps: ControlProps; inset: GroupInset | undefined }) {
  const classes = useFieldClasses();
  const { kind = 'text', type, inputMode, autoComplete, value, onChange, onBlur, controlProps, inset } = props;
  const change = (event: { target: { value: string } }) => {
    onChange(event.target.value);
  };
  const common = { ...controlProps, value, onChange: change, onBlur };
  if (kind === 'textarea') return <textarea className={classes.textarea} {...common} />;
  const single = { ...common, type: type ?? kind, inputMode, autoComplete };
  return inset !== undefined ? <Input {...single} {...inset} /> : <input className={classes.input} {...single} />;
}

function SelectInput(props: SelectKind & { controlProps: ControlProps }) {
  const { value, onChange, onBlur, options, empty, aside, controlProps: control } = props;
  const select = (
    <NativeSelect.Root
      invalid={control['aria-invalid'] === true}
      disabled={control.disabled}
      {...(aside === undefined ? {} : { flex: '1' })}
    >
      <NativeSelect.Field
        {...control}
        value={value}
        onBlur={onBlur}
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

function RadioField(props: RadioKind) {
  const { label, required = false, readOnly = false, disabled = false, message, value, options } = props;
  return (
    <Fieldset.Root invalid={message !== undefined} disabled={disabled}>
      <Fieldset.Legend>
        {label}
        {required ? <RequiredMark /> : null}
      </Fieldset.Legend>
      <RadioGroup.Root
        value={value}
        readOnly={readOnly}
        onBlur={props.onBlur}
        onValueChange={(details) => {
          props.onChange(details.value ?? '');
        }}
      >
        <Stack gap="2">
          {options.map((option) => (
            <RadioGroup.Item key={option.value} value={option.value}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{option.label}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
      {message !== undefined ? <Fieldset.ErrorText>{message}</Fieldset.ErrorText> : null}
    </Fieldset.Root>
  );
}

/**
 * A checkbox inside its own Field, so a required box carries the required mark and `aria-required`, and a message
 * reads as the box's error. The Field is only as wide as the box, so the box sits in its row as it always did.
 */
function CheckboxField(props: CheckboxKind) {
  const { label, checked, onChange, required = false, readOnly = false, disabled = false, message } = props;
  return (
    <Field.Root
      {...(props.placement ?? {})}
      width="auto"
      required={required}
      invalid={message !== undefined}
      readOnly={readOnly}
      disabled={disabled}
    >
      <Checkbox.Root
        checked={checked}
        onBlur={props.onBlur}
        onCheckedChange={(details) => {
          onChange(details.checked === true);
        }}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>
          {label}
          <Field.RequiredIndicator />
        </Checkbox.Label>
      </Checkbox.Root>
      {message !== undefined ? <Field.ErrorText>{message}</Field.ErrorText> : null}
    </Field.Root>
  );
}

/** The required mark where no Field carries one (a fieldset's legend), drawn as the Field's own: hidden from readers. */
function RequiredMark() {
  return (
    <chakra.span aria-hidden="true" color="fg.error" marginStart="1">
      *
    </chakra.span>
  );
}
