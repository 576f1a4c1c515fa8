import type { ActorRef, Snapshot } from 'xstate';
import type { NotificationsEvent } from '../notifications/notifications.types';
import type { SessionEvent } from '../session/session.machine';

/**
 * The named ports through which a flow reaches its collaborators. The root passes them in each flow's input
 * (`input: ({ context }) => ({ ports: … })`), so a flow never looks a singleton up in the system and a test hosts it
 * with fakes at this seam. Each port is the narrowest ref that accepts the collaborator's events: anything that
 * receives them (the real singleton, a recording fake) fits.
 */

/** The notifications singleton (machines/notifications): snackbars, the error bar, the error modal, `error.report`. */
export type NotificationsPort = ActorRef<Snapshot<unknown>, NotificationsEvent>;

/** The session singleton (machines/session): sign-in, rejection, sign-out and the one 401 policy (`session.expired`). */
export type SessionPort = ActorRef<Snapshot<unknown>, SessionEvent>;

/** The invitations panel (machines/invitations): told that a client's invitations changed elsewhere, it reads them. */
export type InvitationsPort = ActorRef<Snapshot<unknown>, { type: 'invitations.added'; clientId: string }>;

/** An admin grid (machines/admin-grid): told that its rows changed elsewhere, it reads its page again. */
export type GridPort = ActorRef<Snapshot<unknown>, { type: 'grid.refresh' }>;

/** What a flow that reports failures needs. */
export type ReportingPorts = { notifications: NotificationsPort };

/** What a flow that signs people in or out needs. */
export type IdentityPorts = ReportingPorts & { session: SessionPort };
