import { createActor, fromCallback } from 'xstate';
import type { NotificationsEvent } from '@machines/notifications/notifications.types';

/**
 * A stand-in for the notifications singleton that records what it is sent: admin page actors receive the
 * notifications ref as input, so the test can read what the person would have been shown.
 */
export function recordingNotifications() {
  const received: NotificationsEvent[] = [];
  const ref = createActor(
    fromCallback<NotificationsEvent>(({ receive }) => {
      receive((event) => {
        received.push(event);
      });
    }),
  );
  ref.start();
  return { ref, received };
}
