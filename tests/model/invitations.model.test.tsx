/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { ApiError } from '@contracts/failures';
import type { Invitation, InvitationCreate, InviteClient } from '@contracts/invitations';
import { invitationsMachine } from '@machines/invitations/invitations.machine';
import { InvitationsPanel, type InvitationsRef } from '@src/admin/users/invitations/InvitationsPanel';
import { wireInvitations, type InvitationsApi } from '@src/admin/users/invitations/wiring';
import { answerCall } from '../support/admin-dialog-host';
import { renderAdminPage } from '../support/admin-page-host';
import {
  actorDone,
  actorError,
  createControlledCall,
  doneEventType,
  errorEventType,
} from '../support/controlled-actor';
import { fakePorts } from '../support/fake-ports';
import { acmeClient, invitation, umbrellaClient } from '../support/invitation-fixtures';
import { describeWalks, type WalkEvent } from '../support/walk';

/*
 * Generated walks of the invitations panel of Manage users (machines/invitations, docs/flows/invitations.md) through
 * the real panel and the real invite dialog: only the network is fake (the calls wait for the walk's answer).
 * `done.inviteDialog` is the administrator's whole invitation: the dialog's client list read, Umbrella chosen, the
 * e-mail typed, Send invitation, the server's answer; `done.inviteDialog` without an output is Cancel.
 */

const clients: InviteClient[] = [acmeClient, umbrellaClient];
const offline = new Error('The server is not answering');
const nina = invitation();
const rows: Invitation[] = [
  nina,
  invitation({ id: '00000000-0000-4000-8000-0000000000e2', email: 'ana@umbrella.test', status: 'accepted' }),
];
const conflict = new ApiError({
  status: 409,
  code: 'conflict',
  message: 'This invitation was already accepted or revoked.',
  requestId: 'r1',
});

const events = [
  actorDone('loadClients', clients),
  actorError('loadClients', offline),
  { type: 'retry' },
  { type: 'invite' },
  actorDone('inviteDialog', nina),
  actorDone('inviteDialog', undefined),
  { type: 'show' },
  { type: 'close' },
  actorDone('loadInvitations', rows),
  actorError('loadInvitations', offline),
  { type: 'client.select', clientId: umbrellaClient.id },
  { type: 'resend', id: nina.id },
  { type: 'revoke', id: nina.id },
  actorDone('changeInvitation', nina),
  actorError('changeInvitation', conflict),
  { type: 'invitations.added', clientId: umbrellaClient.id },
] satisfies WalkEvent<typeof invitationsMachine>[];

function renderPanel() {
  const calls = {
    clients: createControlledCall<InviteClient[]>(),
    list: createControlledCall<Invitation[], string>(),
    create: createControlledCall<Invitation, InvitationCreate>(),
    change: createControlledCall<Invitation, { id: string; change: 'resend' | 'revoke' }>(),
  };
  const api: InvitationsApi = {
    listInviteClients: () => calls.clients.call(undefined),
    listInvitations: (clientId) => calls.list.call(clientId),
    createInvitation: (body) => calls.create.call(body),
    changeInvitation: (input) => calls.change.call(input),
  };
  // What follows the panel gets its ref, as the import panel does (it tells the panel of the invitations it made).
  const port: { ref?: InvitationsRef } = {};
  const view = renderAdminPage((notifications) => (
    <InvitationsPanel
      notifications={notifications}
      logic={wireInvitations(api)}
      after={(ref) => {
        port.ref = ref;
        return null;
      }}
    />
  ));
  return { ...view, calls, port, user: userEvent.setup({ delay: null }) };
}
type Harness = ReturnType<typeof renderPanel>;

const button = (name: string) => screen.getByRole('button', { name });
const panel = () => within(screen.getByTestId('invitations'));
/** The snackbar says what happened; then it goes, as it would by its timer, so the next one is the next change's. */
const snackbar = async (h: Harness, text: string) => {
  expect(await screen.findByTestId('snackbar')).toHaveTextContent(text);
  act(() => {
    h.notifications.send({ type: 'snackbar.dismiss' });
  });
};

