/**
 * The first Tab stop of every signed-in page (issue 31): "Skip to main content", hidden until it has
 * focus, passes over the header and the main menu to the page's heading.
 */
import type { MouseEvent } from 'react';
import { focusWithoutTabStop } from '../ui/move-focus';
import { findPageHeading } from './page-focus';

export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  // A plain #fragment would also be a history entry the router reads as a new address.
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const target = findPageHeading() ?? document.getElementById(MAIN_CONTENT_ID);
    if (target) focusWithoutTabStop(target);
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className="lp-skip-link" onClick={skip}>
      Skip to main content
    </a>
  );
}
