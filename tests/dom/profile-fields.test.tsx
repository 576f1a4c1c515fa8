import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createEvent, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldInputTypes, inputTypeOf, type FormField } from '@contracts/profile-form';
import { FieldControl, type FieldControlProps } from '@src/profile/fields/FieldControl';
import type { LabelledFieldProps } from '@src/ui/form/LabelledField';
import { UiProvider } from '@src/ui/UiProvider';
import { applyOverrides, createI18n } from '@tests/support/i18n';
import { profileField } from '@tests/support/profile-fixtures';
import '@tests/support/jsdom-pointer-event';

/**
 * Counts renders of the shared labelled field by label: every field but a LABEL renders it once per render of its
 * FieldControl, so the count tells which fields re-rendered. The field itself is the real one.
 */
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('@src/ui/form/LabelledField', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@src/ui/form/LabelledField')>();
  return {
    ...actual,
    LabelledField: (props: LabelledFieldProps) => {
      renders.set(props.label, (renders.get(props.label) ?? 0) + 1);
      return <actual.LabelledField {...props} />;
    },
  };
});

let i18n: I18n;
beforeEach(async () => {
  i18n = await createI18n('en-us');
});

type Shown = Partial<Omit<FieldControlProps, 'field' | 'onChange' | 'onBlur'>>;

/** One field as a form shows it: the caption as label, optional and editable unless told otherwise. */
function renderField(field: FormField, shown: Shown = {}) {
  const onChange = vi.fn<(name: string, value: string) => void>();
  const onBlur = vi.fn<(name: string) => void>();
  const props: FieldControlProps = {
    field,
    value: field.value,
    label: field.fieldName,
    required: false,
    readOnly: false,
    message: undefined,
    onChange,
    onBlur,
    ...shown,
  };
  const rendered = render(
    <UiProvider>
      <I18nProvider i18n={i18n}>
        <FieldControl {...props} />
      </I18nProvider>
    </UiProvider>,
  );
  return { ...rendered, onChange, onBlur };
}

/** A form holding its fields' values, as the profile form does: ONE stable change callback for every field. */
function StatefulForm({ fields }: { fields: FormField[] }) {
  const [values, setValues] = useState(() => Object.fromEntries(fields.map((f) => [f.fieldName, f.value])));
  const onChange = useCallback((name: string, value: string) => {
    setValues((now) => ({ ...now, [name]: value }));
  }, []);
  const onBlur = useCallback(() => undefined, []);
  return (
    <>
      {fields.map((field) => (
        <FieldControl
          key={field.fieldName}
          field={field}
          value={values[field.fieldName] ?? ''}
          label={field.fieldName}
          required={false}
          readOnly={false}
          message={undefined}
          onChange={onChange}
          onBlur={onBlur}
        />
      ))}
      <output aria-label="values">{JSON.stringify(values)}</output>
    </>
  );
}

function renderForm(fields: FormField[]) {
  render(
    <UiProvider>
      <I18nProvider i18n={i18n}>
        <StatefulForm fields={fields} />
      </I18nProvider>
    </UiProvider>,
  );
  return {
    values: () => JSON.parse(screen.getByLabelText('values').textContent) as Record<string, string>,
  };
}

const states = [
  { value: 'CA', caption: 'California', order: 0 },
  { value: 'NY', caption: 'New York', order: 1 },
];
const contact = [
  { value: 'EMAIL', caption: 'E-mail', order: 0 },
  { value: 'PHONE', caption: 'Phone', order: 1 },
];

describe('a text field by its input type', () => {
  // Every input type but the three with a control of their own (number as text, masked, the SSN input).
  const typed = fieldInputTypes.filter((type) => !['number', 'masked', 'ssn'].includes(type));

  it.each(typed)('%s is an input of that type', (inputType) => {
    renderField(profileField({ inputType }));
    expect(screen.getByLabelText('Nickname')).toHaveAttribute('type', inputType);
  });

  it('an unknown type (a CssField that names none) is a text input', () => {
    renderField(profileField({ inputType: inputTypeOf('range') }));
    expect(screen.getByLabelText('Nickname')).toHaveAttribute('type', 'text');
  });

  it('number is text with a decimal keypad, and keeps what is typed', async () => {
    const { onChange } = renderField(profileField({ inputType: 'number' }));
    const input = screen.getByLabelText('Nickname');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    await userEvent.type(input, '4');
    expect(onChange).toHaveBeenLastCalledWith('Nickname', '4');
  });

  it('masked hides the value until the eye toggle shows it, and hides it again', async () => {
    renderField(profileField({ inputType: 'masked', value: 's3cret' }));
    const input = screen.getByLabelText('Nickname');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveValue('s3cret');
    await userEvent.click(screen.getByRole('button', { name: 'Show value' }));
    expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide value' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('names the eye toggle in the active language', async () => {
    i18n = await createI18n('es');
    renderField(profileField({ inputType: 'masked' }));
    expect(screen.getByRole('button', { name: 'Mostrar valor' })).toBeInTheDocument();
  });

  it('hands each change and the blur to the form with the field’s name', async () => {
    const { onChange, onBlur } = renderField(profileField({ fieldName: 'City' }));
    await userEvent.type(screen.getByLabelText('City'), 'M');
    expect(onChange).toHaveBeenLastCalledWith('City', 'M');
    await userEvent.tab();
    expect(onBlur).toHaveBeenCalledWith('City');
  });

  it('shows the prefix and the suffix beside the input', () => {
    renderField(profileField({ prefix: 'US$', sufix: '.00' }));
    expect(screen.getByText('US$')).toBeInTheDocument();
    expect(screen.getByText('.00')).toBeInTheDocument();
  });

  it('is read-only when told so', () => {
    renderField(profileField({ value: 'Ada' }), { readOnly: true });
    expect(screen.getByLabelText('Nickname')).toHaveAttribute('readonly');
  });

  it('shows its message and marks the input invalid', () => {
    renderField(profileField(), { message: 'Enter a nickname.' });
    expect(screen.getByText('Enter a nickname.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nickname')).toHaveAttribute('aria-invalid', 'true');
  });

  it('marks a required field’s caption with an asterisk, and an optional one without', () => {
    renderField(profileField({ fieldName: 'First' }), { required: true });
    renderField(profileField({ fieldName: 'Second' }));
    expect(screen.getByLabelText(/^First/)).toBeRequired();
    expect(screen.getByText('First').closest('label')).toHaveTextContent('First*');
    expect(screen.getByText('Second').closest('label')).toHaveTextContent(/^Second$/);
  });
});

