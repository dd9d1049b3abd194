import { notifications } from '@mantine/notifications';

// SPEC 8: one toast at a time. Mantine queues toasts beyond its limit; clearing first makes the
// newest message replace the old one instead of appearing seconds later out of context.

export function notifyError(message: string) {
  notifications.clean();
  notifications.show({ color: 'red', message, withBorder: true });
}

export function notifySuccess(message: string) {
  notifications.clean();
  notifications.show({ color: 'teal', message, withBorder: true });
}
