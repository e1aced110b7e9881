/**
 * Business constants of spec section 9 that shape the screens (issue 30): the loader's polling, the
 * date picker's tooltip delay, the lifetime of a dialog's "do not show again" cookie, and when a wide
 * table needs its scrollbar. The web reads them from here, so each value is stated once.
 */

/** A loader waiting for something to appear checks again every 100 ms. */
export const LOADER_POLL_MS = 100;

/** The date picker's tooltip, explaining why a day is disabled, opens after 1 s on the day. */
export const DATE_PICKER_TOOLTIP_DELAY_MS = 1_000;

/** A dialog suppressed by its cookie stays suppressed for one year (spec: default one year). */
export const DIALOG_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Content wider than its container by more than this needs a scrollbar; a few pixels do not. */
export const SCROLLBAR_NEED_PX = 60;

export function needsScrollbar(contentWidth: number, containerWidth: number): boolean {
  return contentWidth - containerWidth > SCROLLBAR_NEED_PX;
}

/** The cookie name of a dialog's suppression, keyed by the dialog's id (letters, digits, '-' and '_'). */
export function dialogCookieName(dialogId: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(dialogId)) throw new Error(`A dialog id is 1 to 64 letters, digits, '-' or '_', not ${JSON.stringify(dialogId)}.`);
  return `lp-dialog-${dialogId}`;
}

/** The Set-Cookie text that suppresses a dialog for a year. */
export function dialogSuppressionCookie(dialogId: string): string {
  return `${dialogCookieName(dialogId)}=suppressed; Max-Age=${DIALOG_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
}

/** Whether the browser's cookie text (document.cookie) suppresses the dialog. */
export function isDialogSuppressed(cookieText: string, dialogId: string): boolean {
  const name = dialogCookieName(dialogId);
  return cookieText.split(';').some((c) => c.trim() === `${name}=suppressed`);
}
