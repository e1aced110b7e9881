/**
 * Sign-in with an identity provider in a popup (spec section 8's "Popup blocked…" and
 * "Authentication popup closed…", decision 0064). The sign-in page opens /app/oauth/{provider} in a
 * popup, synchronously in the click (else the browser blocks it); that page sends the popup on to the
 * provider, which answers to /app/oauth/firebase; that page finishes the sign-in with the server and
 * posts the outcome here, then closes. A popup that closes without an outcome is the spec's "closed".
 */
import { errorMessages } from '@ledgerport/contract/errors';
import type { FinishedIdentitySignIn } from '@ledgerport/contract/identity-providers';

/** The message type the popup posts to its opener (same origin only). */
export const SIGN_IN_MESSAGE = 'ledgerport.identity-sign-in';

export type SignInOutcome = { type: typeof SIGN_IN_MESSAGE; ok: true; result: FinishedIdentitySignIn } | { type: typeof SIGN_IN_MESSAGE; ok: false; message: string };

export function isSignInOutcome(data: unknown): data is SignInOutcome {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SIGN_IN_MESSAGE && typeof (data as { ok?: unknown }).ok === 'boolean';
}

/** How often the page looks whether the popup was closed. */
export const POPUP_POLL_MS = 300;
/** After the popup closed, how long a message posted just before may take to arrive. */
const LAST_MESSAGE_GRACE_MS = 300;

export class SignInPopupError extends Error {}

/**
 * Opens the popup now (call it in the click handler) and answers when the sign-in ended. Rejects
 * with the spec's sentence when the popup is blocked or closed, or with the server's message.
 */
export function signInWithPopup(provider: string, win: Window = window): Promise<FinishedIdentitySignIn> {
  const width = 520;
  const height = 680;
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - height) / 2));
  const popup = win.open(`/app/oauth/${encodeURIComponent(provider)}`, 'ledgerport-sign-in', `popup,width=${width},height=${height},left=${left},top=${top}`);
  if (!popup) return Promise.reject(new SignInPopupError(errorMessages.popupBlocked));
  return new Promise<FinishedIdentitySignIn>((resolve, reject) => {
    let isSettled = false;
    const settle = (outcome: () => void) => {
      if (isSettled) return;
      isSettled = true;
      win.removeEventListener('message', onMessage);
      win.clearInterval(poll);
      outcome();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== win.location.origin || event.source !== popup || !isSignInOutcome(event.data)) return;
      const outcome = event.data;
      settle(() => (outcome.ok ? resolve(outcome.result) : reject(new SignInPopupError(outcome.message))));
    };
    win.addEventListener('message', onMessage);
    const poll = win.setInterval(() => {
      if (!popup.closed || isSettled) return;
      win.clearInterval(poll);
      win.setTimeout(() => settle(() => reject(new SignInPopupError(errorMessages.popupClosed))), LAST_MESSAGE_GRACE_MS);
    }, POPUP_POLL_MS);
  });
}
