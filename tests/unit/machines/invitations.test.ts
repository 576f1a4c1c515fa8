import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { ApiError } from '@contracts/failures';
import type { Invitation, InvitationCreate, InviteClient } from '@contracts/invitations';
import { invitationsMachine } from '@machines/invitations/invitations.machine';
import {
  selectMayChange,
  selectMayChooseClient,
  selectMayInvite,
  selectNoClient,
} from '@machines/invitations/invitations.selectors';
import { inviteDialogMachine } from '@machines/invitations/invite-dialog.machine';
import {
  selectEmailInvalid,
  selectMayChooseClient as dialogMayChoose,
} from '@machines/invitations/invite-dialog.selectors';
import { doneEvent, errorEvent } from '../../support/controlled-actor';
import { fakePorts } from '../../support/fake-ports';
import { acmeClient, invitation, umbrellaClient } from '../../support/invitation-fixtures';

/**
 * The invitations panel of Manage users and its invite dialog (machines/invitations; docs/links.md "Invitations").
 */

/** The events the transition sends to the notifications port. */
const sentTo = (actions: { type: string; params?: unknown }[]) =>
  actions
    .filter((action) => action.type === 'xstate.sendTo')
    .map((action) => (action.params as { event: unknown }).event);

const input = () => ({ ports: fakePorts().ports });
const start = () => initialTransition(invitationsMachine, input())[0];
const ready = (clients = [acmeClient, umbrellaClient]) =>
  transition(invitationsMachine, start(), doneEvent('loadClients', clients))[0];
const listing = () => transition(invitationsMachine, ready(), { type: 'show' })[0];
const showing = (rows: Invitation[] = [invitation()]) =>
  transition(invitationsMachine, listing(), doneEvent('loadInvitations', rows))[0];

describe('invitations panel', () => {
  it('opens the list on the client whose invitations an import just made, and reads it again when open', () => {
    const opened = transition(invitationsMachine, ready(), {
      type: 'invitations.added',
      clientId: umbrellaClient.id,
    })[0];
    expect(opened.value).toEqual({ listing: 'loading' });
    expect(opened.context.clientId).toBe(umbrellaClient.id);
    const reread = transition(invitationsMachine, showing(), { type: 'invitations.added', clientId: acmeClient.id })[0];
    expect(reread.value).toEqual({ listing: 'loading' });
    expect(reread.context.clientId).toBe(acmeClient.id);
  });

  it('ignores news of a client it does not offer, and news while the clients are still being read', () => {
    const elsewhere = transition(invitationsMachine, ready(), { type: 'invitations.added', clientId: 'elsewhere' })[0];
    expect(elsewhere.value).toBe('idle');
    const early = transition(invitationsMachine, start(), { type: 'invitations.added', clientId: acmeClient.id })[0];
    expect(early.value).toBe('preparing');
  });

  it('reads the clients first; Invite and the list then open on the first client', () => {
    expect(start().value).toBe('preparing');
    expect(selectMayInvite(start())).toBe(false);
    const s = ready();
    expect(s.value).toBe('idle');
    expect(s.context.clientId).toBe(acmeClient.id);
    expect(selectMayInvite(s)).toBe(true);
    expect(selectMayChooseClient(s)).toBe(true);
  });

  it('a client administrator has one client: no choice; no client allowing sign-up: nothing to invite to', () => {
    expect(selectMayChooseClient(ready([acmeClient]))).toBe(false);
    const none = ready([]);
    expect(selectNoClient(none)).toBe(true);
    expect(selectMayInvite(none)).toBe(false);
    expect(transition(invitationsMachine, none, { type: 'show' })[0].value).toBe('idle');
  });

  it('a failed read of the clients is reported; Retry reads again', () => {
    const [failed, actions] = transition(invitationsMachine, start(), errorEvent('loadClients', new Error('offline')));
    expect(failed.value).toBe('failed');
    expect(sentTo(actions)).toEqual([expect.objectContaining({ type: 'error.report', action: 'invitations' })]);
    expect(transition(invitationsMachine, failed, { type: 'retry' })[0].value).toBe('preparing');
  });

  it('lists the chosen client’s invitations; another client (one offered) reads its list', () => {
    expect(listing().value).toEqual({ listing: 'loading' });
    expect(showing().context.rows).toHaveLength(1);
    const other = transition(invitationsMachine, showing(), { type: 'client.select', clientId: umbrellaClient.id })[0];
    expect(other.value).toEqual({ listing: 'loading' });
    expect(other.context.clientId).toBe(umbrellaClient.id);
    const unknown = transition(invitationsMachine, showing(), { type: 'client.select', clientId: 'elsewhere' })[0];
    expect(unknown.value).toEqual({ listing: 'showing' });
  });

  it('offers Resend and Revoke on pending and expired invitations only', () => {
    const s = showing();
    for (const status of ['pending', 'expired'] as const) expect(selectMayChange(s, invitation({ status }))).toBe(true);
    for (const status of ['accepted', 'revoked'] as const)
      expect(selectMayChange(s, invitation({ status }))).toBe(false);
  });

  it('resends, says so and reads the list again; a failed revoke says why and reads it again too', () => {
    const [changing] = transition(invitationsMachine, showing(), { type: 'resend', id: invitation().id });
    expect(changing.value).toEqual({ listing: 'changing' });
    expect(changing.context.pending).toEqual({ id: invitation().id, change: 'resend' });
    expect(selectMayChange(changing, invitation())).toBe(false);
    const [done, doneActions] = transition(invitationsMachine, changing, doneEvent('changeInvitation', invitation()));
    expect(done.value).toEqual({ listing: 'loading' });
    expect(sentTo(doneActions)).toEqual([
      { type: 'snackbar.show', snackbar: { type: 'success', message: { id: 'Invitation_Text_Resent' } } },
    ]);

    const [revoking] = transition(invitationsMachine, showing(), { type: 'revoke', id: invitation().id });
    const refusal = new ApiError({ status: 409, code: 'conflict', message: 'already accepted', requestId: 'r' });
    const [after, actions] = transition(invitationsMachine, revoking, errorEvent('changeInvitation', refusal));
    expect(after.value).toEqual({ listing: 'loading' });
    expect(after.context.pending).toBeUndefined();
    expect(sentTo(actions)).toEqual([
      expect.objectContaining({
        type: 'snackbar.show',
        snackbar: expect.objectContaining({ type: 'error' }) as unknown,
      }),
    ]);
  });

  it('an unreadable list is reported; Retry reads it; Hide closes it', () => {
    const [unreadable, actions] = transition(
      invitationsMachine,
      listing(),
      errorEvent('loadInvitations', new Error('x')),
    );
    expect(unreadable.value).toEqual({ listing: 'unreadable' });
    expect(sentTo(actions)).toEqual([expect.objectContaining({ type: 'error.report' })]);
    expect(transition(invitationsMachine, unreadable, { type: 'retry' })[0].value).toEqual({ listing: 'loading' });
    expect(transition(invitationsMachine, showing(), { type: 'close' })[0].value).toBe('idle');
  });

  it('a sent invitation shows its client’s list and says so; a cancelled dialog goes back where it was', () => {
    const [inviting] = transition(invitationsMachine, ready(), { type: 'invite' });
    expect(inviting.value).toBe('inviting');
    const sent = invitation({ clientId: umbrellaClient.id });
    const [after, actions] = transition(invitationsMachine, inviting, doneEvent('inviteDialog', sent));
    expect(after.value).toEqual({ listing: 'loading' });
    expect(after.context.clientId).toBe(umbrellaClient.id);
    expect(sentTo(actions)).toEqual([
      { type: 'snackbar.show', snackbar: { type: 'success', message: { id: 'Invitation_Text_Sent' } } },
    ]);
    expect(transition(invitationsMachine, inviting, doneEvent('inviteDialog', undefined))[0].value).toBe('idle');
    const [fromList] = transition(invitationsMachine, showing(), { type: 'invite' });
    expect(transition(invitationsMachine, fromList, doneEvent('inviteDialog', undefined))[0].value).toEqual({
      listing: 'loading',
    });
  });
});

