import { type NotificationData, notifications } from '@mantine/notifications';

/**
 * Shows a toast under a fixed id, or changes the one already showing under it: repeated actions
 * (+5% clicked five times) keep one toast, updated in place, instead of a stack of them.
 * Mantine's show ignores an id already shown and its update ignores one not shown, so both are called.
 */
export function showOrUpdateToast(toast: NotificationData & { id: string }) {
  notifications.update(toast);
  notifications.show(toast);
}
