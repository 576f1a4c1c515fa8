import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FieldsScreen } from '@src/admin/fields/FieldsPage';
import { wireFields, type FieldsApi } from '@src/admin/fields/wiring';
import { selectErrorModal } from '@machines/notifications/notifications.selectors';
import type { Field, FieldCreate } from '@contracts/admin/fields';
import { renderAdminPage } from '../support/admin-page-host';
import { catalogueText } from '../support/catalogue-text';
import {
  apiError,
  dataTypeItems,
  firstNameField,
  metaTagItems,
  planField,
  staleUpdate,
} from '../support/field-fixtures';

const en = (id: string) => catalogueText('en-us', id);

function fakeApi(fields: Field[], overrides: Partial<FieldsApi> = {}): FieldsApi {
  return {
    listFields: vi.fn(() => Promise.resolve(fields)),
    createField: vi.fn((body: FieldCreate) =>
      Promise.resolve({ ...firstNameField(), ...body, id: 'new', version: 1 } as Field),
    ),
    updateField: vi.fn(() => Promise.resolve(firstNameField())),
    getField: vi.fn((id: string) => Promise.resolve(fields.find((field) => field.id === id) ?? firstNameField())),
    deleteField: vi.fn(() => Promise.resolve()),
    getResourceLists: vi.fn(() =>
      Promise.resolve({ Global_List_DataType: dataTypeItems, Global_List_MetaTag: metaTagItems }),
    ),
    ...overrides,
  };
}

function renderFields(api: FieldsApi) {
  const logic = wireFields({ culture: 'en-us', clientId: undefined }, api);
  const { notifications } = renderAdminPage((ref) => <FieldsScreen logic={logic} notifications={ref} />);
  return { user: userEvent.setup(), notifications };
}

const dialog = () => screen.findByRole('dialog');

/** Opens FirstName's dialog and waits until its lists are read (the inputs take changes from then on). */
async function openFirstName(api: FieldsApi) {
  const { user, notifications } = renderFields(api);
  await user.click(await screen.findByRole('button', { name: 'Edit FirstName' }));
  const form = within(await dialog());
  await waitFor(() => {
    expect(form.getByRole('textbox', { name: new RegExp(en('Field_Field_DictionaryName')) })).toBeEnabled();
  });
  return { user, form, notifications };
}

/** Opens FirstName, changes its description and saves into a 409 stale_update: someone saved version 4 meanwhile. */
async function intoConflict(api: FieldsApi) {
  const { user, form } = await openFirstName(api);
  const description = form.getByRole('textbox', { name: new RegExp(en('Field_Field_FieldDescription')) });
  await user.clear(description);
  await user.type(description, 'Given name');
  await user.click(form.getByRole('button', { name: en('Field_Button_Save') }));
  await form.findByText(en('Field_Text_Stale'));
  return { user, form, description };
}

/** FirstName as someone else saved it meanwhile. */
const theirs = firstNameField({ fieldDescription: 'Their name', version: 4 });

