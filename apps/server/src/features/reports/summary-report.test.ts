/**
 * The Amazon Summary Report on the demo data: its totals are the settlements' own (each view adds up
 * to the sum of the closed settlements' lines in the range), other accounts' data never counts, and bad
 * ranges and non-Amazon accounts are refused with the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, SummaryReportBody, TokenSet } from '@ledgerport/contract';
import { formatUnits, parseDecimalUnits } from '@ledgerport/core/money';
import { bearer, startTestServer, type TestServer } from '../../../test/test-app';

let server: TestServer;
let demo: TokenSet;
let other: TokenSet;
beforeAll(async () => {
  server = await startTestServer();
  [demo, other] = await server.signInAll('demo@ledgerport.local', 'other@ledgerport.local');
});
afterAll(() => server.close());

const report = (query: string, tokens = demo) => server.app.inject({ method: 'GET', url: `/amazon/summary-report?${query}`, headers: bearer(tokens) });
const units = (v: string) => parseDecimalUnits(v, '.') ?? 0n;
const sum = (values: string[]) => formatUnits(values.reduce((s, v) => s + units(v), 0n));

describe('Amazon summary report', () => {
  it("adds up, by every view, to the account's closed settlements in the range", async () => {
    const res = await report('accountKey=acme-amazon-us&start=2020-01-01&end=2029-12-31');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<SummaryReportBody>();
    const settlements = await server.testDb.db
      .selectFrom('settlements')
      .select(['currency', 'lines_total'])
      .where('account_key', '=', 'acme-amazon-us')
      .where('duplicate_of', 'is', null)
      .where('status', '=', 'closed')
      .execute();
    expect(body.settlementCount).toBe(settlements.length);
    expect(body.currencies.length).toBeGreaterThan(0);
    for (const c of body.currencies) {
      expect(c.total).toBe(sum(settlements.filter((s) => s.currency === c.currency).map((s) => s.lines_total)));
      expect(sum(c.months.map((m) => m.net))).toBe(c.total);
      expect(sum(c.categories.map((x) => x.total))).toBe(c.total);
      expect(sum(c.types.map((t) => t.total))).toBe(c.total);
      expect(sum(c.marketplaces.map((m) => m.total))).toBe(c.total);
    }
  });

  it('counts nothing outside the range', async () => {
    const body = (await report('accountKey=acme-amazon-us&start=1990-01-01&end=1990-12-31')).json<SummaryReportBody>();
    expect(body).toMatchObject({ settlementCount: 0, openCount: 0, currencies: [] });
  });

  it("is not found for another seller's account", async () => {
    const res = await report('accountKey=acme-amazon-us&start=2020-01-01&end=2029-12-31', other);
    expect(res.statusCode).toBe(404);
  });

  it('refuses an end before the start, a range over ten years, an impossible day and a non-Amazon account', async () => {
    const backwards = await report('accountKey=acme-amazon-us&start=2026-03-01&end=2026-02-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<ErrorBody>().message).toBe('The end 2026-02-01 must be after the start 2026-03-01.');
    expect((await report('accountKey=acme-amazon-us&start=2000-01-01&end=2020-01-01')).json<ErrorBody>().message).toContain('at most 3660 days');
    const impossible = await report('accountKey=acme-amazon-us&start=2026-02-30&end=2026-03-01');
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json<ErrorBody>().message).toContain('"2026-02-30" is not a date');
    const shopify = await report('accountKey=acme-shopify&start=2026-01-01&end=2026-12-31');
    expect(shopify.statusCode).toBe(422);
    expect(shopify.json<ErrorBody>().message).toBe('The Summary Report is for Amazon accounts, and Acme Outdoor Shop does not sell on Amazon. Open an Amazon account to see it.');
  });
});
