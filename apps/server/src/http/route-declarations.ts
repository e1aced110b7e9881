/**
 * Every route the server registers declares what it does (core's RouteEffect): contract routes
 * through their entry's `effect` (addRoute puts it in the route's config), the few routes that are
 * not API calls (the web app's files and redirects, the OpenAPI pages) through the list below, and
 * those may only read. A route with neither is refused when it is registered, so the server cannot
 * start with an undeclared route; the route-declaration test lists them all.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { RouteEffect } from '@ledgerport/core/rules';

/** Paths that are pages and files, not calls: only GET and HEAD, and they read. */
const PAGE_ROUTES = [/^\/$/, /^\/app(\/.*)?$/, /^\/docs(\/.*)?$/];

export interface RouteDeclaration {
  method: string;
  url: string;
  effect: RouteEffect;
  /** contract: declared by its contract entry; page: a page or file of the list above. */
  source: 'contract' | 'page';
}

const declarations = new WeakMap<FastifyInstance, RouteDeclaration[]>();

/** The declared routes of an app built by buildApp, in registration order. */
export function routeDeclarations(app: FastifyInstance): readonly RouteDeclaration[] {
  return declarations.get(app) ?? [];
}

function declarationOf(route: RouteOptions): Omit<RouteDeclaration, 'method'> {
  const effect = (route.config as { effect?: RouteEffect } | undefined)?.effect;
  if (effect !== undefined) return { url: route.url, effect, source: 'contract' };
  const methods = [route.method].flat();
  if (PAGE_ROUTES.some((p) => p.test(route.url)) && methods.every((m) => m === 'GET' || m === 'HEAD')) return { url: route.url, effect: 'read', source: 'page' };
  throw new Error(`The route ${methods.join(',')} ${route.url} declares no effect: register it with addRoute from its contract entry.`);
}

/** Call first thing on a new app: every route registered after it is declared or refused. */
export function requireRouteDeclarations(app: FastifyInstance): void {
  const list: RouteDeclaration[] = [];
  declarations.set(app, list);
  app.addHook('onRoute', (route) => {
    const declaration = declarationOf(route);
    for (const method of [route.method].flat()) list.push({ ...declaration, method });
  });
}