// Typing into a Chakra dialog in jsdom is slow on two shared cores; the limit is generous, never asserted on.
describe('Manage Fields (admin-and-board §2)', { timeout: 30_000 }, () => {
  it('lists DictionaryName, DataType and FieldDescription, and filters on them', async () => {
    const { user } = renderFields(fakeApi([firstNameField(), planField()]));
    const table = await screen.findByRole('table', { name: en('Field_Text_Title') });
    expect(await within(table).findByText('FirstName')).toBeInTheDocument();
    expect(within(table).getByText('SELECT')).toBeInTheDocument();
    expect(within(table).getByText('Benefit plan')).toBeInTheDocument();
    const types = within(screen.getByRole('combobox', { name: 'Search by' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(types).toEqual(['Search by…', 'Dictionary name', 'Data type', 'Description']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Search by' }), 'dataType');
    await user.type(screen.getByRole('searchbox', { name: 'Search text' }), 'select');
    await waitFor(() => {
      expect(within(table).queryByText('FirstName')).not.toBeInTheDocument();
    });
    expect(within(table).getByText('Plan')).toBeInTheDocument();
  });

  it('adds a field: the dialog shows inputs by data type and saves with data length 1 for a select', async () => {
    const api = fakeApi([firstNameField()]);
    const { user } = renderFields(api);
    await user.click(await screen.findByRole('button', { name: en('Field_Button_Add') }));
    const form = within(await dialog());
    const dataType = form.getByRole('combobox', { name: new RegExp(en('Field_Field_DataType')) });
    await waitFor(() => {
      expect(
        within(dataType)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([en('Global_Text_Select'), 'BOOLEAN', 'CHECKBOX', 'LABEL', 'NVARCHAR', 'RADIO BUTTON GROUP', 'SELECT']);
    });
    await user.type(form.getByRole('textbox', { name: new RegExp(en('Field_Field_DictionaryName')) }), 'Tier');
    await user.type(form.getByRole('textbox', { name: new RegExp(en('Field_Field_FieldDescription')) }), 'Tier');
    await user.selectOptions(dataType, 'NVARCHAR');
    expect(form.getByRole('spinbutton', { name: new RegExp(en('Field_Field_DataLength')) })).toHaveValue(1);
    expect(form.getByRole('combobox', { name: en('Field_Field_MetaTag') })).toBeInTheDocument();
    await user.selectOptions(dataType, 'LABEL');
    expect(form.queryByRole('combobox', { name: en('Field_Field_MetaTag') })).not.toBeInTheDocument();
    await user.selectOptions(dataType, 'SELECT');
    expect(form.queryByRole('spinbutton')).not.toBeInTheDocument();
    // A select can be prefilled by a link, so it carries a meta tag too (issue 29 §7).
    await user.selectOptions(form.getByRole('combobox', { name: en('Field_Field_MetaTag') }), 'GoogleCity');
    expect(form.getByRole('textbox', { name: en('Field_Field_DefaultValue') })).toBeInTheDocument();
    const add = form.getByRole('button', { name: en('Field_Button_AddSubField') });
    expect(add).toBeDisabled();
    await user.type(form.getByRole('textbox', { name: en('Field_Field_SubDictionaryName') }), 'Gold');
    await user.type(form.getByRole('textbox', { name: en('Field_Field_SubDefaultValue') }), 'G');
    expect(add).toBeDisabled();
    await user.type(form.getByRole('textbox', { name: en('Field_Field_SubCssField') }), 'tier-gold');
    await user.click(add);
    expect(form.getByRole('cell', { name: 'Gold' })).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: en('Field_Button_Save') }));
    await waitFor(() => {
      expect(api.createField).toHaveBeenCalledTimes(1);
    });
    expect(vi.mocked(api.createField).mock.calls[0]?.[0]).toMatchObject({
      dictionaryName: 'Tier',
      dataType: 'SELECT',
      dataLength: 1,
      metaTag: 'GoogleCity',
      subfields: [
        { subDictionaryName: 'Gold', subDefaultValue: 'G', subCssField: 'tier-gold', subDataType: 'OPTION', order: 0 },
      ],
    });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(api.listFields).toHaveBeenCalledTimes(2);
  });

  it('keeps the input and offers reload theirs / keep mine when the update is stale', async () => {
    const api = fakeApi([firstNameField()], { updateField: vi.fn(() => Promise.reject(staleUpdate())) });
    const { form, description } = await intoConflict(api);
    expect(form.getByRole('button', { name: en('Global_Button_ReloadTheirs') })).toBeEnabled();
    expect(form.getByRole('button', { name: en('Global_Button_KeepMine') })).toBeEnabled();
    expect(form.getByRole('button', { name: en('Field_Button_Save') })).toBeDisabled();
    expect(description).toHaveValue('Given name');
    expect(vi.mocked(api.updateField).mock.calls[0]?.[1]).toMatchObject({ version: 3, fieldDescription: 'Given name' });
  });

  it('conflict → reload theirs: reads the field again and shows their version instead of the input', async () => {
    const api = fakeApi([firstNameField()], {
      updateField: vi.fn(() => Promise.reject(staleUpdate())),
      getField: vi.fn(() => Promise.resolve(theirs)),
    });
    const { user, form, description } = await intoConflict(api);
    await user.click(form.getByRole('button', { name: en('Global_Button_ReloadTheirs') }));
    await waitFor(() => {
      expect(description).toHaveValue('Their name');
    });
    expect(api.getField).toHaveBeenCalledWith(firstNameField().id, expect.anything());
    expect(form.queryByText(en('Field_Text_Stale'))).not.toBeInTheDocument();
    expect(api.updateField).toHaveBeenCalledTimes(1);
  });

  it('conflict → keep mine: saves the input over their version, then closes', async () => {
    const api = fakeApi([firstNameField()], {
      updateField: vi
        .fn<FieldsApi['updateField']>()
        .mockRejectedValueOnce(staleUpdate())
        .mockResolvedValueOnce(firstNameField({ fieldDescription: 'Given name', version: 5 })),
      getField: vi.fn(() => Promise.resolve(theirs)),
    });
    const { user, form } = await intoConflict(api);
    await user.click(form.getByRole('button', { name: en('Global_Button_KeepMine') }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(api.updateField).toHaveBeenCalledTimes(2);
    expect(vi.mocked(api.updateField).mock.calls[1]?.[1]).toMatchObject({ version: 4, fieldDescription: 'Given name' });
  });

  it('logs lists that fail to load and nothing more (spec §8): the dialog works with empty selects', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeApi([firstNameField()], {
      getResourceLists: vi.fn(() => Promise.reject(apiError(500, 'internal', 'Lists are offline'))),
    });
    const { user } = renderFields(api);
    await user.click(await screen.findByRole('button', { name: 'Edit FirstName' }));
    const form = within(await dialog());
    await waitFor(() => {
      expect(warn).toHaveBeenCalledTimes(1);
    });
    const dataType = form.getByRole('combobox', { name: new RegExp(en('Field_Field_DataType')) });
    expect(within(dataType).getAllByRole('option')).toHaveLength(1);
    expect(form.getByRole('textbox', { name: new RegExp(en('Field_Field_DictionaryName')) })).toBeEnabled();
    expect(form.getByRole('button', { name: en('Field_Button_Save') })).toBeEnabled();
    expect(screen.queryByTestId('snackbar')).not.toBeInTheDocument();
    warn.mockRestore();
  });

  it('closes the dialog on a 401 and reports it as every editor does (the sign-out is the SPA’s one 401 policy)', async () => {
    const api = fakeApi([firstNameField()], {
      updateField: vi.fn(() => Promise.reject(apiError(401, 'unauthorized', 'Session ended'))),
    });
    const { user, form, notifications } = await openFirstName(api);
    await user.click(form.getByRole('button', { name: en('Field_Button_Save') }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    // Spec §8: a 401 opens the error modal with its details (the catalogue's rule), not a snackbar.
    await waitFor(() => {
      expect(selectErrorModal(notifications.getSnapshot())?.messages).toContainEqual(
        expect.objectContaining({ id: 'Global_Error_unauthorized' }),
      );
    });
    expect(screen.queryByTestId('snackbar')).not.toBeInTheDocument();
  });

  it('shows a failed save under Global_Text_FailTitle with the server message', async () => {
    const api = fakeApi([firstNameField()], {
      updateField: vi.fn(() => Promise.reject(apiError(409, 'conflict', 'dictionaryName: already used'))),
    });
    const { user, form } = await openFirstName(api);
    await user.click(form.getByRole('button', { name: en('Field_Button_Save') }));
    const snackbar = await screen.findByTestId('snackbar');
    expect(snackbar).toHaveTextContent(en('Global_Text_FailTitle'));
    expect(snackbar).toHaveTextContent('dictionaryName: already used');
  });

  it('deletes after confirmation, and a failed delete is titled Field_Text_DeleteFailTitle', async () => {
    const api = fakeApi([firstNameField()], {
      deleteField: vi.fn(() => Promise.reject(apiError(409, 'conflict', 'FirstName is used by 2 templates'))),
    });
    const { user } = renderFields(api);
    await user.click(await screen.findByRole('button', { name: 'Delete FirstName' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Delete the field FirstName?');
    await user.click(within(confirm).getByRole('button', { name: en('Field_Button_ConfirmDelete') }));
    const snackbar = await screen.findByTestId('snackbar');
    expect(snackbar).toHaveTextContent(en('Field_Text_DeleteFailTitle'));
    expect(snackbar).toHaveTextContent('FirstName is used by 2 templates');
    expect(api.deleteField).toHaveBeenCalledWith(firstNameField().id, expect.anything());
  });
});
