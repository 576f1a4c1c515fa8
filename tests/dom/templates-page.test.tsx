import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { describe, expect, it, vi } from 'vitest';
import { rowsOf } from '@machines/template-editor/template-draft';
import { TemplateFieldTable } from '@src/admin/templates/TemplateFieldTable';
import { TemplatesScreen } from '@src/admin/templates/TemplatesPage';
import { wireTemplates, type TemplatesApi } from '@src/admin/templates/wiring';
import type { TemplateCreate, TemplateDetail } from '@contracts/admin/templates';
import { everyEnglishText } from '@tests/support/catalogue-text';
import { UiProvider } from '@src/ui/UiProvider';
import { renderAdminPage } from '../support/admin-page-host';
import { catalogueText } from '../support/catalogue-text';
import {
  apiError,
  firstNameField,
  inUse,
  largeTemplate,
  planField,
  staleUpdate,
  templateDetail,
  templateRow,
} from '../support/field-fixtures';

const en = (id: string) => catalogueText('en-us', id);
const memberField = { ...firstNameField(), id: '5b0f3f5e-3c1e-4b7a-9d52-0c1a2b3c4d09', dictionaryName: 'MemberId' };

function fakeApi(overrides: Partial<TemplatesApi> = {}): TemplatesApi {
  return {
    listTemplates: vi.fn(() =>
      Promise.resolve([templateRow(), templateRow({ id: 'default', name: 'Base form', default: true, fieldCount: 9 })]),
    ),
    getTemplate: vi.fn(() => Promise.resolve(templateDetail())),
    createTemplate: vi.fn((body: TemplateCreate) =>
      Promise.resolve({ ...templateDetail(), name: body.name, id: 'new' } as TemplateDetail),
    ),
    updateTemplate: vi.fn(() => Promise.resolve(templateDetail({ version: 5 }))),
    deleteTemplate: vi.fn(() => Promise.resolve()),
    listFields: vi.fn(() => Promise.resolve([firstNameField(), planField(), memberField])),
    ...overrides,
  };
}

function renderTemplates(api: TemplatesApi) {
  const logic = wireTemplates(api);
  renderAdminPage((notifications) => <TemplatesScreen logic={logic} notifications={notifications} />);
  return userEvent.setup();
}

/** Rows of the table body. Counted by selector: role queries over thousands of cells cost seconds per poll. */
const bodyRows = (table: HTMLElement) => table.querySelectorAll('tbody tr').length;