describeWalks(invitationsMachine, {
  title: 'invitations model walk (Manage users: invite, list, resend, revoke; through the real panel and dialog)',
  events,
  scenarios: [
    {
      input: { ports: fakePorts().ports },
      // The list's being open decides where a cancelled dialog leads: a state apart.
      serializeState: (s) => JSON.stringify([s.value, s.context.clients.length, s.context.listOpen]),
      journeys: [
        // An invitation sent: its client's list shows.
        [
          actorDone('loadClients', clients),
          { type: 'invite' },
          actorDone('inviteDialog', nina),
          actorDone('loadInvitations', rows),
        ],
        // The clients could not be read: Retry reads them again.
        [actorError('loadClients', offline), { type: 'retry' }, actorDone('loadClients', clients)],
        // Another client's list; a resend that works, then a revoke someone else beat.
        [
          actorDone('loadClients', clients),
          { type: 'show' },
          actorDone('loadInvitations', rows),
          { type: 'client.select', clientId: umbrellaClient.id },
          actorDone('loadInvitations', rows),
          { type: 'resend', id: nina.id },
          actorDone('changeInvitation', nina),
          actorDone('loadInvitations', rows),
          { type: 'revoke', id: nina.id },
          actorError('changeInvitation', conflict),
        ],
        // An import invited its new people: the list opens on that client.
        [
          actorDone('loadClients', clients),
          { type: 'invitations.added', clientId: umbrellaClient.id },
          actorDone('loadInvitations', rows),
        ],
        // Invite from the open list, then cancel: the list comes back.
        [
          actorDone('loadClients', clients),
          { type: 'show' },
          actorDone('loadInvitations', rows),
          { type: 'invite' },
          actorDone('inviteDialog', undefined),
          actorDone('loadInvitations', rows),
          { type: 'close' },
        ],
      ],
    },
  ],
  start: renderPanel,
  describeEvent: (event) => {
    if (event.type === doneEventType('inviteDialog')) return event.output === undefined ? 'cancelled' : 'sent';
    return undefined;
  },
  timeout: 30_000,
  states: {
    preparing: async () => {
      await screen.findByRole('heading', { name: 'Invitations' });
      expect(button('Invite')).toBeDisabled();
      expect(button('Show invitations')).toBeDisabled();
    },
    failed: async () => {
      const alert = within(await panel().findByRole('alert'));
      expect(alert.getByText('The invitations could not be read.')).toBeInTheDocument();
      expect(alert.getByRole('button', { name: 'Retry' })).toBeEnabled();
    },
    idle: async () => {
      await waitFor(() => {
        expect(button('Invite')).toBeEnabled();
      });
      expect(button('Show invitations')).toBeEnabled();
      // The provider administrator chooses the client (two offered).
      expect(
        within(panel().getByLabelText('Invitations of'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Acme Health', 'Umbrella Agents']);
      expect(panel().queryByRole('table')).toBeNull();
      expect(screen.queryByTestId('invite-dialog')).toBeNull();
    },
    inviting: async () => {
      expect(await screen.findByRole('dialog', { name: 'Invite someone to sign up' })).toBeInTheDocument();
    },
    'listing.loading': async (_s, h: Harness) => {
      expect(await panel().findByRole('button', { name: 'Hide invitations' })).toBeInTheDocument();
      await waitFor(() => {
        expect(h.calls.list.waiting()).toBe(1);
      });
      expect(panel().getByRole('status')).toHaveTextContent('Loading');
    },
    'listing.showing': async () => {
      const table = await panel().findByRole('table', { name: 'Invitations' });
      const [header, pending, accepted] = within(table).getAllByRole('row');
      expect(header).toHaveTextContent('Email address');
      expect(pending).toHaveTextContent('nina@umbrella.testPending');
      expect(accepted).toHaveTextContent('ana@umbrella.testAccepted');
      // Resend and Revoke on the pending one only.
      expect(within(pending as HTMLElement).getByRole('button', { name: 'Resend nina@umbrella.test' })).toBeEnabled();
      expect(within(pending as HTMLElement).getByRole('button', { name: 'Revoke nina@umbrella.test' })).toBeEnabled();
      expect(within(accepted as HTMLElement).queryByRole('button')).toBeNull();
    },
    'listing.changing': async (_s, h: Harness) => {
      await waitFor(() => {
        expect(h.calls.change.waiting()).toBe(1);
      });
      expect(h.calls.change.calls.at(-1)?.id).toBe(nina.id);
      // While one change runs, no other is offered.
      expect(panel().queryByRole('button', { name: 'Revoke nina@umbrella.test' })).toBeNull();
    },
    'listing.unreadable': async () => {
      const alert = within(await panel().findByRole('alert'));
      expect(alert.getByText('The invitations could not be read.')).toBeInTheDocument();
      expect(alert.getByRole('button', { name: 'Retry' })).toBeEnabled();
    },
  },
  executors: {
    [doneEventType('loadClients')]: ({ event }, h) => answerCall(h.calls.clients, { output: event.output }),
    [errorEventType('loadClients')]: ({ event }, h) => answerCall(h.calls.clients, { error: event.error }),
    retry: async (_step, h) => {
      await h.user.click(within(await panel().findByRole('alert')).getByRole('button', { name: 'Retry' }));
    },
    invite: async (_step, h) => {
      await h.user.click(button('Invite'));
    },
    [doneEventType('inviteDialog')]: async ({ event }, h) => {
      const dialog = within(await screen.findByRole('dialog', { name: 'Invite someone to sign up' }));
      if (event.output === undefined) {
        await h.user.click(dialog.getByRole('button', { name: 'Cancel' }));
        return;
      }
      // The dialog offers the panel's clients (no second read); Umbrella is chosen and the e-mail typed.
      expect(h.calls.clients.calls).toHaveLength(1);
      await waitFor(() => {
        expect(dialog.getByLabelText(/^Client/)).toBeEnabled();
      });
      await h.user.selectOptions(dialog.getByLabelText(/^Client/), 'Umbrella Agents');
      const send = dialog.getByRole('button', { name: 'Send invitation' });
      await h.user.type(dialog.getByLabelText(/^Email address/), 'nina@');
      expect(dialog.getByText('Enter an e-mail address.')).toBeInTheDocument();
      expect(send).toBeDisabled();
      await h.user.type(dialog.getByLabelText(/^Email address/), 'umbrella.test');
      await h.user.selectOptions(dialog.getByLabelText(/^Language of the mail/), 'Spanish (es)');
      await h.user.click(send);
      await answerCall(h.calls.create, { output: event.output });
      expect(h.calls.create.calls.at(-1)).toEqual({
        clientId: umbrellaClient.id,
        email: 'nina@umbrella.test',
        culture: 'es',
      });
      await snackbar(h, 'The invitation is on its way.');
    },
    show: async (_step, h) => {
      await h.user.click(button('Show invitations'));
    },
    close: async (_step, h) => {
      await h.user.click(button('Hide invitations'));
    },
    [doneEventType('loadInvitations')]: ({ event }, h) => answerCall(h.calls.list, { output: event.output }),
    [errorEventType('loadInvitations')]: ({ event }, h) => answerCall(h.calls.list, { error: event.error }),
    'client.select': async (_step, h) => {
      await h.user.selectOptions(panel().getByLabelText('Invitations of'), 'Umbrella Agents');
      await waitFor(() => {
        expect(h.calls.list.calls.at(-1)).toBe(umbrellaClient.id);
      });
    },
    resend: async (_step, h) => {
      await h.user.click(await panel().findByRole('button', { name: 'Resend nina@umbrella.test' }));
    },
    revoke: async (_step, h) => {
      await h.user.click(await panel().findByRole('button', { name: 'Revoke nina@umbrella.test' }));
    },
    [doneEventType('changeInvitation')]: async ({ event }, h) => {
      const change = h.calls.change.calls.at(-1)?.change;
      await answerCall(h.calls.change, { output: event.output });
      await snackbar(h, change === 'revoke' ? 'The invitation was revoked.' : 'The invitation was sent again.');
    },
    // Sent by the import panel (src/admin/users/import) once it invited an import's new people.
    'invitations.added': async ({ event }, h) => {
      act(() => {
        h.port.ref?.send(event);
      });
      await waitFor(() => {
        expect(h.calls.list.calls.at(-1)).toBe(umbrellaClient.id);
      });
      expect(panel().getByLabelText('Invitations of')).toHaveValue(umbrellaClient.id);
    },
    [errorEventType('changeInvitation')]: async ({ event }, h) => {
      await answerCall(h.calls.change, { error: event.error });
      await snackbar(h, 'This invitation was already accepted or revoked.');
    },
  },
});
