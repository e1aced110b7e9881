/**
 * Session constants and decisions of spec sections 4 and 9 that need no browser: token expiry,
 * same-host redirects, the idle timer's audience and durations, toast lifetimes.
 */
export const SESSION_EXPIRED_REDIRECT_MS = 3_500;
export const IDLE_TIMEOUT_MS = 28_800_000;
export const IDLE_WARNING_MS = 300_000;
export const TOAST_AUTO_CLOSE_MS = 3_000;
export const TOAST_LONG_TEXT_LENGTH = 50;
/** A toast of 50 or more characters gets time to be read, then closes too (decision 0055). */
export const TOAST_LONG_AUTO_CLOSE_MS = 6_000;
/** An error stays longest; it has a close button like every toast. */
export const TOAST_ERROR_AUTO_CLOSE_MS = 8_000;
/** At most this many toasts show at once; the others wait their turn. */
export const TOAST_VISIBLE_MAX = 3;

export const ACCESS_TOKEN_EXPIRED = 'Access Token has expired.';
export const REFRESH_TOKEN_EXPIRED = 'Refresh Token has expired.';

/** A token is expired when no expiry is stored or the current time is past it. */
export function isTokenExpired(expiresAt: string | null | undefined, nowMs: number): boolean {
  if (!expiresAt) return true;
  const at = Date.parse(expiresAt);
  return Number.isNaN(at) || nowMs > at;
}

/**
 * Redirect targets are accepted only on the same host. Returns the in-app path to go to, or
 * undefined when the target is refused. Relative paths ('/settlements?x=1') are same-host.
 */
export function acceptSameHostRedirect(target: string | null | undefined, origin: string): string | undefined {
  if (!target) return undefined;
  // '//evil.example' and '/\evil.example' are protocol-relative in browsers: refuse them.
  if (/^\/[/\\]/.test(target)) return undefined;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return undefined;
  }
  const base = new URL(origin);
  if (url.host !== base.host || url.protocol !== base.protocol) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Internal company domains: developer tools and the idle timer apply only to these addresses. */
export const INTERNAL_EMAIL_DOMAINS = ['ledgerport.com'];

export function isInternalDeveloper(user: { developer: boolean; email: string }): boolean {
  const domain = user.email.split('@')[1]?.toLowerCase() ?? '';
  return user.developer && INTERNAL_EMAIL_DOMAINS.includes(domain);
}

/** Idle timeout and warning, each overridable by a positive whole number of milliseconds. */
export function resolveIdleDurations(overrides: { timeoutMs?: string | null; warningMs?: string | null }): { timeoutMs: number; warningMs: number } {
  const pick = (text: string | null | undefined, fallback: number) => {
    if (!text || !/^\d+$/.test(text.trim())) return fallback;
    const n = Number.parseInt(text, 10);
    return n > 0 ? n : fallback;
  };
  return { timeoutMs: pick(overrides.timeoutMs, IDLE_TIMEOUT_MS), warningMs: pick(overrides.warningMs, IDLE_WARNING_MS) };
}

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

/**
 * How long a toast shows: every toast closes by itself (issue 26 replaces the spec's "long success
 * toasts stay until closed", which piled them up over the header). 3000 ms; a title or message of 50 or
 * more characters 6000 ms; an error 8000 ms, whatever its length.
 */
export function toastAutoCloseMs(kind: ToastKind, title: string | undefined, message: string): number {
  if (kind === 'error') return TOAST_ERROR_AUTO_CLOSE_MS;
  const long = (title?.length ?? 0) >= TOAST_LONG_TEXT_LENGTH || message.length >= TOAST_LONG_TEXT_LENGTH;
  return long ? TOAST_LONG_AUTO_CLOSE_MS : TOAST_AUTO_CLOSE_MS;
}

/** Name initials: the first two characters, 'NA' when empty. */
export function nameInitials(name: string | null | undefined): string {
  const t = (name ?? '').trim();
  return t === '' ? 'NA' : Array.from(t).slice(0, 2).join('').toUpperCase();
}
