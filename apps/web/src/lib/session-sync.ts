/**
 * Activity and session changes shared between tabs through localStorage (its 'storage' event reaches
 * every other tab of the same origin): a logout in one tab signs out the others, a switch of
 * account in one tab tells the others (simultaneousAccessDetected), and user activity anywhere
 * resets the idle clock everywhere.
 */
import { STORAGE_KEYS, readTabAccountKey } from './token-store';

const ACTIVITY_WRITE_INTERVAL_MS = 5_000;
let lastWrite = 0;

export function markActivity(nowMs: number = Date.now()): void {
  if (nowMs - lastWrite < ACTIVITY_WRITE_INTERVAL_MS) return;
  lastWrite = nowMs;
  localStorage.setItem(STORAGE_KEYS.lastActivityAt, String(nowMs));
}

export function readLastActivity(): number {
  const text = localStorage.getItem(STORAGE_KEYS.lastActivityAt);
  const n = text ? Number.parseInt(text, 10) : Number.NaN;
  return Number.isNaN(n) ? Date.now() : n;
}

export interface SessionSyncHandlers {
  onSignedOut: () => void;
  onAccountMismatch: (accountKey: string) => void;
}

/** Listens to the other tabs; returns the function that stops listening. */
export function watchOtherTabs(handlers: SessionSyncHandlers): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.tokenSet && event.newValue === null) handlers.onSignedOut();
    if (event.key === STORAGE_KEYS.accountKey && event.newValue && event.newValue !== readTabAccountKey()) handlers.onAccountMismatch(event.newValue);
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
