import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { FormField } from '@contracts/profile-form';
import { profileFormMachine } from '@machines/profile-form/profile-form.machine';
import type { ProfileFormInput, ProfileResult, ProfileSaveInput } from '@machines/profile-form/profile-form.types';
import type { FieldControlProps } from '@src/profile/fields/FieldControl';
import { ProfileForm } from '@src/profile/form/ProfileForm';
import { renderDialogHost } from '@tests/support/admin-dialog-host';
import { catalogueText } from '@tests/support/catalogue-text';
import {
  editInput,
  emptyFormDefinition,
  formDefinition,
  formField,
  profileLoaded,
  registerInput,
} from '@tests/support/profile-fixtures';

/**
 * A 200-field form (spec public-and-profile §2 "Form section: renders fields by data type", §5; the template control
 * factory of admin-and-board builds the first 200 rows): the profile form renders every field, validates each one as a
 * short form does, and a keystroke re-renders the field typed in, not the other 199 (docs/flows/profile-form.md
 * "Views"). Renders of FieldControl are counted by a pass-through wrapper; the control itself is the real one.
 */
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('@src/profile/fields/FieldControl', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@src/profile/fields/FieldControl')>();
  return {
    ...actual,
    FieldControl: (props: FieldControlProps) => {
      renders.set(props.field.fieldName, (renders.get(props.field.fieldName) ?? 0) + 1);
      return <actual.FieldControl {...props} />;
    },
  };
});

const en = (id: string) => catalogueText('en-us', id);
const FIELD_COUNT = 200;
const nameOf = (index: number) => `Field${String(index).padStart(3, '0')}`;
/** Every fifth field is required; Field150 takes four digits only. */
const fields: FormField[] = Array.from({ length: FIELD_COUNT }, (_, index) =>
  formField({
    fieldName: nameOf(index),
    displayOrder: index,
    mandatory: index % 5 === 0,
    ...(index === 150 && { validationRegex: '\\d{4}', validationMessage: 'Four digits, please.' }),
  }),
);
const requiredNames = fields.filter((field) => field.mandatory).map((field) => field.fieldName);

/** The form on screen with a read that answers at once; every save is recorded and answered. */
async function openForm(input: Omit<ProfileFormInput, 'notifications'>, filled: boolean) {
  const saves: ProfileSaveInput[] = [];
  // Filled in: each field a value its rules accept (Field150 four digits).
  const values = (field: FormField) => ({ ...field, value: field.validationRegex ? '1500' : `v${field.fieldName}` });
  const form = filled
    ? formDefinition({ fields: fields.map(values), applications: [] })
    : emptyFormDefinition({ fields, applications: [] });
  const logic = profileFormMachine.provide({
    actors: {
      load: fromPromise(() => Promise.resolve(profileLoaded({ form }))) as never,
      save: fromPromise<ProfileResult, ProfileSaveInput>(({ input: body }) => {
        saves.push(body);
        return Promise.resolve({ kind: 'registered' });
      }),
    },
  });
  const view = renderDialogHost({
    logic,
    input: (notifications) => ({ ...input, notifications }),
    view: (formRef) => <ProfileForm formRef={formRef} loadFailure={null} />,
  });
  await screen.findByTestId('profile-form');
  return { ...view, saves, user: userEvent.setup({ delay: null }) };
}

/**
 * A field's input by its caption. Read straight from the labels: a role query computes the accessible name of every
 * element of a 200-field form, seconds in jsdom, where a person reads one label.
 */
function field(name: string): HTMLInputElement {
  const label = [...document.querySelectorAll('label')].find((each) => each.textContent.replace('*', '') === name);
  const input = label ? document.getElementById(label.htmlFor) : null;
  if (!(input instanceof HTMLInputElement)) throw new Error(`no input labelled ${name}`);
  return input;
}
/** A button of the form's footer or stepper by its text (same reason). */
function button(text: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find((each) => each.textContent === text);
  if (found === undefined) throw new Error(`no button ${text}`);
  return found;
}
const messageOf = (control: HTMLElement) =>
  control.closest('[role="group"]')?.querySelector('[data-part="error-text"]')?.textContent ?? undefined;
/** The fields showing a message, by name, read from the whole form at once. */
const fieldsWithMessages = () =>
  [...document.querySelectorAll('[data-part="error-text"]')].map((message) => ({
    name: message.closest('[role="group"]')?.querySelector('label')?.textContent.replace('*', '') ?? '',
    text: message.textContent,
  }));

beforeEach(() => {
  renders.clear();
});

// Rendering 200 Chakra fields in jsdom takes seconds on a shared core; the limit is generous and never asserted on.
describe('a 200-field profile form', { timeout: 30_000 }, () => {
  it('renders every field as an input, in display order, after the e-mail', async () => {
    await openForm(registerInput(), false);
    const inputs = within(screen.getByTestId('profile-form')).getAllByRole('textbox');
    expect(inputs).toHaveLength(FIELD_COUNT + 1);
    const labels = [...document.querySelectorAll('label')].map((label) => label.textContent.replace('*', ''));
    expect(labels).toEqual([en('Instance_Field_Email'), ...fields.map((f) => f.fieldName)]);
    expect(fieldsWithMessages()).toEqual([]);
  });

  it('shows a field’s own message once a wrong value is left, and nowhere else', async () => {
    const { user } = await openForm(registerInput(), false);
    await user.type(field('Field150'), '12a');
    expect(messageOf(field('Field150'))).toBeUndefined();
    await user.tab();
    await waitFor(() => {
      expect(messageOf(field('Field150'))).toBe('Four digits, please.');
    });
    expect(fieldsWithMessages()).toEqual([{ name: 'Field150', text: 'Four digits, please.' }]);
  });

  it('Continue with the required fields empty shows each one’s required message and stays on Profile', async () => {
    const { user } = await openForm(registerInput(), false);
    await user.click(button('Continue'));
    await waitFor(() => {
      expect(fieldsWithMessages()).toHaveLength(requiredNames.length);
    });
    expect(fieldsWithMessages()).toEqual(requiredNames.map((name) => ({ name, text: en('Global_Text_VMRequired') })));
    expect(button(`1. ${en('Instance_Text_StepProfile')}`)).toHaveAttribute('aria-current', 'step');
  });

  it('Save with a required field emptied shows its message and sends nothing; filled again, it saves', async () => {
    const { user, saves } = await openForm(editInput(), true);
    await user.clear(field('Field100'));
    await user.click(button('Save'));
    await waitFor(() => {
      expect(fieldsWithMessages()).toEqual([{ name: 'Field100', text: en('Global_Text_VMRequired') }]);
    });
    expect(saves).toEqual([]);
    await user.type(field('Field100'), 'back');
    await user.click(button('Save'));
    await waitFor(() => {
      expect(saves).toHaveLength(1);
    });
    const [sent] = saves;
    expect(sent?.kind === 'update' ? Object.keys(sent.body.fields) : []).toHaveLength(FIELD_COUNT);
    expect(sent?.kind === 'update' ? sent.body.fields.Field100 : undefined).toBe('back');
  });

  it('a keystroke re-renders the field typed in, not the other 199', async () => {
    const { user } = await openForm(registerInput(), false);
    // Every field rendered once the form was read.
    expect(renders.size).toBe(FIELD_COUNT);
    renders.clear();
    await user.type(field('Field042'), 'x');
    expect(field('Field042')).toHaveValue('x');
    expect([...renders.entries()]).toEqual([['Field042', 1]]);
    await user.type(field('Field042'), 'yz');
    expect([...renders.entries()]).toEqual([['Field042', 3]]);
  });
});
