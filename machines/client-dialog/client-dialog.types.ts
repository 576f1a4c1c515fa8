import type { ClientApplication, ClientApplicationActivation } from '@contracts/admin/client-applications';
import type { Client, ClientCreate, ClientUpdate, CmsClient } from '@contracts/admin/clients';
import type { EditorInput, EditorOutput } from '../admin-grid/grid.types';
import type { NotificationsRef } from '../admin-grid/failure-notice';
import type { ClientForm } from './client-draft';

/** The grid's editor input: the client to edit (`row`), none for a new client; and the notifications singleton. */
export type ClientDialogInput = EditorInput<Client>;

export type ClientDialogEvent =
  | { type: 'client.edit'; changes: Partial<ClientForm> }
  | { type: 'application.toggle'; applicationId: string; active: boolean }
  | { type: 'template.edit'; applicationId: string }
  | { type: 'client.save' }
  | { type: 'dialog.cancel' };

/** The client as last saved when anything was written (the grid reloads), else undefined (closed, no reload). */
export type ClientDialogOutput = EditorOutput<Client>;

export type ClientDialogContext = {
  notifications: NotificationsRef;
  /** The client as last saved; undefined until a new client's first save (the warning shows until then). */
  client: Client | undefined;
  form: ClientForm;
  sites: CmsClient[];
  /** Every application with its active flag for this client; undefined until loaded (never for an unsaved client). */
  applications: ClientApplication[] | undefined;
  /** An expected refusal the dialog itself explains; other failures go to the notifications singleton. */
  problem: 'stale_update' | undefined;
  changed: boolean;
};

/** The calls the dialog makes (the wiring edge provides them; tests provide controlled fakes). */
export type CreateClientOutput = { id: string; object: Client };
export type ClientDialogCalls = {
  loadCmsSites: { input: undefined; output: CmsClient[] };
  loadApplications: { input: { clientId: string }; output: ClientApplication[] };
  createClient: { input: { body: ClientCreate }; output: CreateClientOutput };
  updateClient: { input: { id: string; body: ClientUpdate }; output: Client };
  saveActivation: { input: { clientId: string; body: ClientApplicationActivation }; output: undefined };
};
