import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n/i18n';

// One toast at a time. Mantine queues toasts beyond its limit; clearing first makes the
// newest message replace the old one instead of appearing seconds later out of context.

/** The toast's close button is named (axe: button-name) in the UI language. */
const closeButtonProps = () => ({ 'aria-label': i18n.t('app.closeNotification') });

export function notifyError(message: string) {
  notifications.clean();
  notifications.show({ color: 'red', message, withBorder: true, closeButtonProps: closeButtonProps() });
}

export function notifySuccess(message: string) {
  notifications.clean();
  notifications.show({ color: 'teal', message, withBorder: true, closeButtonProps: closeButtonProps() });
}
