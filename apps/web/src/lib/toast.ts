/** Toasts of spec section 8: 3000 ms, except long success toasts, which stay until closed. */
import { notifications } from '@mantine/notifications';
import { toastAutoCloseMs, type ToastKind } from '@ledgerport/core/rules';

const COLORS: Record<ToastKind, string> = { success: 'green', error: 'red', info: 'blue', warning: 'yellow' };

export function showToast(kind: ToastKind, message: string, title?: string): void {
  notifications.show({ color: COLORS[kind], title, message, autoClose: toastAutoCloseMs(kind, title, message), withCloseButton: true });
}
