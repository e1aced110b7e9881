/**
 * The drill-down of a report figure by transaction type: for every type of the Summary Report, the
 * settlements it lists add up to the report's figure for that type (and for one month of it), each
 * settlement's amount equals the sum of its source rows of the type, and another seller's account is
 * not found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, FigureSourcesBody, SettlementLine, SummaryReportBody, TokenSet } from '@ledgerport/contract';
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

const get = (url: string, tokens = demo) => server.app.inject({ method: 'GET', url, headers: bearer(tokens) });
const units = (v: string) => parseDecimalUnits(v, '.') ?? 0n;
const sum = (values: string[]) => formatUnits(values.reduce((s, v) => s + units(v), 0n));
const RANGE = 'accountKey=acme-amazon-us&start=2020-01-01&end=2029-12-31';

describe('GET /reports/type-sources', () => {
  it("lists, for every type of the summary, settlements that add up to the type's total, and each to its source rows", async () => {
    const summary = (await get(`/amazon/summary-report?${RANGE}`)).json<SummaryReportBody>();
    const types = summary.currencies.flatMap((c) => c.types.map((t) => ({ currency: c.currency, ...t })));
    expect(types.length).toBeGreaterThan(3);
    for (const t of types) {
      const res = await get(`/reports/type-sources?${RANGE}&currency=${t.currency}&typeKey=${encodeURIComponent(t.typeKey)}&size=100`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<FigureSourcesBody>();
      expect(body.total, t.typeKey).toBe(t.total);
      expect(sum(body.settlements.map((s) => s.amount)), t.typeKey).toBe(t.total);
      expect(body.pagination.totalRows).toBe(body.settlements.length);
      const first = body.settlements[0]!;
      expect(first.types[0]).toMatchObject({ typeKey: t.typeKey, label: t.label });
      const lines = (await get(`/settlement/lines?settlementKey=${encodeURIComponent(first.settlementKey)}&typeKey=${encodeURIComponent(t.typeKey)}&size=100`)).json<{ lines: SettlementLine[] }>().lines;
      expect(sum(lines.map((l) => l.amount)), t.typeKey).toBe(first.amount);
    }
  });

  it("narrows to one month of the range, matching the summary's month figure", async () => {
    const summary = (await get(`/amazon/summary-report?${RANGE}`)).json<SummaryReportBody>();
    const c = summary.currencies[0]!;
    const t = c.types[0]!;
    const [month, total] = Object.entries(t.byMonth)[0]!;
    const body = (await get(`/reports/type-sources?${RANGE}&currency=${c.currency}&typeKey=${encodeURIComponent(t.typeKey)}&month=${month}`)).json<FigureSourcesBody>();
    expect(body.total).toBe(total);
    expect((await get(`/reports/type-sources?${RANGE}&currency=${c.currency}&typeKey=${encodeURIComponent(t.typeKey)}&month=1999-01`)).json<FigureSourcesBody>().settlements).toEqual([]);
  });

  it("is not found for another seller's account, and refuses a bad currency", async () => {
    const res = await get(`/reports/type-sources?${RANGE}&currency=USD&typeKey=x`, other);
    expect(res.statusCode).toBe(404);
    const bad = await get(`/reports/type-sources?${RANGE}&currency=usd&typeKey=x`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().message).toContain('currency must be a three-letter code');
  });
});
