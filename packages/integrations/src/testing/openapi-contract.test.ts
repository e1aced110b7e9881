import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createContract, isBearer, type Contract } from './openapi-contract';
import { serveFetch } from './serve-fetch';
import { SPECS_DIR } from './specs-dir';

const REPORTS_SPEC = `${SPECS_DIR}amazon/amzn__reports_2021-06-30.json`;
const PAYPAL_SPEC = `${SPECS_DIR}paypal/paypal__reporting_transactions_v1.json`;
const BASE = 'https://sellingpartnerapi-na.amazon.com';

describe('contract fetch (Swagger 2.0 converted: Amazon reports)', () => {
  let amazon: Contract;
  beforeAll(async () => {
    amazon = await createContract({ name: 'amazon-reports', spec: REPORTS_SPEC, baseUrl: BASE });
  });
  afterEach(() => amazon.reset());

  it('answers a valid request from the spec and records no violation', async () => {
    const res = await amazon.fetch(`${BASE}/reports/2021-06-30/reports?reportTypes=GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE_V2&pageSize=10`);
    expect(res.status).toBe(200);
    expect(amazon.violations).toEqual([]);
    expect(amazon.calls[0]?.operationId).toBe('getReports');
  });

  it('records a request that breaks the spec (pageSize above 100)', async () => {
    const res = await amazon.fetch(`${BASE}/reports/2021-06-30/reports?reportTypes=X&pageSize=500`);
    expect(res.status).toBe(400);
    expect(amazon.violations.join()).toContain('getReports');
    expect(amazon.violations.join()).toContain('pageSize');
  });

  it('records a path that is not in the spec and a foreign host', async () => {
    await amazon.fetch(`${BASE}/reports/2021-06-30/nothing-here`);
    await amazon.fetch('https://evil.example.com/reports/2021-06-30/reports');
    expect(amazon.violations).toHaveLength(2);
    expect(amazon.violations[1]).toContain('unexpected host');
  });

  it('checks fixtures against the response schema', async () => {
    amazon.respondWith('getReport', () => ({ status: 200, body: { reportId: 5 } }));
    const res = await amazon.fetch(`${BASE}/reports/2021-06-30/reports/123`);
    expect(res.status).toBe(200);
    expect(amazon.violations.join()).toContain('fixture breaks spec');
  });

  it('passes fixture headers and raw routes through (429 Retry-After, a document download)', async () => {
    amazon.respondWith('getReport', () => ({ status: 429, body: { errors: [{ code: 'QuotaExceeded', message: 'slow down' }] }, headers: { 'retry-after': '2' } }));
    amazon.route('GET', '/download/', () => ({ status: 200, body: 'a\tb\n' }));
    const throttled = await amazon.fetch(`${BASE}/reports/2021-06-30/reports/123`);
    expect(throttled.headers.get('retry-after')).toBe('2');
    expect(await (await amazon.fetch(`${BASE}/download/doc-1`)).text()).toBe('a\tb\n');
    expect(amazon.violations).toEqual([]);
  });
});

describe('contract fetch (OpenAPI 3 with security: PayPal)', () => {
  let paypal: Contract;
  beforeAll(async () => {
    paypal = await createContract({
      name: 'paypal',
      spec: PAYPAL_SPEC,
      baseUrl: 'https://api-m.paypal.com',
      security: { Oauth2: isBearer },
    });
  });
  afterEach(() => paypal.reset());

  it('refuses a call without a bearer token', async () => {
    const res = await paypal.fetch('https://api-m.paypal.com/v1/reporting/transactions?start_date=2024-01-01T00:00:00Z&end_date=2024-01-31T00:00:00Z');
    expect(res.status).toBe(401);
    expect(paypal.violations.join()).toContain('security not met');
  });

  it('refuses a search without end_date', async () => {
    await paypal.fetch('https://api-m.paypal.com/v1/reporting/transactions?start_date=2024-01-01T00:00:00Z', { headers: { authorization: 'Bearer t' } });
    expect(paypal.violations.join()).toContain('end_date');
  });

  it('is served over real HTTP with the same checks', async () => {
    const served = await serveFetch((r) => paypal.fetch(r), { origin: 'https://api-m.paypal.com' });
    try {
      const ok = await fetch(`${served.url}/v1/reporting/transactions?start_date=2024-01-01T00:00:00Z&end_date=2024-01-31T00:00:00Z`, { headers: { authorization: 'Bearer t' } });
      expect(ok.status).toBe(200);
      expect(paypal.violations).toEqual([]);
    } finally {
      await served.close();
    }
  });
});
