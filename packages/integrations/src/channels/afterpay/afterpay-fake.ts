/**
 * Afterpay played from its documented shapes (no OpenAPI is published for settlements, see
 * afterpay-connector.ts): HTTP Basic with Merchant ID and Secret Key, a User-Agent on every call as
 * Afterpay's API docs require, GET /v2/configuration, and GET /v2/settlements with day filters and
 * offset pages. Requests that break those rules are collected as violations; 429 with Retry-After.
 */
import { createFakeAuthorizationServer } from '../../testing/fake-authorization-server';
import { createThrottle, type FakeChannel } from '../../testing/fake-channels/fake-channel';
import type { AfterpaySettlementRecord } from './afterpay-connector';

export interface FakeAfterpay extends FakeChannel {
  records: AfterpaySettlementRecord[];
  /** The merchant regenerated the secret key in Business Hub: the old one stops working. */
  rotateSecretKey: (secretKey: string) => void;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function createFakeAfterpay(o: { apiUrl: string; merchantId: string; secretKey: string }): FakeAfterpay {
  let secret = o.secretKey;
  // Only for the shared fake surface (expire/revoke); Afterpay itself has no tokens.
  const auth = createFakeAuthorizationServer({ name: 'Afterpay', clientId: o.merchantId, clientSecret: o.secretKey, clientAuth: 'basic', accessTokenTtlSeconds: null });
  const throttle = createThrottle({ errorCode: 'too_many_requests', message: 'Too many requests', httpStatusCode: 429 });
  const violations: string[] = [];
  const calls: { operationId: string | null; url: string; status: number }[] = [];
  const records: AfterpaySettlementRecord[] = [];
  const fetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    const path = url.href.startsWith(o.apiUrl) ? url.href.slice(o.apiUrl.length).split('?')[0] : null;
    const answer = (operationId: string, response: Response) => {
      calls.push({ operationId, url: req.url, status: response.status });
      return Promise.resolve(response);
    };
    if (!req.headers.get('user-agent')) violations.push(`${req.method} ${url.pathname} without a User-Agent header`);
    const throttled = throttle.take();
    if (throttled) return answer('throttled', throttled);
    const expected = `Basic ${Buffer.from(`${o.merchantId}:${secret}`).toString('base64')}`;
    if (req.headers.get('authorization') !== expected) return answer('unauthorized', json(401, { errorCode: 'unauthorized', errorId: 'e1', message: 'Credentials are required to access this resource.', httpStatusCode: 401 }));
    if (req.method === 'GET' && path === '/v2/configuration') return answer('getConfiguration', json(200, [{ type: 'PAY_BY_INSTALLMENT', minimumAmount: { amount: '1.00', currency: 'USD' }, maximumAmount: { amount: '2000.00', currency: 'USD' } }]));
    if (req.method === 'GET' && path === '/v2/settlements') {
      const q = url.searchParams;
      const from = q.get('settlementDateFrom') ?? '';
      const to = q.get('settlementDateTo') ?? '';
      const offset = Number(q.get('offset') ?? '0');
      const limit = Number(q.get('limit') ?? '20');
      const bad = [!DAY.test(from) && 'settlementDateFrom', !DAY.test(to) && 'settlementDateTo', !(Number.isInteger(offset) && offset >= 0) && 'offset', !(Number.isInteger(limit) && limit >= 1 && limit <= 250) && 'limit'].filter(Boolean);
      if (bad.length > 0) {
        violations.push(`GET /v2/settlements: invalid ${bad.join(', ')}`);
        return answer('listSettlements', json(400, { errorCode: 'invalid_object', message: `invalid ${bad.join(', ')}`, httpStatusCode: 400 }));
      }
      const matching = records.filter((r) => r.settlementDate.slice(0, 10) >= from && r.settlementDate.slice(0, 10) <= to);
      return answer('listSettlements', json(200, { totalResults: matching.length, offset, limit, results: matching.slice(offset, offset + limit) }));
    }
    violations.push(`${req.method} ${url.pathname} is not a documented Afterpay route`);
    return answer('unknown', json(404, { errorCode: 'not_found', httpStatusCode: 404 }));
  };
  return {
    fetch,
    auth,
    contracts: [],
    records,
    rotateSecretKey: (s) => (secret = s),
    violations: () => [...violations, ...auth.violations],
    throttleNext: throttle.set,
    apiCalls: () => calls,
  };
}
