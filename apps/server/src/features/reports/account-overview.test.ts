/**
 * The Account Overview on the demo data: its net is the closed settlements' own lines total, months
 * and channels add up to it, its counts are the settlements', another seller's account is not found,
 * and a backwards range is refused with the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountOverviewBody, ErrorBody, TokenSet } from '@ledgerport/contract';
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

const overview = (query: string, tokens = demo) => server.app.inject({ method: 'GET', url: `/reports/account-overview?${query}`, headers: bearer(tokens) });
const units = (v: string) => parseDecimalUnits(v, '.') ?? 0n;
const sum = (values: string[]) => formatUnits(values.reduce((s, v) => s + units(v), 0n));

describe('account overview', () => {
  it.each(['acme-amazon-us', 'acme-shopify'])("adds up to %s's closed settlements, by month and by channel", async (accountKey) => {
    const res = await overview(`accountKey=${accountKey}&start=2020-01-01&end=2029-12-31`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AccountOverviewBody>();
    const rows = await server.testDb.db.selectFrom('settlements').select(['currency', 'lines_total', 'status', 'posting_status']).where('account_key', '=', accountKey).where('duplicate_of', 'is', null).where('end_at', 'is not', null).execute();
    const closed = rows.filter((r) => r.status === 'closed');
    expect(body.counts).toMatchObject({ closed: closed.length, open: rows.length - closed.length, posted: rows.filter((r) => r.posting_status === 'POSTED').length, notPosted: rows.filter((r) => r.posting_status === 'NOT_POSTED').length });
    expect(body.currencies.length).toBeGreaterThan(0);
    for (const c of body.currencies) {
      expect(c.net).toBe(sum(closed.filter((s) => s.currency === c.currency).map((s) => s.lines_total)));
      for (const key of ['sales', 'fees', 'net'] as const) {
        expect(sum(c.months.map((m) => m[key]))).toBe(c[key]);
        expect(sum(c.channels.map((x) => x[key]))).toBe(c[key]);
      }
    }
  });

  it('has nothing outside the range', async () => {
    const body = (await overview('accountKey=acme-amazon-us&start=1990-01-01&end=1990-12-31')).json<AccountOverviewBody>();
    expect(body).toMatchObject({ counts: { closed: 0, open: 0 }, currencies: [] });
  });

  it("is not found for another seller's account", async () => {
    expect((await overview('accountKey=acme-amazon-us&start=2020-01-01&end=2029-12-31', other)).statusCode).toBe(404);
  });

  it('refuses an end before the start and an impossible day', async () => {
    const backwards = await overview('accountKey=acme-amazon-us&start=2026-03-01&end=2026-02-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<ErrorBody>().message).toBe('The end 2026-02-01 must be after the start 2026-03-01.');
    expect((await overview('accountKey=acme-amazon-us&start=2026-02-30&end=2026-03-01')).statusCode).toBe(400);
  });
});
