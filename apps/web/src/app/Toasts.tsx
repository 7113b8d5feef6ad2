import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import toastClasses from './toasts.module.css';

/** The toast container, in its own chunk: toasts raised before it mounts wait in Mantine's store. */
export default function Toasts() {
  return <Notifications position="top-right" classNames={toastClasses} />;
}
