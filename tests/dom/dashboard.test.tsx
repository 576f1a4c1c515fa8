import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { stripMarks } from '@src/i18n/edit-markers';
import { everyEnglishText } from '@tests/support/catalogue-text';
import { compileOverrides } from '@src/i18n/overrides';
import { dashboardCalls, renderDashboard } from '../model/dashboard.harness';
import { profile } from '../support/profiles';
import { providerEditChoices } from '@tests/support/dashboard-fixtures';

const providerAdmin = profile({ isAulAdmin: true, role: 'admin' });
const clientAdmin = profile({ isAulAdmin: false, role: 'clientadmin' });

describe('dashboard page (admin-and-board §2 "Dashboard")', () => {
  it('gives a provider administrator the Edit Mode toggle and the clear-cache action', () => {
    renderDashboard(providerAdmin);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Edit mode' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Clear cache' })).toBeEnabled();
  });

  it('gives a client administrator the Edit Mode toggle and the clear-cache action too (for their own client)', () => {
    renderDashboard(clientAdmin);
    expect(screen.getByRole('checkbox', { name: 'Edit mode' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Clear cache' })).toBeEnabled();
    expect(screen.queryByText('Only administrators can edit texts and clear the cache.')).toBeNull();
  });

  it('tells anyone else that the tools are the administrators’', () => {
    renderDashboard(profile({ isAulAdmin: false, role: 'user' }));
    expect(screen.getByText('Only administrators can edit texts and clear the cache.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear cache' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Edit mode' })).toBeNull();
  });

  it('clears the cache once, busy meanwhile, and says the spec sentence', async () => {
    const { calls } = renderDashboard(providerAdmin);
    const button = screen.getByRole('button', { name: 'Clear cache' });
    await userEvent.click(button);
    expect(calls.clear.calls).toHaveLength(1);
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(calls.clear.calls).toHaveLength(1);
    act(() => {
      calls.clear.resolve(20261124);
    });
    expect(await screen.findByTestId('snackbar')).toHaveTextContent(
      'Cleared the Cache successfully. Reload the page to load new Data.',
    );
  });

  it('in Edit Mode outlines the page texts, and a click edits the text instead of doing what it would do', async () => {
    const { calls } = renderDashboard(providerAdmin);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Edit mode' }));
    const clearButton = screen.getByRole('button', { name: /Clear cache/ });
    await waitFor(() => {
      expect(clearButton).toHaveAttribute('data-edit-key', 'Dashboard_Button_ClearCache');
    });
    // The text reads the same: the marks are invisible.
    expect(stripMarks(clearButton.textContent)).toBe('Clear cache');
    await userEvent.click(clearButton);
    expect(calls.clear.calls).toHaveLength(0);
    expect(calls.read.calls).toEqual([
      { target: { kind: 'label', key: 'Dashboard_Button_ClearCache' }, scope: { culture: 'en-us', clientId: null } },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: /Cancel/ }));
    await waitFor(() => {
      expect(screen.queryByTestId('edit-text-dialog')).toBeNull();
    });
    // The toggle itself is never taken over: it turns Edit Mode off, and the outlines go.
    await userEvent.click(screen.getByRole('checkbox', { name: /Edit mode/ }));
    await waitFor(() => {
      expect(document.querySelector('[data-edit-key]')).toBeNull();
    });
    expect(screen.getByRole('button', { name: 'Clear cache' }).textContent).toBe('Clear cache');
  });

  it('opens an input-resource dialog for an input title key, with the rules and both texts', async () => {
    const { calls } = renderDashboard(providerAdmin);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Edit mode' }));
    await userEvent.click(screen.getByRole('textbox', { name: /Edit a text by its key/ }));
    await userEvent.paste('Application_Field_Alias');
    await userEvent.click(screen.getByRole('button', { name: /Edit input/ }));
    act(() => {
      calls.read.resolve({
        kind: 'input',
        draft: { kind: 'input', validationMessage: 'Use letters and dashes', placeHolder: 'my-application' },
        rules: {
          title: 'Alias',
          isRequired: true,
          type: 'text',
          minValue: 2,
          maxValue: 40,
          validationRegex: '^[a-z-]+$',
          maskRegex: null,
        },
        version: 4,
        choices: providerEditChoices,
      });
    });
    const dialog = await screen.findByTestId('edit-text-dialog');
    expect(stripMarks(dialog.textContent)).toContain('Title: Alias · type: text · required: Yes · minimum: 2');
    const placeholder = screen.getByRole('textbox', { name: /Placeholder/ });
    await userEvent.clear(placeholder);
    expect(screen.getByRole('button', { name: /Save/ })).toBeDisabled();
    await userEvent.click(placeholder);
    await userEvent.paste('your-alias');
    await userEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(calls.save.calls).toEqual([
      {
        target: { kind: 'input', key: 'Application_Field_Alias' },
        scope: { culture: 'en-us', clientId: null },
        draft: { kind: 'input', validationMessage: 'Use letters and dashes', placeHolder: 'your-alias' },
        version: 4,
      },
    ]);
  });

  it('renders the Edit Mode layer in the app’s React tree, over the page, and only while Edit Mode is on', async () => {
    // A Lingui provider of the test's own, inside the app: only a layer in the same React tree can read it (a second
    // React root would carry the app's instance, and its title, instead).
    const ownI18n = setupI18n();
    ownI18n.loadAndActivate({
      locale: 'en-us',
      messages: {
        ...everyEnglishText,
        ...compileOverrides({ Dashboard_Text_LabelDialogTitle: 'Edit text, from the tree of the app' }),
      },
    });
    const view = renderDashboard(providerAdmin, dashboardCalls(), (tree) => (
      <I18nProvider i18n={ownI18n}>{tree}</I18nProvider>
    ));
    expect(screen.queryByTestId('edit-mode-layer')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Edit mode' }));
    const layer = await screen.findByTestId('edit-mode-layer');
    // Portalled to <body>, over the page, not inside the page's container.
    expect(layer.parentElement).toBe(document.body);
    expect(view.container.contains(layer)).toBe(false);
    await userEvent.click(screen.getByRole('textbox', { name: /Edit a text by its key/ }));
    await userEvent.paste('Login_Text_Title');
    await userEvent.click(screen.getByRole('button', { name: 'Edit text' }));
    const dialog = await screen.findByTestId('edit-text-dialog');
    expect(layer.contains(dialog)).toBe(true);
    expect(within(dialog).getByRole('heading', { name: 'Edit text, from the tree of the app' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Edit mode' }));
    await waitFor(() => {
      expect(screen.queryByTestId('edit-mode-layer')).toBeNull();
    });
    expect(screen.queryByTestId('edit-text-dialog')).toBeNull();
  });

  it('offers in "Applies to" all clients and each client the editor may choose, and reads the one chosen (issue 29 §4)', async () => {
    const { calls } = renderDashboard(providerAdmin);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Edit mode' }));
    await userEvent.click(screen.getByRole('heading', { level: 1 }));
    act(() => {
      calls.read.resolve({ kind: 'label', value: 'Dashboard', version: 2, choices: providerEditChoices });
    });
    const appliesTo = await screen.findByRole('combobox', { name: /Applies to/ });
    await waitFor(() => {
      expect(appliesTo).toBeEnabled();
    });
    expect(
      within(appliesTo)
        .getAllByRole('option')
        .map((option) => stripMarks(option.textContent)),
    ).toEqual(['All clients', 'Acme Health', 'Globex']);
    expect(appliesTo).toHaveValue('');
    await userEvent.selectOptions(appliesTo, 'c-globex');
    expect(calls.read.calls.at(-1)).toEqual({
      target: { kind: 'label', key: 'Dashboard_Text_Title' },
      scope: { culture: 'en-us', clientId: 'c-globex' },
    });
  });

  it('sanitises an HTML label before it is saved, and previews it sanitised', async () => {
    const { calls } = renderDashboard(providerAdmin);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Edit mode' }));
    await userEvent.click(screen.getByRole('heading', { level: 1 }));
    act(() => {
      calls.read.resolve({ kind: 'label', value: null, version: null, choices: providerEditChoices });
    });
    const value = await screen.findByRole('textbox', { name: /Text \(plain or HTML/ });
    expect(value).toHaveValue('Dashboard');
    await userEvent.clear(value);
    await userEvent.click(value);
    await userEvent.paste('<b>Board</b><img src=x onerror=alert(1)>');
    expect(screen.getByTestId('label-preview').innerHTML).toBe('<b>Board</b>');
    await userEvent.click(screen.getByRole('button', { name: /Save/ }));
    // The sanitiser is loaded with the save (a lazy chunk), so the call follows a moment later.
    await waitFor(() => {
      expect(calls.save.calls[0]).toMatchObject({ draft: { kind: 'label', value: '<b>Board</b>' }, version: 0 });
    });
  });
});
