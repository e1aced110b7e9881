/**
 * Who opens each route of the web's route table (apps/web/src/app/routes-*.ts), on which demo account
 * and with which path parameters: the demo data's answers (apps/server/src/seed/demo-data.ts). Read by
 * the accessibility journey and by `npm run bench -- web --routes`, so both visit every page the same way.
 */

/** What a visit reads of a route-table entry (apps/web/src/app/route-meta.ts). */
export interface RouteMeta {
  path: string;
  title: string;
  isPublic?: boolean;
  adminOnly?: boolean;
}

/**
 * The web app's route table, loaded when asked: a path held in a variable keeps the reader's
 * type-check (no JSX, no DOM of the app) from following it into every page of the app.
 */
const ROUTE_TABLE = '../../apps/web/src/app/route-table';
export async function loadRoutes(): Promise<RouteMeta[]> {
  return ((await import(ROUTE_TABLE)) as { ROUTES: RouteMeta[] }).ROUTES;
}

export type Person = 'anonymous' | 'demo@ledgerport.local' | 'partner@ledgerport.local' | 'admin@ledgerport.local';

/** Path parameters, filled from the demo data (apps/server/src/seed/demo-data.ts). */
export const PARAMETERS: Record<string, string> = {
  accountKey: 'acme-amazon-us',
  organizationId: 'org-acme',
  userId: 'user-demo',
  channel: 'amazon',
  system: 'qbo',
  step: 'financial-settings',
  provider: 'google',
  recordType: 'account',
  requestId: '1',
  groupId: '1',
  reportId: '1',
  orderId: '1',
  reconciliationReportId: '1',
};

/** Pages used by someone other than the demo merchant, or on another of the demo accounts. */
const PERSON_OF: Record<string, Person> = {
  overview: 'partner@ledgerport.local',
  'partner-dashboard': 'partner@ledgerport.local',
  partner: 'partner@ledgerport.local',
  teams: 'partner@ledgerport.local',
  'team-settings': 'partner@ledgerport.local',
  'user/settings/partner-subscriptions': 'partner@ledgerport.local',
  'user/settings/firm-billing': 'partner@ledgerport.local',
};

/** The demo account each page is opened on, by name (Acme Outdoor US unless named here). */
export const ACCOUNT_OF: Record<string, string> = {
  'shopify/financereport': 'Acme Outdoor Shop',
  'shopify/giftcards': 'Acme Outdoor Shop',
  'shopify/order': 'Acme Outdoor Shop',
  'shopify/order/:orderId': 'Acme Outdoor Shop',
  'shopify/b2b-invoice-report': 'Acme Outdoor Shop',
  'shopify/reconnect': 'Acme Outdoor Shop',
  'shopify/reconnect/store-mismatch': 'Acme Outdoor Shop',
  'b2b-settlements': 'Acme Outdoor Shop',
  'deferred-revenue-settlements': 'Acme Outdoor Shop',
  'account-settings/shopify-b2b': 'Acme Outdoor Shop',
  'account-settings/shopify-deferred-revenue': 'Acme Outdoor Shop',
};

/** Routes opened last by their person: they end or change the session. */
export const LAST = new Set(['logout', 'switch']);

export function personOf(route: RouteMeta): Person {
  if (route.isPublic) return 'anonymous';
  if (route.adminOnly) return 'admin@ledgerport.local';
  return PERSON_OF[route.path] ?? 'demo@ledgerport.local';
}

/** The route's address under /app, its parameters filled from `parameters` (the demo data's unless given). */
export function addressOf(route: RouteMeta, parameters: Record<string, string> = PARAMETERS): string {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = parameters[name];
    if (value === undefined) throw new Error(`There is no demo value for the parameter :${name} of the route ${route.path}: add one to PARAMETERS in e2e/journeys/route-visits.ts.`);
    return value;
  });
  return `/app/${path}`;
}
