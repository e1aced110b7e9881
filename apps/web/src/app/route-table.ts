/** Every route of spec section 2, assembled from the per-area tables. */
import type { RedirectMeta, RouteMeta } from './route-meta';
import { accountRedirects, accountRoutes } from './routes-account';
import { dataRedirects, dataRoutes } from './routes-data';
import { otherRedirects, otherRoutes } from './routes-other';

export const ROUTES: RouteMeta[] = [...accountRoutes, ...dataRoutes, ...otherRoutes];
export const REDIRECTS: RedirectMeta[] = [...accountRedirects, ...dataRedirects, ...otherRedirects];

export function findRouteMeta(path: string): RouteMeta | undefined {
  return ROUTES.find((r) => r.path === path);
}
