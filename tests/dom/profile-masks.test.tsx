import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { InputResource } from '@contracts/resources';
import { profileFormMachine } from '@machines/profile-form/profile-form.machine';
import type {
  ProfileFormInput,
  ProfileLoaded,
  ProfileResult,
  ProfileSaveInput,
} from '@machines/profile-form/profile-form.types';
import { ProfileForm } from '@src/profile/form/ProfileForm';
import { renderDialogHost } from '@tests/support/admin-dialog-host';
import { catalogueText } from '@tests/support/catalogue-text';
import {
  answerResource,
  editInput,
  emailResource,
  firstNameField,
  formDefinition,
  phoneField,
  profileLoaded,
  registerInput,
} from '@tests/support/profile-fixtures';

/**
 * Masks and input resources on the rendered profile form (public-and-profile §3 "Form field" MaskRegex, Prefix, Sufix;
 * §3 "Resource data for a form input" MaskRegex, IconClass, IconOrientation, Sufix, Prefix; §9 mask special
 * characters): the real machine and the real views, the form read answered at once.
 */
const en = (id: string) => catalogueText('en-us', id);

async function openForm(input: Omit<ProfileFormInput, 'notifications'>, loaded: ProfileLoaded) {
  const saves: ProfileSaveInput[] = [];
  const logic = profileFormMachine.provide({
    actors: {
      load: fromPromise(() => Promise.resolve(loaded)) as never,
      save: fromPromise<ProfileResult, ProfileSaveInput>(({ input: body }) => {
        saves.push(body);
        return Promise.resolve({ kind: 'updated', record: {} } as never);
      }),
    },
  });
  renderDialogHost({
    logic,
    input: (notifications) => ({ ...input, notifications }),
    view: (formRef) => <ProfileForm formRef={formRef} loadFailure={null} />,
  });
  await screen.findByTestId('profile-form');
  return { saves, user: userEvent.setup({ delay: null }) };
}

const phone = phoneField({ maskRegex: '(000) 000-0000', prefix: '+1', sufix: 'US', value: '', dataLength: 14 });
const withPhone = (email: Partial<InputResource> = {}) =>
  profileLoaded({
    form: formDefinition({ fields: [firstNameField(), phone], applications: [] }),
    inputs: { Instance_Field_Email: emailResource(email), Security_Field_Answer: answerResource() },
  });
const input = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const groupOf = (control: HTMLElement) => control.closest('[role="group"]') as HTMLElement;
const messageOf = (control: HTMLElement) =>
  groupOf(control).querySelector('[data-part="error-text"]')?.textContent ?? undefined;

// Chakra fields in jsdom on a shared core are slow to start; the limit is generous and never asserted on.
describe('a field typed through its mask', { timeout: 30_000 }, () => {
  it('digits typed one by one come out as the mask shapes them, its special characters written by the mask', async () => {
    const { user } = await openForm(registerInput(), withPhone());
    await user.type(input('PhoneNumber'), '5125550142');
    expect(input('PhoneNumber')).toHaveValue('(512) 555-0142');
  });

  it('letters are refused, a paste is shaped, and nothing goes past the end of the mask', async () => {
    const { user } = await openForm(registerInput(), withPhone());
    await user.type(input('PhoneNumber'), 'abc512');
    expect(input('PhoneNumber')).toHaveValue('(512');
    await user.clear(input('PhoneNumber'));
    await user.click(input('PhoneNumber'));
    await user.paste('512-555-0142 ext 9');
    expect(input('PhoneNumber')).toHaveValue('(512) 555-0142');
  });

  it('a value left half-typed shows the field’s format message; the full one saves as shown', async () => {
    const { user, saves } = await openForm(editInput(), withPhone());
    await user.type(input('PhoneNumber'), '51255');
    await user.tab();
    await waitFor(() => {
      expect(messageOf(input('PhoneNumber'))).toBe(en('Global_Text_VMPattern'));
    });
    await user.type(input('PhoneNumber'), '50142');
    await waitFor(() => {
      expect(messageOf(input('PhoneNumber'))).toBeUndefined();
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(saves).toHaveLength(1);
    });
    const [sent] = saves;
    expect(sent?.kind === 'update' ? sent.body.fields.PhoneNumber : undefined).toBe('(512) 555-0142');
  });

  it('the field’s prefix and suffix are drawn joined to its input', async () => {
    await openForm(registerInput(), withPhone());
    const group = groupOf(input('PhoneNumber'));
    expect(group).toHaveTextContent(/\+1.*US/);
    expect(within(group).getByText('+1')).not.toBe(input('PhoneNumber'));
  });
});

describe("the e-mail drawn from its input resource's data", { timeout: 30_000 }, () => {
  it('shows the icon at the side IconOrientation names, and the prefix and suffix', async () => {
    await openForm(
      registerInput(),
      withPhone({ iconClass: 'Mail', iconOrientation: 'right', prefix: 'To', sufix: 'only' }),
    );
    const group = groupOf(input(en('Instance_Field_Email')));
    const icon = group.querySelector('svg[data-icon="mail"]');
    expect(icon).not.toBeNull();
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    // At the end: the icon comes after the input in the group's order.
    const control = input(en('Instance_Field_Email'));
    expect(control.compareDocumentPosition(icon as Element) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(group).toHaveTextContent(/To.*only/);
  });

  it('an icon at the left sits before the input', async () => {
    await openForm(registerInput(), withPhone({ iconClass: 'mail', iconOrientation: 'left' }));
    const control = input(en('Instance_Field_Email'));
    const icon = groupOf(control).querySelector('svg[data-icon="mail"]');
    expect(control.compareDocumentPosition(icon as Element) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
  });

  it('an input resource of Type currency shows the euro after its input (§9 defaults EUR, fr)', async () => {
    await openForm(registerInput(), withPhone({ type: 'currency' }));
    const control = input(en('Instance_Field_Email'));
    const euro = within(groupOf(control)).getByText('€');
    expect(control.compareDocumentPosition(euro) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('an unknown icon name draws no icon', async () => {
    await openForm(registerInput(), withPhone({ iconClass: 'fa fa-unknown' }));
    expect(groupOf(input(en('Instance_Field_Email'))).querySelector('svg')).toBeNull();
  });

  it("the e-mail is typed through its resource's mask", async () => {
    const { user } = await openForm(registerInput({ email: '' }), {
      ...withPhone({ maskRegex: 'SSSS@SSSS.SS' }),
      emailEditable: true,
    });
    await user.type(input(en('Instance_Field_Email')), 'ana1');
    expect(input(en('Instance_Field_Email'))).toHaveValue('ana');
    await user.clear(input(en('Instance_Field_Email')));
    await user.type(input(en('Instance_Field_Email')), 'anaxacmees');
    expect(input(en('Instance_Field_Email'))).toHaveValue('anax@acme.es');
  });
});
