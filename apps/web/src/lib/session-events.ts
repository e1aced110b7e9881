/**
 * A tiny event hub between the API client (no React) and the session UI: the client announces that
 * the session is over, the shell shows the Session Expired modal.
 */
type Listener = () => void;

const listeners = new Set<Listener>();
let expired = false;

export function announceSessionExpired(): void {
  if (expired) return; // several failing requests must not stack modals or timers
  expired = true;
  listeners.forEach((l) => l());
}

export function isSessionExpiredAnnounced(): boolean {
  return expired;
}

export function onSessionExpired(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests and for a fresh sign-in. */
export function resetSessionExpired(): void {
  expired = false;
}