describe('Manage Templates (issue #4 item 6, docs/templates.md)', { timeout: 30_000 }, () => {
  it('lists name, Default and field count, and filters by name', async () => {
    const user = renderTemplates(fakeApi());
    const table = await screen.findByRole('table', { name: en('Template_Text_Title') });
    const rows = await within(table).findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Benefits enrolmentNo2'),
        expect.stringContaining('Base formYes9'),
      ]),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Search by' }), 'name');
    await user.type(screen.getByRole('searchbox', { name: 'Search text' }), 'BASE');
    await waitFor(() => {
      expect(within(table).queryByText('Benefits enrolment')).not.toBeInTheDocument();
    });
  });

  it('edits a template: adds, orders and flags fields, locks one for roles, and saves the whole template', async () => {
    const api = fakeApi();
    const user = renderTemplates(api);
    await user.click(await screen.findByRole('button', { name: 'Edit Benefits enrolment' }));
    const editor = within(await screen.findByRole('dialog'));
    const fields = await editor.findByRole('table', { name: en('Template_Field_FieldCount') });
    expect(
      within(fields)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent),
    ).toEqual(['FirstName', 'Plan']);
    await user.selectOptions(editor.getByRole('combobox', { name: en('Template_Field_AddField') }), memberField.id);
    await user.click(editor.getByRole('button', { name: en('Template_Button_AddField') }));
    await user.click(editor.getByRole('button', { name: 'Move MemberId up' }));
    await user.click(editor.getByRole('checkbox', { name: 'Hidden: Plan' }));
    await user.click(editor.getByRole('checkbox', { name: 'Admin only: MemberId' }));
    // The role picker: a button saying who the field is locked for, opening one box per role (issue 29 §5).
    const lockedFor = within(editor.getByRole('group', { name: 'Locked for: Plan' }));
    await user.click(lockedFor.getByRole('button', { name: 'Nobody' }));
    await user.click(lockedFor.getByRole('checkbox', { name: 'Agent' }));
    await user.click(lockedFor.getByRole('checkbox', { name: 'User' }));
    expect(lockedFor.getByRole('checkbox', { name: 'Agent' })).toBeChecked();
    expect(lockedFor.getByRole('button', { expanded: true })).toHaveTextContent('User, Agent');
    await user.click(editor.getByRole('button', { name: en('Template_Button_Save') }));
    await waitFor(() => {
      expect(api.updateTemplate).toHaveBeenCalledTimes(1);
    });
    const [id, body] = vi.mocked(api.updateTemplate).mock.calls[0] ?? [];
    expect(id).toBe(templateRow().id);
    expect(body).toEqual({
      name: 'Benefits enrolment',
      default: false,
      version: 4,
      fields: [
        {
          fieldId: firstNameField().id,
          displayOrder: 0,
          mandatory: true,
          hidden: false,
          adminField: false,
          lockForRoles: [],
        },
        {
          fieldId: memberField.id,
          displayOrder: 1,
          mandatory: false,
          hidden: false,
          adminField: true,
          lockForRoles: [],
        },
        {
          fieldId: planField().id,
          displayOrder: 2,
          mandatory: false,
          hidden: true,
          adminField: false,
          lockForRoles: ['user', 'agent'],
        },
      ],
    });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  it('says so and keeps the edits when the save is stale', async () => {
    const user = renderTemplates(fakeApi({ updateTemplate: vi.fn(() => Promise.reject(staleUpdate())) }));
    await user.click(await screen.findByRole('button', { name: 'Edit Benefits enrolment' }));
    const editor = within(await screen.findByRole('dialog'));
    const name = await editor.findByRole('textbox', { name: new RegExp(en('Template_Field_Name')) });
    await user.type(name, ' 2027');
    await user.click(editor.getByRole('button', { name: en('Template_Button_Save') }));
    expect(await editor.findByText(en('Template_Text_Stale'))).toBeInTheDocument();
    expect(name).toHaveValue('Benefits enrolment 2027');
  });

  it('creates a template from nothing', async () => {
    const api = fakeApi();
    const user = renderTemplates(api);
    await user.click(await screen.findByRole('button', { name: en('Template_Button_Add') }));
    const editor = within(await screen.findByRole('dialog'));
    expect(await editor.findByText(en('Template_Text_NoFields'))).toBeInTheDocument();
    const save = editor.getByRole('button', { name: en('Template_Button_Save') });
    expect(save).toBeDisabled();
    await user.type(editor.getByRole('textbox', { name: new RegExp(en('Template_Field_Name')) }), 'Agents');
    await user.click(editor.getByRole('checkbox', { name: en('Template_Field_Default') }));
    await user.click(save);
    await waitFor(() => {
      expect(api.createTemplate).toHaveBeenCalledWith({ name: 'Agents', default: true, fields: [] }, expect.anything());
    });
    expect(api.getTemplate).not.toHaveBeenCalled();
  });

  it('shows the server reason when a template still in use cannot be deleted (409)', async () => {
    const user = renderTemplates(fakeApi({ deleteTemplate: vi.fn(() => Promise.reject(inUse())) }));
    await user.click(await screen.findByRole('button', { name: 'Delete Benefits enrolment' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Delete the template Benefits enrolment?');
    await user.click(within(confirm).getByRole('button', { name: en('Template_Button_ConfirmDelete') }));
    const snackbar = await screen.findByTestId('snackbar');
    expect(snackbar).toHaveTextContent(en('Template_Text_DeleteFailTitle'));
    expect(snackbar).toHaveTextContent(inUse().message);
  });

  // The bounds only keep a stuck render from hanging: jsdom draws 1,000 rows in 12-17 s on two busy cores.
  it('opens a 1,000-field template through the page and shows every field', { timeout: 60_000 }, async () => {
    const large = largeTemplate(1000);
    const user = renderTemplates(
      fakeApi({
        getTemplate: vi.fn(() => Promise.resolve(large.template)),
        listFields: vi.fn(() =>
          Promise.resolve(large.catalogue.map((f) => ({ ...firstNameField(), ...f, metaTag: null }))),
        ),
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Benefits enrolment' }));
    const fields = await within(await screen.findByRole('dialog')).findByRole('table', {
      name: en('Template_Field_FieldCount'),
    });
    await waitFor(
      () => {
        expect(bodyRows(fields)).toBe(1000);
      },
      { timeout: 55_000 },
    );
  });

  it('a failed load offers a retry', async () => {
    const getTemplate = vi
      .fn<TemplatesApi['getTemplate']>()
      .mockRejectedValueOnce(apiError(500, 'internal', 'The database is not answering'))
      .mockResolvedValue(templateDetail());
    const user = renderTemplates(fakeApi({ getTemplate }));
    await user.click(await screen.findByRole('button', { name: 'Edit Benefits enrolment' }));
    const editor = within(await screen.findByRole('dialog'));
    await user.click(await editor.findByRole('button', { name: en('Template_Button_Retry') }));
    expect(await editor.findByRole('table', { name: en('Template_Field_FieldCount') })).toBeInTheDocument();
  });
});

describe(
  'progressive rendering of a large template (public-and-profile §9: the first 200 rows at once)',
  { timeout: 60_000 },
  () => {
    it('renders 200 of 1,000 rows first, then all of them', async () => {
      const i18n = setupI18n();
      i18n.loadAndActivate({ locale: 'en-us', messages: { ...everyEnglishText } });
      const rows = rowsOf(largeTemplate(1000).template.fields);
      render(
        <UiProvider>
          <I18nProvider i18n={i18n}>
            <TemplateFieldTable rows={rows} editable send={vi.fn()} />
          </I18nProvider>
        </UiProvider>,
      );
      const table = screen.getByRole('table');
      // The first commit, before any frame has run.
      expect(bodyRows(table)).toBe(200);
      expect(screen.getByRole('status')).toHaveTextContent('Showing 200 of 1000 fields…');
      await waitFor(
        () => {
          expect(bodyRows(table)).toBe(1000);
        },
        { timeout: 55_000 },
      );
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      const last = within(table).getAllByRole('row').at(-1);
      expect(last).toHaveTextContent('Field0999');
    });
  },
);
