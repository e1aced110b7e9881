/**
 * Moving keyboard focus on purpose (issue 31): to a page's heading after a page change, to the result
 * of an action whose button went away or turned off. Focus left on a removed or disabled control falls
 * to the page's body, and a keyboard or screen-reader user starts again from the top.
 */
import { LOADER_POLL_MS } from '@ledgerport/core/rules';

/** Focuses `target` without making it a Tab stop of its own. */
export function focusWithoutTabStop(target: HTMLElement): void {
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

/** Focuses the element with `id` once it is on screen (the render after a save), looking every LOADER_POLL_MS for `waitMs`. */
export function focusOnceShown(id: string, waitMs = 2_000): void {
  const started = Date.now();
  const attempt = () => {
    if (typeof document === 'undefined') return;
    const target = document.getElementById(id);
    if (target) focusWithoutTabStop(target);
    else if (Date.now() - started < waitMs) window.setTimeout(attempt, LOADER_POLL_MS);
  };
  window.setTimeout(attempt, 0);
}