describe('a select field', () => {
  const select = (over: Partial<FormField> = {}) =>
    profileField({ fieldName: 'State', dataType: 'SELECT', childs: states, ...over });
  const optionTexts = () =>
    within(screen.getByRole('combobox'))
      .getAllByRole('option')
      .map((o) => o.textContent);

  it('starts with an empty option when it is optional', () => {
    renderField(select());
    expect(optionTexts()).toEqual(['', 'California', 'New York']);
  });

  it('has no empty option to choose when it is required: until a choice, a prompt that cannot be chosen back', () => {
    renderField(select(), { required: true });
    expect(optionTexts()).toEqual(['Choose…', 'California', 'New York']);
    expect(screen.getByRole('option', { name: 'Choose…' })).toBeDisabled();
    renderField(select({ value: 'CA' }), { required: true });
    expect(
      within(screen.getAllByRole('combobox')[1] as HTMLElement)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['California', 'New York']);
  });

  it('selects nothing for a value that is none of its options (a bad GoogleState prefill; issue 29 §7)', () => {
    renderField(select({ value: 'ZZ' }), { required: true });
    const combobox = screen.getByRole('combobox', { name: /^State/ });
    expect(combobox).toHaveValue('');
    expect(screen.getByRole<HTMLOptionElement>('option', { name: 'California' }).selected).toBe(false);
    expect(screen.getByRole<HTMLOptionElement>('option', { name: 'Choose…' }).selected).toBe(true);
    renderField(select({ value: 'ZZ' }));
    expect(screen.getAllByRole('combobox')[1]).toHaveValue('');
  });

  it('reads an option’s caption from the catalogue when it has the label, else from the field', () => {
    applyOverrides(i18n, 'en-us', { FormField_Option_State_NY: 'State of New York' });
    renderField(select());
    expect(optionTexts()).toEqual(['', 'California', 'State of New York']);
  });

  it('hands the chosen option’s value to the form, and is locked when read-only', async () => {
    const { onChange } = renderField(select());
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'New York');
    expect(onChange).toHaveBeenLastCalledWith('State', 'NY');
  });

  it('cannot be changed when read-only', () => {
    renderField(select({ value: 'CA' }), { readOnly: true });
    expect(screen.getByRole('combobox', { name: 'State' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('CA');
  });
});

describe('a radio button group', () => {
  const radios = (over: Partial<FormField> = {}) =>
    profileField({ fieldName: 'Contact', dataType: 'RADIO BUTTON GROUP', childs: contact, value: 'EMAIL', ...over });

  it('is a group named by its caption, with one radio per option and the value checked', () => {
    renderField(radios());
    const group = screen.getByRole('radiogroup', { name: 'Contact' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['EMAIL', 'PHONE']);
    expect(within(group).getByRole('radio', { name: 'E-mail' })).toBeChecked();
  });

  it('hands the chosen option’s value to the form', async () => {
    const form = renderForm([radios()]);
    await userEvent.click(screen.getByRole('radio', { name: 'Phone' }));
    expect(form.values()).toEqual({ Contact: 'PHONE' });
    expect(screen.getByRole('radio', { name: 'Phone' })).toBeChecked();
  });

  it('cannot be changed when read-only', async () => {
    const { onChange } = renderField(radios(), { readOnly: true });
    await userEvent.click(screen.getByRole('radio', { name: 'Phone' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('reads option captions from the catalogue when it has them, and shows the mark and the message', () => {
    applyOverrides(i18n, 'en-us', { FormField_Option_Contact_PHONE: 'Telephone' });
    renderField(radios(), { required: true, message: 'Choose one.' });
    expect(screen.getByRole('radio', { name: 'Telephone' })).toBeInTheDocument();
    expect(screen.getByText('Choose one.')).toBeInTheDocument();
    // The mark is drawn, not read: the group's name stays the caption.
    expect(screen.getByRole('radiogroup', { name: 'Contact' })).toBeInTheDocument();
    expect(screen.getByText('Contact').closest('legend')).toHaveTextContent('Contact*');
  });
});

describe('a checkbox or boolean field', () => {
  it.each(['CHECKBOX', 'BOOLEAN'] as const)('%s holds the text true or false', async (dataType) => {
    const form = renderForm([profileField({ fieldName: 'Terms', dataType, value: 'false' })]);
    const box = screen.getByRole('checkbox', { name: 'Terms' });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    expect(form.values()).toEqual({ Terms: 'true' });
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(form.values()).toEqual({ Terms: 'false' });
  });

  it('shows a stored true as ticked', () => {
    renderField(profileField({ fieldName: 'Terms', dataType: 'BOOLEAN', value: 'true' }));
    expect(screen.getByRole('checkbox', { name: 'Terms' })).toBeChecked();
  });

  it('carries the required mark and its message, and cannot be ticked when read-only', async () => {
    const field = profileField({ fieldName: 'Terms', dataType: 'CHECKBOX', value: 'false' });
    const { onChange } = renderField(field, { required: true, readOnly: true, message: 'Accept the terms.' });
    expect(screen.getByText('Accept the terms.')).toBeInTheDocument();
    expect(screen.getByText('Terms').closest('label')).toHaveTextContent('Terms*');
    await userEvent.click(screen.getByRole('checkbox', { name: /Terms/ }));
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('a label field', () => {
  it('is a heading with no input', () => {
    renderField(profileField({ fieldName: 'ContactDetails', dataType: 'LABEL' }), { label: 'Contact details' });
    expect(screen.getByRole('heading', { name: 'Contact details' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('the social security number input', () => {
  const ssn = (value = '') => profileField({ fieldName: 'SSN', inputType: 'ssn', dataLength: 9, value });
  const input = () => screen.getByLabelText(/^SSN/);

  it('takes digits only from the keyboard, at most 9, and hands the digits to the form', async () => {
    const form = renderForm([ssn()]);
    await userEvent.type(input(), '12a3-4b5 6789');
    expect(form.values()).toEqual({ SSN: '123456789' });
    await userEvent.type(input(), '0');
    expect(form.values()).toEqual({ SSN: '123456789' });
  });

  it('shows a full number 3-2-4 while focused, 11 characters', async () => {
    renderForm([ssn()]);
    await userEvent.type(input(), '123456789');
    expect(input()).toHaveValue('123-45-6789');
  });

  it('masks all but the last 4 digits when it loses focus, and unmasks on focus or click', async () => {
    renderForm([ssn('123456789'), profileField()]);
    expect(input()).toHaveValue('***-**-6789');
    await userEvent.click(input());
    expect(input()).toHaveValue('123-45-6789');
    await userEvent.tab();
    expect(input()).toHaveValue('***-**-6789');
    await userEvent.tab({ shift: true });
    expect(input()).toHaveValue('123-45-6789');
  });

  it('refuses paste, copy and cut', () => {
    renderField(ssn('123456789'));
    for (const make of [createEvent.paste, createEvent.copy, createEvent.cut]) {
      const event = make(input());
      fireEvent(input(), event);
      expect(event.defaultPrevented).toBe(true);
    }
  });

  it('lets Ctrl-A and the arrows through the key filter, and stops letters', () => {
    renderField(ssn('123456789'));
    const keyDown = (init: KeyboardEventInit) => {
      const event = createEvent.keyDown(input(), init);
      fireEvent(input(), event);
      return event.defaultPrevented;
    };
    expect(keyDown({ key: 'a', ctrlKey: true })).toBe(false);
    expect(keyDown({ key: 'ArrowLeft' })).toBe(false);
    expect(keyDown({ key: 'Backspace' })).toBe(false);
    expect(keyDown({ key: 'a' })).toBe(true);
    expect(keyDown({ key: '5' })).toBe(true);
  });

  it('shows the message and the required state like any field', () => {
    renderField(ssn('123'), { required: true, message: 'Enter the 9 digits.' });
    expect(input()).toBeRequired();
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter the 9 digits.')).toBeInTheDocument();
  });
});

describe('re-rendering a form', () => {
  it('re-renders only the field whose value changed', async () => {
    const form = renderForm([
      profileField({ fieldName: 'First' }),
      profileField({ fieldName: 'Second' }),
      profileField({ fieldName: 'Plan', dataType: 'SELECT', childs: states }),
      profileField({ fieldName: 'Terms', dataType: 'CHECKBOX', value: 'false' }),
    ]);
    const before = new Map(renders);
    await userEvent.type(screen.getByLabelText('First'), 'abc');
    expect(form.values()).toMatchObject({ First: 'abc' });
    expect(renders.get('First')).toBe((before.get('First') ?? 0) + 3);
    for (const other of ['Second', 'Plan', 'Terms']) expect(renders.get(other)).toBe(before.get(other));
  });
});
