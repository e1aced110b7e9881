/**
 * Every route of spec section 2, assembled from the per-area tables (routes-*.ts). An entry is the one
 * place a page is declared: its path, title, checks and its lazily loaded page module (lazy-page.ts).
 */
import type { RedirectMeta, RouteMeta } from './route-meta';
import { accountRedirects, accountRoutes } from './routes-account';
import { dataRedirects, dataRoutes } from './routes-data';
import { otherRedirects, otherRoutes } from './routes-other';

export const ROUTES: RouteMeta[] = [...accountRoutes, ...dataRoutes, ...otherRoutes];
export const REDIRECTS: RedirectMeta[] = [...accountRedirects, ...dataRedirects, ...otherRedirects];

export function findRouteMeta(path: string): RouteMeta | undefined {
  return ROUTES.find((r) => r.path === path);
}

/** Starts downloading the page of `meta` (a no-op for a route without one, which shows its empty state). */
export function preloadPage(meta: RouteMeta | undefined): void {
  // A failure here is not reported: the page's render downloads it again and shows the error.
  meta?.page?.preload().catch(() => undefined);
}

/** Loads every page: component tests render the route tree as if it were one bundle. */
export function preloadAllPages(): Promise<unknown> {
  return Promise.all(ROUTES.flatMap((r) => (r.page ? [r.page.preload()] : [])));
}
