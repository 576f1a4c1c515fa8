import { createActor, fromCallback, setup, type EventObject } from 'xstate';
import type { NotificationsEvent } from '@machines/notifications/notifications.types';
import type { SessionEvent } from '@machines/session/session.machine';
import type { GridPort, IdentityPorts, InvitationsPort } from '@machines/support/ports';

type InvitationsEvent = InvitationsPort extends { send: (event: infer E) => void } ? E : never;

/** A started actor that keeps every event it receives: a port a test can read back. */
export function recordingPort<TEvent extends EventObject>() {
  const received: TEvent[] = [];
  const ref = createActor(
    fromCallback<TEvent>(({ receive }) => {
      receive((event) => {
        received.push(event);
      });
    }),
  );
  ref.start();
  return { ref, received };
}

/**
 * Fake notifications, session, invitations-panel and grid ports for hosting a flow outside the root
 * (machines/support/ports.ts): the flow under test talks to them as it would to the real actors, and the test reads
 * what they were sent.
 */
export function fakePorts() {
  const notifications = recordingPort<NotificationsEvent>();
  const session = recordingPort<SessionEvent>();
  const invitations = recordingPort<InvitationsEvent>();
  const grid = recordingPort<{ type: 'grid.refresh' }>();
  const ports: IdentityPorts & { invitations: InvitationsPort; grid: GridPort } = {
    notifications: notifications.ref,
    session: session.ref,
    invitations: invitations.ref,
    grid: grid.ref,
  };
  return {
    ports,
    notifications: notifications.received,
    session: session.received,
    invitations: invitations.received,
    grid: grid.received,
  };
}

/**
 * A session port in a given state that records what it is sent: for flows that ask the session whether the person
 * is still signed in (`getSnapshot().value`), which `fakePorts()`'s listener cannot answer. `signedIn` is a compound
 * state, as the real session's is.
 */
export function fakeSession(state: 'signedIn' | 'signedOut') {
  const received: SessionEvent[] = [];
  const ref = createActor(
    setup({ types: { events: {} as SessionEvent } }).createMachine({
      initial: state,
      states: { signedIn: { initial: 'watching', states: { watching: {} } }, signedOut: {} },
      on: {
        '*': {
          actions: ({ event }) => {
            received.push(event);
          },
        },
      },
    }),
  );
  ref.start();
  return { ref, received };
}
