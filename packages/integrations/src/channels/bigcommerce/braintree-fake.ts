/**
 * Braintree's gateway played from the shapes its server SDKs document (no OpenAPI is published):
 * HTTP Basic with public and private key, X-ApiVersion header, XML bodies; merchant accounts in pages
 * (page-size 50) and the settlement batch summary of one settlement-date. Requests that break those
 * rules are collected as violations; 429 with Retry-After.
 */
import { createFakeAuthorizationServer } from '../../testing/fake-authorization-server';
import { createThrottle, type FakeChannel } from '../../testing/fake-channels/fake-channel';

export interface FakeBraintreeRecord {
  settlementDate: string;
  merchantAccountId: string;
  cardType: string;
  kind: 'sale' | 'credit';
  count: number;
  amountSettled: string;
}

export interface FakeBraintree extends FakeChannel {
  /** merchant account id -> currency */
  merchantAccounts: Map<string, string>;
  records: FakeBraintreeRecord[];
  rotatePrivateKey: (key: string) => void;
}

const PAGE_SIZE = 50;
const xml = (status: number, body: string) => new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, { status, headers: { 'content-type': 'application/xml' } });
const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function createFakeBraintree(o: { gatewayUrl: string; merchantId: string; publicKey: string; privateKey: string }): FakeBraintree {
  let privateKey = o.privateKey;
  const auth = createFakeAuthorizationServer({ name: 'Braintree', clientId: o.publicKey, clientSecret: o.privateKey, clientAuth: 'basic', accessTokenTtlSeconds: null });
  const throttle = createThrottle({});
  const violations: string[] = [];
  const calls: { operationId: string | null; url: string; status: number }[] = [];
  const merchantAccounts = new Map<string, string>();
  const records: FakeBraintreeRecord[] = [];
  const base = `${o.gatewayUrl}/merchants/${o.merchantId}`;
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    const answer = (operationId: string, r: Response) => {
      calls.push({ operationId, url: req.url, status: r.status });
      return r;
    };
    if (req.headers.get('x-apiversion') !== '6') violations.push(`${url.pathname} without X-ApiVersion: 6`);
    const throttled = throttle.take();
    if (throttled) return answer('throttled', throttled);
    if (req.headers.get('authorization') !== `Basic ${Buffer.from(`${o.publicKey}:${privateKey}`).toString('base64')}`) return answer('unauthorized', new Response('', { status: 401 }));
    const path = req.url.startsWith(base) ? req.url.slice(base.length).split('?')[0] : null;
    if (req.method === 'GET' && path === '/merchant_accounts') {
      const page = Number(url.searchParams.get('page') ?? '1');
      if (!Number.isInteger(page) || page < 1) violations.push('merchant_accounts: page must be a whole number from 1');
      const items = [...merchantAccounts].slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
      return answer('merchantAccounts', xml(200, `<merchant-accounts type="collection"><current-page-number type="integer">${page}</current-page-number><page-size type="integer">${PAGE_SIZE}</page-size><total-items type="integer">${merchantAccounts.size}</total-items>${items.map(([id, cur]) => `<merchant-account><id>${esc(id)}</id><currency-iso-code>${cur}</currency-iso-code><status>active</status></merchant-account>`).join('')}</merchant-accounts>`));
    }
    if (req.method === 'POST' && path === '/settlement_batch_summary') {
      if (!/xml/.test(req.headers.get('content-type') ?? '')) violations.push('settlement_batch_summary: body must be XML');
      const date = /<settlement-date>(\d{4}-\d{2}-\d{2})<\/settlement-date>/.exec(await req.text())?.[1];
      if (!date) {
        violations.push('settlement_batch_summary without a settlement-date');
        return answer('settlementBatchSummary', xml(422, '<api-error-response><message>Settlement Date is required</message></api-error-response>'));
      }
      const found = records.filter((r) => r.settlementDate === date);
      return answer('settlementBatchSummary', xml(201, `<settlement-batch-summary><records type="array">${found.map((r) => `<record><card-type>${esc(r.cardType)}</card-type><count>${r.count}</count><merchant-account-id>${esc(r.merchantAccountId)}</merchant-account-id><kind>${r.kind}</kind><amount-settled>${r.amountSettled}</amount-settled></record>`).join('')}</records></settlement-batch-summary>`));
    }
    violations.push(`${req.method} ${url.pathname} is not a Braintree gateway route`);
    return answer('unknown', new Response('', { status: 404 }));
  };
  return { fetch, auth, contracts: [], merchantAccounts, records, rotatePrivateKey: (k) => (privateKey = k), violations: () => [...violations, ...auth.violations], throttleNext: throttle.set, apiCalls: () => calls };
}
