import type { ReactNode } from 'react';
import { renderWithNotifications, type Notifications } from './admin-dialog-host';

/**
 * Renders an admin page's screen as the admin area does: beside the real notifications machine and its snackbar, in
 * English (the same host the dialog walks use). The page's API calls are the caller's fakes (given to the page's wiring).
 */
export function renderAdminPage(screen: (notifications: Notifications) => ReactNode) {
  const { notificationsRef, ...view } = renderWithNotifications(screen);
  return { ...view, notifications: notificationsRef };
}
