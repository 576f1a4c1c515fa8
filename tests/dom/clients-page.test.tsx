import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ClientsScreen } from '@src/admin/clients/ClientsPage';
import { wireClients, type ClientsApi } from '@src/admin/clients/wiring';
import type { Client, ClientCreate } from '@contracts/admin/clients';
import { renderWithNotifications } from '../support/admin-dialog-host';
import { oidcProvider } from '../support/identity-provider-fixtures';
import { catalogueText } from '../support/catalogue-text';
import {
  acme,
  acmeApplications,
  apiError,
  benefitsTemplate,
  cmsSites,
  freshApplications,
  ids,
  staleUpdate,
  templates,
} from '../support/client-fixtures';

const en = (id: string) => catalogueText('en-us', id);

const umbrella = acme({
  id: '0b5b8c2e-1f0a-4f7e-9a52-7d1c6a2b3c09',
  name: 'Umbrella Insurance',
  portalAlias: 'umbrella',
  oktaPrefix: 'UMB',
});

/** The server as the page sees it: a list that follows creates and deletes. */
function fakeApi(clients: Client[], overrides: Partial<ClientsApi> = {}) {
  let rows = [...clients];
  const api = {
    listClients: vi.fn(() => Promise.resolve([...rows])),
    listCmsClients: vi.fn(() => Promise.resolve(cmsSites)),
    createClient: vi.fn((body: ClientCreate) => {
      const object = acme({
        ...body,
        id: ids.newClient,
        autoSignUp: body.autoSignUp ?? false,
        allowAccountClosing: body.allowAccountClosing ?? true,
        recaptchaFeatureEnabled: body.recaptchaFeatureEnabled ?? true,
        ssoId: body.ssoId ?? null,
        scimSignIn: body.scimSignIn ?? 'activationMail',
        version: 1,
      });
      rows = [...rows, object];
      return Promise.resolve({ id: object.id, object });
    }),
    updateClient: vi.fn((id: string, body: { name: string; version: number }) =>
      Promise.resolve({ ...(rows.find((row) => row.id === id) as Client), name: body.name, version: body.version + 1 }),
    ),
    deleteClient: vi.fn((id: string) => {
      rows = rows.filter((row) => row.id !== id);
      return Promise.resolve();
    }),
    listClientApplications: vi.fn((clientId: string) =>
      Promise.resolve(clientId === ids.acme ? acmeApplications() : freshApplications(clientId)),
    ),
    saveClientApplications: vi.fn(() => Promise.resolve()),
    getClientApplicationTemplate: vi.fn(() => Promise.resolve(benefitsTemplate())),
    saveClientApplicationTemplate: vi.fn(() => Promise.resolve(benefitsTemplate({ version: 3 }))),
    listTemplates: vi.fn(() => Promise.resolve(templates)),
    listIdentityProviders: vi.fn(() =>
      Promise.resolve([oidcProvider({ clientIdServed: null, clientNameServed: null })]),
    ),
    ...overrides,
  };
  return api;
}

function renderClients(api: ClientsApi) {
  const logic = wireClients(api);
  renderWithNotifications((notifications) => <ClientsScreen logic={logic} notifications={notifications} />);
  return { user: userEvent.setup() };
}

const table = () => screen.findByRole('table', { name: en('Client_Text_Title') });
const input = (id: string) => screen.getByRole('textbox', { name: new RegExp(`^${en(id)}`) });

