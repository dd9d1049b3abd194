// The toasts' container with only its own styles (providers.tsx loads it after the first screen).
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';

export { Notifications } from '@mantine/notifications';
