/**
 * PayPal Transaction Search played from PayPal's spec (reporting_transactions_v1): every request is
 * validated (required start_date/end_date, patterns, page_size ≤ 500, Bearer); overlay of the prose
 * rule 'the maximum supported range is 31 days'; the token endpoint is the client-credentials grant
 * with Basic client authentication. Answers are built from the transactions a test adds.
 */
import type { Context } from 'openapi-backend';
import { createContract, isBearer } from '../openapi-contract';
import { createFakeAuthorizationServer } from '../fake-authorization-server';
import { SPECS_DIR } from '../specs-dir';
import { createThrottle, queryOf, type FakeChannel } from './fake-channel';

export interface FakePayPal extends FakeChannel {
  transactions: Record<string, unknown>[];
}

const DAY = 24 * 3600 * 1000;

export async function createFakePayPal(o: { apiUrl: string; clientId: string; clientSecret: string }): Promise<FakePayPal> {
  const check = (c: Context): string[] => {
    const q = queryOf(c);
    if (c.operation.operationId === 'search.get' && Date.parse(q.end_date ?? '') - Date.parse(q.start_date ?? '') > 31 * DAY) return ['range longer than 31 days'];
    return [];
  };
  const api = await createContract({ name: 'paypal', spec: `${SPECS_DIR}paypal/paypal__reporting_transactions_v1.json`, baseUrl: o.apiUrl, security: { Oauth2: isBearer }, check });
  const auth = createFakeAuthorizationServer({ name: 'PayPal', clientId: o.clientId, clientSecret: o.clientSecret, clientAuth: 'basic', accessTokenTtlSeconds: 32400 });
  const throttle = createThrottle({ name: 'RATE_LIMIT_REACHED', message: 'Too many requests. Blocked due to rate limiting.' });
  const transactions: Record<string, unknown>[] = [];
  api.respondWith('search.get', (c) => {
    const q = queryOf(c);
    const from = Date.parse(q.start_date!);
    const to = Date.parse(q.end_date!);
    const size = Number(q.page_size ?? '100');
    const page = Number(q.page ?? '1');
    const matching = transactions.filter((t) => {
      const at = Date.parse(String((t.transaction_info as Record<string, unknown>).transaction_initiation_date));
      return at >= from && at <= to;
    });
    const totalPages = Math.max(1, Math.ceil(matching.length / size));
    return { status: 200, body: { transaction_details: matching.slice((page - 1) * size, page * size), account_number: 'XZXSPECYZZGNQ', start_date: q.start_date, end_date: q.end_date, last_refreshed_datetime: q.end_date, page, total_items: matching.length, total_pages: totalPages } };
  });
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const req = new Request(input, init);
    if (new URL(req.url).pathname === '/v1/oauth2/token') return auth.handleToken(req);
    const throttled = throttle.take();
    if (throttled) return throttled;
    const token = /^Bearer (\S+)$/.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
    if (!auth.isValidAccessToken(token)) return new Response(JSON.stringify({ error: 'invalid_token', error_description: 'Access Token not found in cache' }), { status: 401, headers: { 'content-type': 'application/json' } });
    return api.fetch(req);
  };
  return { fetch, auth, contracts: [api], transactions, violations: () => [...api.violations, ...auth.violations], throttleNext: throttle.set, apiCalls: () => api.calls };
}
