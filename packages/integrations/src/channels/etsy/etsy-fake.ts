/**
 * Etsy Open API v3 played from the published OAS (profplum700 copy of Etsy's 3.0.0 document): every
 * request validated (path, min_created/max_created/limit/offset, x-api-key and bearer security),
 * answers built from the ledger entries and payments a test adds and checked against the response
 * schemas. Token endpoint as Etsy documents it (not in the OAS): public client with PKCE, client_id
 * in the body and no secret, 1-hour access tokens, rotating refresh tokens.
 */
import { createContract, headerOf, isBearer } from '../../testing/openapi-contract';
import { createFakeAuthorizationServer } from '../../testing/fake-authorization-server';
import { SPECS_DIR } from '../../testing/specs-dir';
import { createThrottle, paramOf, queryOf, type FakeChannel } from '../../testing/fake-channels/fake-channel';
import type { EtsyLedgerEntry } from './etsy-statement-rows';

export interface FakeEtsy extends FakeChannel {
  shopId: number;
  entries: EtsyLedgerEntry[];
  /** payment_id -> receipt_id */
  payments: Map<number, number>;
}

/** Stands in for the public client's (absent) secret inside the shared fake authorization server. */
const PUBLIC_CLIENT = 'etsy-public-client';

export async function createFakeEtsy(o: { apiUrl: string; tokenUrl: string; clientId: string; shopId?: number }): Promise<FakeEtsy> {
  const shopId = o.shopId ?? 31415926;
  const auth = createFakeAuthorizationServer({ name: 'Etsy', clientId: o.clientId, clientSecret: PUBLIC_CLIENT, clientAuth: 'body', accessTokenTtlSeconds: 3600, isRotatingRefreshToken: true });
  const api = await createContract({
    name: 'etsy-open-api-v3',
    spec: `${SPECS_DIR}etsy/profplum700__etsy_oas_3.0.0.json`,
    baseUrl: o.apiUrl,
    security: { api_key: (c) => headerOf(c, 'x-api-key') === o.clientId, oauth2: isBearer },
  });
  const throttle = createThrottle({ error: 'You have exceeded your quota of requests' });
  const entries: EtsyLedgerEntry[] = [];
  const payments = new Map<number, number>();
  const ownShop = (c: Parameters<typeof paramOf>[0]) => paramOf(c, 'shop_id') === String(shopId);
  api.respondWith('getMe', () => ({ status: 200, body: { user_id: 77, shop_id: shopId } }));
  api.respondWith('getShopPaymentAccountLedgerEntries', (c) => {
    if (!ownShop(c)) return { status: 403, body: { error: 'You do not have permission to view this shop' } };
    const q = queryOf(c);
    const limit = Number(q.limit ?? '25');
    const offset = Number(q.offset ?? '0');
    const matching = entries.filter((e) => e.created_timestamp >= Number(q.min_created) && e.created_timestamp <= Number(q.max_created));
    return { status: 200, body: { count: matching.length, results: matching.slice(offset, offset + limit) } };
  });
  api.respondWith('getPaymentAccountLedgerEntryPayments', (c) => {
    if (!ownShop(c)) return { status: 403, body: { error: 'You do not have permission to view this shop' } };
    const ids = new Set((queryOf(c).ledger_entry_ids ?? '').split(',').map(Number));
    const results = entries
      .filter((e) => ids.has(e.entry_id) && e.reference_type === 'payment' && payments.has(Number(e.reference_id)))
      .map((e) => ({ payment_id: Number(e.reference_id), shop_id: shopId, receipt_id: payments.get(Number(e.reference_id))!, buyer_user_id: 5 }));
    return { status: 200, body: { count: results.length, results } };
  });
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const req = new Request(input, init);
    if (req.url.startsWith(o.tokenUrl)) {
      const form = new URLSearchParams(await req.text());
      if (form.has('client_secret')) auth.violations.push('Etsy token call sent a client_secret: Etsy apps are public PKCE clients');
      form.set('client_secret', PUBLIC_CLIENT);
      return auth.handleToken(new Request(req.url, { method: req.method, headers: req.headers, body: form.toString() }));
    }
    const throttled = throttle.take();
    if (throttled) return throttled;
    const token = /^Bearer (\S+)$/.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
    if (!auth.isValidAccessToken(token)) return new Response(JSON.stringify({ error: 'invalid_token' }), { status: 401, headers: { 'content-type': 'application/json' } });
    return api.fetch(req);
  };
  return { fetch, auth, contracts: [api], shopId, entries, payments, violations: () => [...api.violations, ...auth.violations], throttleNext: throttle.set, apiCalls: () => api.calls };
}