describe('invite dialog (the editor pattern)', () => {
  function open(
    save: (body: InvitationCreate) => Promise<Invitation>,
    clients: readonly InviteClient[] = [acmeClient, umbrellaClient],
  ) {
    // No load: the dialog offers the clients the panel gives it, without reading them again.
    const machine = inviteDialogMachine.provide({ actors: { save: fromPromise(({ input }) => save(input)) } });
    return createActor(machine, {
      input: { notifications: fakePorts().ports.notifications, clientId: umbrellaClient.id, clients },
    }).start();
  }

  it('preselects the page’s client, takes only offered clients, and saves only a valid e-mail', async () => {
    const bodies: InvitationCreate[] = [];
    const actor = open((body) => {
      bodies.push(body);
      return Promise.resolve(invitation());
    });
    await waitFor(actor, (s) => s.hasTag('editing'));
    expect(actor.getSnapshot().context.draft.clientId).toBe(umbrellaClient.id);
    expect(dialogMayChoose(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'edit', changes: { clientId: 'elsewhere' } });
    expect(actor.getSnapshot().context.draft.clientId).toBe(umbrellaClient.id);
    actor.send({ type: 'edit', changes: { email: 'nina@' } });
    expect(selectEmailInvalid(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().can({ type: 'save' })).toBe(false);
    actor.send({ type: 'edit', changes: { email: ' nina@umbrella.test ' } });
    expect(actor.getSnapshot().can({ type: 'save' })).toBe(true);
    // The mail's language: the client's own unless one is chosen (a culture Gatehouse has).
    actor.send({ type: 'edit', changes: { culture: 'fr' as never } });
    expect(actor.getSnapshot().context.draft.culture).toBe('');
    actor.send({ type: 'edit', changes: { culture: 'es' } });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(bodies).toEqual([{ clientId: umbrellaClient.id, email: 'nina@umbrella.test', culture: 'es' }]);
    expect(actor.getSnapshot().output).toEqual(invitation());
  });

  it('a client administrator’s one client is taken; the server’s refusal shows in the dialog, the draft kept', async () => {
    const refusal = new ApiError({
      status: 400,
      code: 'validation_failed',
      message: 'Following Validation Error(s) were found:',
      requestId: 'r',
      details: [{ field: 'body.email', message: 'already has an account with this client' }],
    });
    const actor = open(() => Promise.reject(refusal), [acmeClient]);
    await waitFor(actor, (s) => s.hasTag('editing'));
    expect(actor.getSnapshot().context.draft.clientId).toBe(acmeClient.id);
    expect(dialogMayChoose(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'edit', changes: { email: 'maria@acme.test' } });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.hasTag('editing') && s.context.problem !== undefined);
    expect(actor.getSnapshot().context.problem).toEqual({ raw: 'already has an account with this client' });
    expect(actor.getSnapshot().context.draft.email).toBe('maria@acme.test');
  });
});
