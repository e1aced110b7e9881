/**
 * Toasts: every toast of the app goes through showToast. Core's rule says how long each shows (every
 * toast closes by itself, errors last longest); the container (ui/notifications-host.tsx, loaded with the
 * first toast) sits below the header and shows at most three (decision 0055).
 */
import { notifications } from '@mantine/notifications';
import { toastAutoCloseMs, type ToastKind } from '@ledgerport/core/rules';

const COLORS: Record<ToastKind, string> = { success: 'green', error: 'red', info: 'blue', warning: 'yellow' };

export function showToast(kind: ToastKind, message: string, title?: string): void {
  notifications.show({ color: COLORS[kind], title, message, autoClose: toastAutoCloseMs(kind, title, message), withCloseButton: true });
}
