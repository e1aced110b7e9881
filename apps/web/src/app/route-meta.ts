/**
 * A route-table entry: what every route of spec section 2 declares (title, body class, checks), and
 * either the page it renders (loaded on demand, lazy-page.ts) or the empty state it shows until its
 * feature is built. The router, the guard, the layouts, the title hook and the opening loads all
 * read this one shape; nothing else lists the pages.
 */
import type { SettlementListKind } from '../features/settlements/settlement-filters';
import type { RoutePage } from './lazy-page';

export interface EmptyStateText {
  /** What will appear on this page. */
  what: string;
  /** What the user can do now, with an optional link. */
  now: string;
  action?: { label: string; to: string };
}

export interface RouteMeta {
  /** Path relative to the /app base, without leading slash ('account-settings/users'). */
  path: string;
  title: string;
  /** The page this route renders; a route without one shows `empty`. */
  page?: RoutePage;
  bodyClass: string;
  empty?: EmptyStateText;
  /** Paths of pages this one links to, downloaded once it has shown (the sign-in page's links). */
  preloads?: string[];
  /** The settlement list this page shows: the app asks for its first page while the session loads (opening-loads.ts). */
  settlementList?: SettlementListKind;
  isPublic?: boolean;
  strictReferrer?: boolean;
  adminOnly?: boolean;
  /** Connect and request-access pages: back button, no page header, medium block. */
  connectStyle?: boolean;
  /** Tab group shown by the tabbed layout. */
  tabs?: 'account-settings' | 'user-settings';
  /** Clarity pages hide the sidebar. */
  hideSidebar?: boolean;
  /** The title is the channel's word for its settlements (core's settlementsLabel), as the main menu says. */
  isTitledByChannel?: boolean;
}

export interface RedirectMeta {
  path: string;
  redirectTo: string;
}

const bodyClassOf = (path: string) =>
  `page-${
    path
      .replace(/[/:?]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'root'
  }`;

type Extra = Omit<Partial<RouteMeta>, 'path' | 'title' | 'page' | 'empty' | 'bodyClass'>;

/** A route and the page it renders. */
export function route(path: string, title: string, page: RoutePage, extra: Extra = {}): RouteMeta {
  return { path, title, page, bodyClass: bodyClassOf(path), ...extra };
}

/** A route whose feature is not built yet: it says what will appear there and what to do now. */
export function emptyRoute(path: string, title: string, empty: EmptyStateText, extra: Extra = {}): RouteMeta {
  return { path, title, bodyClass: bodyClassOf(path), empty, ...extra };
}
