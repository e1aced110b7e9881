/**
 * Toasts: the one place they are configured. Core's rule says how long each shows (every toast closes
 * by itself, errors last longest) and how many show at once; the container sits below the header so it
 * never covers the settings gear or the account switcher (decision 0055).
 */
import { notifications } from '@mantine/notifications';
import { TOAST_VISIBLE_MAX, toastAutoCloseMs, type ToastKind } from '@ledgerport/core/rules';

const COLORS: Record<ToastKind, string> = { success: 'green', error: 'red', info: 'blue', warning: 'yellow' };

/** Props of the toast container (providers.tsx): top right, under the 56 px header, three at most. */
export const TOAST_CONTAINER_PROPS = {
  position: 'top-right',
  limit: TOAST_VISIBLE_MAX,
  styles: { root: { top: 'calc(var(--app-shell-header-height, 56px) + var(--mantine-spacing-md))' } },
} as const;

export function showToast(kind: ToastKind, message: string, title?: string): void {
  notifications.show({ color: COLORS[kind], title, message, autoClose: toastAutoCloseMs(kind, title, message), withCloseButton: true });
}
