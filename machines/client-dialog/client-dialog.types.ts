import type { ClientApplication, ClientApplicationActivation } from '@contracts/admin/client-applications';
import type { Client, CmsClient } from '@contracts/admin/clients';
import type { EditorInput } from '../admin-grid/grid.types';

/** The grid's editor input: the client to edit (`row`), none for a new client; and the notifications port. */
export type ClientDialogInput = EditorInput<Client>;

/**
 * What `load` reads: the CMS sites, the client as it is now (the grid's row on first opening; none before a new
 * client's first save), and every application with the client's active flags (undefined while unknown: an unsaved
 * client, or a read that failed, after which a save leaves the activation as it is).
 */
export type ClientLoaded = {
  sites: CmsClient[];
  client: Client | undefined;
  applications: ClientApplication[] | undefined;
  /**
   * The federation registry's entries the SSOID may name (issue 31 item 1); absent or empty when it could not be read
   * (with a real Okta org the registry is Okta's own): the select then offers only the SSOID stored.
   */
  identityProviders?: SsoChoice[];
};

/** An entry of the federation registry, as the client tab's SSOID select offers it. */
export type SsoChoice = { id: string; name: string };

/** What the follow-up call sends once the dialog is closed: PUT ClientApplication/{id} with the full list. */
export type ActivationInput = { clientId: string; body: ClientApplicationActivation };
