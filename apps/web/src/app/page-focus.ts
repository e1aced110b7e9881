/**
 * Where keyboard focus goes when the page changes (issue 31, decision 0068). A single-page app keeps
 * the document, so after a link the browser leaves focus on the link (or, when the link went away, on
 * the body), and a screen-reader user hears nothing of the new page. Here focus moves to the new
 * page's heading once it is drawn, as a page load would start reading there.
 */

import { LOADER_POLL_MS } from '@ledgerport/core/rules';
import { focusWithoutTabStop } from '../ui/move-focus';

/** How long a page may take to draw its heading (its code and first data loading) before we give up. */
const HEADING_WAIT_MS = 4_000;

/** The heading of the page on screen: the first h1 of the main content (or of the document, for pages without a frame). */
export function findPageHeading(): HTMLElement | null {
  const main = document.querySelector('main');
  return (main?.querySelector<HTMLElement>('h1') ?? document.querySelector<HTMLElement>('h1')) || null;
}

/** A field the new page focused itself (a search box, the first field of a form) keeps focus. */
function hasPageFocusedAField(): boolean {
  const active = document.activeElement;
  return active instanceof HTMLElement && active.closest('main') !== null && active.matches('input, textarea, select, [contenteditable="true"]');
}

/** After focusing the heading, how long to watch for the page drawing again and taking it away. */
const KEEP_MS = 3_000;

function isShown(el: HTMLElement): boolean {
  return el.isConnected && el.getClientRects().length > 0;
}

/**
 * Moves focus to the page's heading as soon as there is one and the page is no longer loading its
 * code. A part of the page that loads its code a moment later hides the page for that moment
 * (React's Suspense), and the browser then drops focus to the body: for a short while focus that fell
 * to the body goes back to the heading. Not cancelled when the page changes again: the next attempt
 * finds that page's heading.
 */
export function focusPageHeadingWhenDrawn(): void {
  const started = Date.now();
  let focusedAt = 0;
  const attempt = () => {
    // The page may have gone (a test's document torn down) before a later attempt.
    if (typeof document === 'undefined') return;
    const heading = findPageHeading();
    const isLoading = document.querySelector('[data-page-loading]') !== null;
    const now = Date.now();
    if (!focusedAt) {
      if (heading && isShown(heading) && (!isLoading || now - started > HEADING_WAIT_MS)) {
        if (!hasPageFocusedAField()) focusWithoutTabStop(heading);
        focusedAt = now;
      }
      // Waiting for the page's loader to give way to its heading: the spec's loader polling (section 9).
      if (now - started < HEADING_WAIT_MS + KEEP_MS) window.setTimeout(attempt, LOADER_POLL_MS);
      return;
    }
    const hasFallen = document.activeElement === null || document.activeElement === document.body;
    if (hasFallen && heading && isShown(heading)) focusWithoutTabStop(heading);
    if (now - focusedAt < KEEP_MS) window.setTimeout(attempt, 100);
  };
  window.setTimeout(attempt, 0);
}

let focusedPathname: string | undefined;

/**
 * Called by every route's page with the current path: the first page of a visit keeps the browser's
 * focus, and each later change of path moves focus to the new page's heading. Module state, not a ref,
 * because each route mounts a page of its own.
 */
export function focusHeadingOnPageChange(pathname: string): void {
  if (focusedPathname === undefined || focusedPathname === pathname) {
    focusedPathname = pathname;
    return;
  }
  focusedPathname = pathname;
  focusPageHeadingWhenDrawn();
}
