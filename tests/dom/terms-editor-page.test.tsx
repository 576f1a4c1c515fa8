import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TermsPublish } from '@contracts/terms';
import { TermsScreen } from '@src/admin/terms/TermsEditorPage';
import { wireTermsEditor, type TermsApi } from '@src/admin/terms/wiring';
import { saveTextFile } from '@src/admin/shared/save-file';
import { renderAdminPage } from '../support/admin-page-host';
import { catalogueText } from '../support/catalogue-text';
import { termsVersion } from '../support/terms-fixtures';

// The browser's download: the test reads what would have been saved instead.
vi.mock('@src/admin/shared/save-file', () => ({ saveTextFile: vi.fn() }));

const en = (id: string, values?: Record<string, string>) => catalogueText('en-us', id, values);
const ACME = '77bf73c2-d10e-469e-97ab-b11324076f2c';
const acceptances = '"#","Email","First name","Last name","Version","Culture","Accepted at","Address"\r\n';

function fakeApi(overrides: Partial<TermsApi> = {}): TermsApi {
  return {
    listTermsVersions: vi.fn(() => Promise.resolve([termsVersion(2), termsVersion(1, false)])),
    publishTerms: vi.fn(() => Promise.resolve(termsVersion(3))),
    exportTermsAcceptances: vi.fn(() => Promise.resolve(acceptances)),
    ...overrides,
  };
}

function renderTerms(api: TermsApi) {
  const logic = wireTermsEditor(ACME, api);
  renderAdminPage((notifications) => <TermsScreen logic={logic} notifications={notifications} />);
  return userEvent.setup();
}

const textbox = (field: string, culture: string) =>
  within(screen.getByRole('dialog')).getByRole('textbox', { name: `${en(field)} · ${en(culture)}` });

describe('Terms editor page (issue 34 item 2, docs/flows/terms-editor.md)', { timeout: 30_000 }, () => {
  it('lists the versions newest first (number, when, by whom, languages), to read but never to edit or delete', async () => {
    renderTerms(fakeApi());
    const table = await screen.findByRole('table', { name: en('TermsEditor_Text_Title') });
    await within(table).findByText('en-us, es');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['2', '1']);
    expect(rows[0]).toHaveTextContent('ACME__clientadmin@acme.test');
    expect(rows[1]).toHaveTextContent(/en-us$/);
    expect(within(table).getByRole('button', { name: 'Details of 2' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Edit |^Delete / })).toBeNull();
  });

  it('downloads who accepted which version: the server’s CSV, through the grid’s export', async () => {
    const api = fakeApi();
    const user = renderTerms(api);
    await screen.findByRole('table', { name: en('TermsEditor_Text_Title') });
    await user.click(await screen.findByRole('button', { name: en('TermsEditor_Button_Export') }));
    await waitFor(() => {
      expect(saveTextFile).toHaveBeenCalledWith('terms-acceptances.csv', acceptances);
    });
    expect(api.exportTermsAcceptances).toHaveBeenCalledWith(ACME, expect.anything());
  });

  it('publishes the next version from the current texts, then lists it', async () => {
    const api = fakeApi();
    const user = renderTerms(api);
    await screen.findByRole('table', { name: en('TermsEditor_Text_Title') });
    await user.click(screen.getByRole('button', { name: en('TermsEditor_Button_Add') }));
    const dialog = within(await screen.findByRole('dialog'));
    await dialog.findByRole('heading', { name: en('TermsEditor_Text_CreateTitle', { number: '3' }) });
    const spanishTerms = textbox('TermsEditor_Field_TermsHtml', 'Dashboard_Text_CultureSpanish');
    await waitFor(() => {
      expect(spanishTerms).toHaveValue('<p>Condiciones 2</p>');
    });
    await user.clear(spanishTerms);
    await user.type(spanishTerms, '<p>Condiciones 3</p>');
    await user.click(dialog.getByRole('button', { name: en('TermsEditor_Button_Publish') }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(api.publishTerms).toHaveBeenCalledWith(
      ACME,
      {
        basedOn: 2,
        texts: [
          { culture: 'en-us', termsHtml: '<p>Terms 2</p>', privacyHtml: '<p>Privacy 2</p>' },
          { culture: 'es', termsHtml: '<p>Condiciones 3</p>', privacyHtml: '<p>Privacidad 2</p>' },
        ],
      } satisfies TermsPublish,
      expect.anything(),
    );
    // The grid reads its rows again after the publish.
    await waitFor(() => {
      expect(api.listTermsVersions).toHaveBeenCalledTimes(3);
    });
  });

  it('opens an older version to read its texts, and to publish them again as the next one', async () => {
    const user = renderTerms(fakeApi());
    const table = await screen.findByRole('table', { name: en('TermsEditor_Text_Title') });
    await user.click(await within(table).findByRole('button', { name: 'Details of 1' }));
    const dialog = within(await screen.findByRole('dialog'));
    await dialog.findByRole('heading', { name: en('TermsEditor_Text_FromTitle', { opened: '1', number: '3' }) });
    const englishPrivacy = textbox('TermsEditor_Field_PrivacyHtml', 'Dashboard_Text_CultureEnglish');
    await waitFor(() => {
      expect(englishPrivacy).toHaveValue('<p>Privacy 1</p>');
    });
    // Version 1 was written in English only: Spanish is blank, and would not be published.
    expect(textbox('TermsEditor_Field_TermsHtml', 'Dashboard_Text_CultureSpanish')).toHaveValue('');
    const preview = dialog.getByRole('region', {
      name: `${en('TermsEditor_Text_Preview')} · ${en('TermsEditor_Field_PrivacyHtml')} · ${en('Dashboard_Text_CultureEnglish')}`,
    });
    expect(within(preview).getByText('Privacy 1').tagName).toBe('P');
    expect(dialog.getByRole('button', { name: en('TermsEditor_Button_Publish') })).toBeEnabled();
  });
});
