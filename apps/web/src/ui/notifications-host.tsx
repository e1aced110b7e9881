/** Mantine's toast container, in a module of its own so the providers can load it on demand. */
export { Notifications } from '@mantine/notifications';