// Typing into a Chakra dialog in jsdom is slow on two shared cores; the limit is generous, never asserted on.
describe('Manage Clients (admin-and-board §2, §4, §8)', { timeout: 30_000 }, () => {
  it('lists Name, PortalAlias, OktaPrefix and Id, and filters case-insensitively on each', async () => {
    const { user } = renderClients(fakeApi([acme(), umbrella]));
    const grid = await table();
    expect(await within(grid).findByText('Acme Health')).toBeInTheDocument();
    expect(within(grid).getByText('umbrella')).toBeInTheDocument();
    expect(within(grid).getByText('UMB')).toBeInTheDocument();
    expect(within(grid).getByText(ids.acme)).toBeInTheDocument();
    const searchBy = screen.getByRole('combobox', { name: 'Search by' });
    expect(
      within(searchBy)
        .getAllByRole('option')
        .slice(1)
        .map((option) => option.getAttribute('value')),
    ).toEqual(['name', 'portalAlias', 'oktaPrefix', 'id']);
    await user.selectOptions(searchBy, 'oktaPrefix');
    await user.type(screen.getByRole('searchbox'), 'umb');
    await waitFor(() => {
      expect(within(grid).queryByText('Acme Health')).not.toBeInTheDocument();
    });
    expect(within(grid).getByText('Umbrella Insurance')).toBeInTheDocument();
  });

  it('deletes after a confirmation naming the client; a refusal is titled Client_Text_DeleteFailTitle', async () => {
    const api = fakeApi([acme(), umbrella], {
      deleteClient: vi.fn(() => Promise.reject(apiError(409, 'conflict', 'Umbrella Insurance still has people'))),
    });
    const { user } = renderClients(api);
    const grid = await table();
    await user.click(await within(grid).findByRole('button', { name: 'Delete Umbrella Insurance' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Delete the client Umbrella Insurance?');
    await user.click(within(confirm).getByRole('button', { name: en('Client_Button_ConfirmDelete') }));
    const snackbar = await screen.findByTestId('snackbar');
    expect(snackbar).toHaveTextContent(en('Client_Text_DeleteFailTitle'));
    expect(snackbar).toHaveTextContent('Umbrella Insurance still has people');
    expect(api.deleteClient).toHaveBeenCalledWith(umbrella.id, expect.anything());
  });

  it('a new client: saved first, the dialog stays open, then activation is saved after it closes', async () => {
    const api = fakeApi([acme()]);
    const { user } = renderClients(api);
    await table();
    await user.click(screen.getByRole('button', { name: en('Client_Button_Add') }));
    expect(await screen.findByTestId('save-first-warning')).toBeInTheDocument();
    await user.type(input('Client_Field_ClientName'), 'Globex');
    await user.type(input('Client_Field_OktaPrefix'), 'GLOBEX');
    await user.type(input('Client_Field_PortalAlias'), 'globex');
    await user.selectOptions(screen.getByRole('combobox', { name: en('Client_Field_CmsClientId') }), 'Acme site');
    await user.click(screen.getByRole('button', { name: en('Client_Button_Save') }));
    // Still open, with the id: the warning is gone, the alias is read-only and the applications load.
    await waitFor(() => {
      expect(screen.queryByTestId('save-first-warning')).not.toBeInTheDocument();
    });
    expect(api.createClient).toHaveBeenCalledWith(
      {
        name: 'Globex',
        oktaPrefix: 'GLOBEX',
        portalAlias: 'globex',
        autoSignUp: false,
        recaptchaFeatureEnabled: true,
        // On by default (issue 34 §3): a new client's people may close their own account.
        allowAccountClosing: true,
        cmsClientId: ids.siteAcme,
        ssoId: null,
        scimSignIn: 'activationMail',
      },
      expect.anything(),
    );
    expect(input('Client_Field_PortalAlias')).toHaveAttribute('readonly');
    await user.click(screen.getByRole('tab', { name: en('Client_Text_ApplicationsTab') }));
    await user.click(await screen.findByRole('checkbox', { name: 'Claims Portal' }));
    await user.click(screen.getByRole('button', { name: en('Client_Button_Save') }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    await waitFor(() => {
      expect(api.saveClientApplications).toHaveBeenCalledWith(
        ids.newClient,
        {
          applications: [
            { applicationId: ids.benefits, active: false, version: null },
            { applicationId: ids.claims, active: true, version: null },
            { applicationId: ids.wellness, active: false, version: null },
          ],
        },
        expect.anything(),
      );
    });
    // The update came first, the activation after it; then the grid reloads with the new client.
    expect(vi.mocked(api.updateClient).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(api.saveClientApplications).mock.invocationCallOrder[0] as number,
    );
    expect(await within(await table()).findByText('Globex')).toBeInTheDocument();
  });

  it('chooses the SSOID among the registry’s entries and the SCIM sign-in, and saves both', async () => {
    const provider = oidcProvider({ clientIdServed: null, clientNameServed: null });
    const api = fakeApi([acme()]);
    const { user } = renderClients(api);
    const grid = await table();
    await user.click(await within(grid).findByRole('button', { name: 'Edit Acme Health' }));
    const sso = await screen.findByRole('combobox', { name: en('Client_Field_SsoId') });
    await waitFor(() => {
      expect(within(sso).getByRole('option', { name: provider.name })).toBeInTheDocument();
    });
    expect(sso).toHaveValue('');
    await user.selectOptions(sso, provider.id);
    const scim = screen.getByRole('combobox', { name: en('Client_Field_ScimSignIn') });
    expect(scim).toHaveValue('activationMail');
    await user.selectOptions(scim, 'immediate');
    await user.click(screen.getByRole('button', { name: en('Client_Button_Save') }));
    await waitFor(() => {
      expect(api.updateClient).toHaveBeenCalledTimes(1);
    });
    expect(api.updateClient).toHaveBeenCalledWith(
      ids.acme,
      expect.objectContaining({ ssoId: provider.id, scimSignIn: 'immediate' }),
      expect.anything(),
    );
  });

  it('a stale update of an existing client says so and keeps the input', async () => {
    const api = fakeApi([acme()], { updateClient: vi.fn(() => Promise.reject(staleUpdate())) });
    const { user } = renderClients(api);
    const grid = await table();
    await user.click(await within(grid).findByRole('button', { name: 'Edit Acme Health' }));
    expect(await screen.findByText('Client Acme Health')).toBeInTheDocument();
    expect(input('Client_Field_PortalAlias')).toHaveAttribute('readonly');
    await user.clear(input('Client_Field_ClientName'));
    await user.type(input('Client_Field_ClientName'), 'Acme Health Plans');
    await waitFor(() => {
      expect(screen.getByRole('button', { name: en('Client_Button_Save') })).toBeEnabled();
    });
    await user.click(screen.getByRole('button', { name: en('Client_Button_Save') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(en('Client_Text_StaleUpdate'));
    expect(input('Client_Field_ClientName')).toHaveValue('Acme Health Plans');
    // The two ways out of the conflict, and no plain Save.
    expect(screen.getByRole('button', { name: en('Global_Button_ReloadTheirs') })).toBeEnabled();
    expect(screen.getByRole('button', { name: en('Global_Button_KeepMine') })).toBeEnabled();
    expect(screen.getByRole('button', { name: en('Client_Button_Save') })).toBeDisabled();
    expect(api.saveClientApplications).not.toHaveBeenCalled();
  });

  it('"keep mine" after a stale update reads the current version, saves over it, then activates', async () => {
    // Someone else saved Acme (version 4) after the grid read it (version 3).
    const theirs = acme({ name: 'Acme Health Group', version: 4 });
    const api = fakeApi([acme()], {
      listClients: vi.fn().mockResolvedValueOnce([acme()]).mockResolvedValue([theirs]),
      updateClient: vi
        .fn()
        .mockRejectedValueOnce(staleUpdate())
        .mockResolvedValue(acme({ name: 'Acme Health Plans', version: 5 })),
    });
    const { user } = renderClients(api);
    const grid = await table();
    await user.click(await within(grid).findByRole('button', { name: 'Edit Acme Health' }));
    expect(await screen.findByText('Client Acme Health')).toBeInTheDocument();
    await user.clear(input('Client_Field_ClientName'));
    await user.type(input('Client_Field_ClientName'), 'Acme Health Plans');
    await user.click(screen.getByRole('button', { name: en('Client_Button_Save') }));
    await user.click(await screen.findByRole('button', { name: en('Global_Button_KeepMine') }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(api.updateClient).toHaveBeenLastCalledWith(
      ids.acme,
      expect.objectContaining({ name: 'Acme Health Plans', version: 4 }),
      expect.anything(),
    );
    await waitFor(() => {
      expect(api.saveClientApplications).toHaveBeenCalledTimes(1);
    });
  });
});
