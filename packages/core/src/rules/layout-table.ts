/**
 * Layout selection of spec section 2: the path (with /app removed) is matched against a table of
 * prefixes, the longest match wins, and anything unmatched gets the full-width layout.
 */
export type LayoutName =
  | 'admin'
  | 'full-width'
  | 'full-width-left-sidebar'
  | 'full-width-right-sidebar'
  | 'tabbed'
  | 'none';

export const LAYOUT_TABLE: ReadonlyArray<readonly [prefix: string, layout: LayoutName]> = [
  ['/admin', 'admin'],
  ['/account-settings', 'tabbed'],
  ['/user/settings', 'tabbed'],
  ['/billing/checkout', 'full-width-right-sidebar'],
  ['/organization', 'full-width-left-sidebar'],
  ['/login', 'none'],
  ['/signup', 'none'],
  ['/forgot-password', 'none'],
  ['/logout', 'none'],
  ['/404', 'none'],
  ['/oauth', 'none'],
];

/** Removes the /app base from a path: '/app/admin' -> '/admin', '/app' -> '/'. */
export function stripAppBase(path: string): string {
  if (path === '/app' || path === '/app/') return '/';
  return path.startsWith('/app/') ? path.slice(4) : path;
}

function matchesPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

export function chooseLayout(path: string): LayoutName {
  const bare = stripAppBase(path);
  let best: readonly [string, LayoutName] | undefined;
  for (const entry of LAYOUT_TABLE) {
    if (matchesPrefix(bare, entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  return best ? best[1] : 'full-width';
}
