/**
 * eBay Finances API played from eBay's published OAS (sell_finances_v1): every request validated
 * (filters, limit/offset, bearer security), answers built from the payouts and transactions a test
 * adds and checked against the response schemas. Token endpoint: Basic client authentication,
 * authorization-code and refresh grants, 2-hour access tokens.
 */
import { createContract, isBearer } from '../openapi-contract';
import { createFakeAuthorizationServer } from '../fake-authorization-server';
import { SPECS_DIR } from '../specs-dir';
import { createThrottle, paramOf, queryOf, type FakeChannel } from './fake-channel';

export interface FakeEbayPayout {
  payoutId: string;
  payoutDate: string;
  amount: { value: string; currency: string };
  transactions: Record<string, unknown>[];
}

export interface FakeEbay extends FakeChannel {
  payouts: FakeEbayPayout[];
}

export async function createFakeEbay(o: { apiUrl: string; tokenUrl: string; clientId: string; clientSecret: string }): Promise<FakeEbay> {
  const api = await createContract({ name: 'ebay-finances', spec: `${SPECS_DIR}ebay/hendt__sell_finances_v1_oas3.json`, baseUrl: o.apiUrl, security: { api_auth: isBearer } });
  const auth = createFakeAuthorizationServer({ name: 'eBay', clientId: o.clientId, clientSecret: o.clientSecret, clientAuth: 'basic', accessTokenTtlSeconds: 7200 });
  const throttle = createThrottle({ errors: [{ errorId: 2001, domain: 'API_FINANCES', category: 'REQUEST', message: 'Too many requests' }] });
  const payouts: FakeEbayPayout[] = [];
  const view = (p: FakeEbayPayout) => ({ payoutId: p.payoutId, payoutDate: p.payoutDate, payoutStatus: 'SUCCEEDED', amount: p.amount, transactionCount: p.transactions.length });
  const page = <T>(items: T[], q: Record<string, string>, key: string) => {
    const limit = Number(q.limit ?? '20');
    const offset = Number(q.offset ?? '0');
    return { [key]: items.slice(offset, offset + limit), limit, offset, total: items.length, href: 'x' };
  };
  api.respondWith('getPayouts', (c) => {
    const q = queryOf(c);
    const m = /payoutDate:\[(.+)\.\.(.+)\]/.exec(q.filter ?? '');
    const matching = payouts.filter((p) => !m || (p.payoutDate >= m[1]! && p.payoutDate <= m[2]!));
    return { status: 200, body: page(matching.map(view), q, 'payouts') };
  });
  api.respondWith('getPayout', (c) => {
    const p = payouts.find((x) => x.payoutId === paramOf(c, 'payout_Id'));
    return p ? { status: 200, body: view(p) } : { status: 404, body: { errors: [{ errorId: 135005, message: 'Payout not found' }] } };
  });
  api.respondWith('getTransactions', (c) => {
    const q = queryOf(c);
    const id = /payoutId:\{(.+)\}/.exec(q.filter ?? '')?.[1];
    const p = payouts.find((x) => x.payoutId === id);
    return { status: 200, body: page(p?.transactions ?? [], q, 'transactions') };
  });
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const req = new Request(input, init);
    if (req.url.startsWith(o.tokenUrl)) return auth.handleToken(req);
    const throttled = throttle.take();
    if (throttled) return throttled;
    const token = /^Bearer (\S+)$/.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
    if (!auth.isValidAccessToken(token)) return new Response(JSON.stringify({ errors: [{ errorId: 1001, domain: 'OAuth', category: 'REQUEST', message: 'Invalid access token' }] }), { status: 401, headers: { 'content-type': 'application/json' } });
    return api.fetch(req);
  };
  return { fetch, auth, contracts: [api], payouts, violations: () => [...api.violations, ...auth.violations], throttleNext: throttle.set, apiCalls: () => api.calls };
}
