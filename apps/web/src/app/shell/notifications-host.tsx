import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';

/** Mantine's toast container: loaded by NotificationsOutlet once a page shows its first notification. */
export default function NotificationsHost() {
  return <Notifications position="top-right" />;
}
