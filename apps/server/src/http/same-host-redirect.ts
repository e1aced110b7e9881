/**
 * Redirect targets are accepted only on this host (spec section 5): a relative path, or an absolute
 * URL whose host equals the request's. Protocol-relative '//evil.example' and backslash tricks that
 * browsers treat as another host are refused.
 */
export function isSameHostRedirect(target: string, requestHost: string | undefined): boolean {
  if (!requestHost || target.length === 0) return false;
  for (let i = 0; i < target.length; i++) {
    const c = target.charCodeAt(i);
    if (c < 0x20 || c === 0x5c /* backslash */) return false;
  }
  try {
    const base = `http://${requestHost}`;
    const resolved = new URL(target, base);
    if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') return false;
    return resolved.host === new URL(base).host;
  } catch {
    return false;
  }
}

/**
 * The Location header of a same-host target: a header holds ASCII only, so a target with other
 * characters ('/app/café') is sent percent-encoded, as the browser itself would request it.
 */
export function toLocationHeader(target: string, requestHost: string): string {
  const url = new URL(target, `http://${requestHost}`);
  return target.startsWith('/') ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

/** The cookie set when a redirect is refused, so the web app can tell the user why it stayed. */
export const REFUSED_REDIRECT_COOKIE = 'ledgerport_redirect_refused';
