/**
 * Every report's totals equal the ledger's (issue 18): generated Amazon settlements are stored, sent to
 * the built-in ledger as the app does (POST /settlementSend, the send job), and for each month the
 * Summary Report's and the Account Overview's net equal the movement of the clearing account in that
 * month's journals, and the summary's type totals, summed by the account each type is mapped to, equal
 * (with the seller's sign) the movement of that account. Each run uses its own year, so runs add up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { AccountOverviewBody, Mappings, SettlementDetail, SummaryReportBody, TokenSet } from '@ledgerport/contract';
import { formatUnits, parseDecimalUnits } from '@ledgerport/core/money';
import type { Settlement } from '@ledgerport/core/settlements';
import { bearer } from '../../../test/test-app';
import { storeSettlements } from '../imports/store-settlements';
import { form, startSettlementTestServer, waitFor, type SettlementTestServer } from '../../../test/settlement-test-server';

const ACCOUNT = 'acme-amazon-us';
const TYPES = ['Order|ItemPrice|Principal', 'Order|ItemPrice|Shipping', 'Order|ItemFees|Commission', 'Order|ItemFees|FBAPerUnitFulfillmentFee', 'Refund|ItemPrice|Principal', 'other-transaction|other-transaction|Storage Fee'];

let server: SettlementTestServer;
let demo: TokenSet;
let year = 2010;
beforeAll(async () => {
  server = await startSettlementTestServer();
  demo = await server.signIn('demo@ledgerport.local');
  await server.testDb.db.deleteFrom('settlements').where('account_key', '=', ACCOUNT).execute();
  await server.testDb.db.updateTable('accounts').set({ accounting_system: 'MANUAL', time_zone_id: 'UTC' }).where('account_key', '=', ACCOUNT).execute();
}, 120_000);
afterAll(() => server.close());

const units = (v: string) => parseDecimalUnits(v, '.') ?? 0n;
const get = async <T>(url: string) => (await server.app.inject({ method: 'GET', url, headers: bearer(demo) })).json<T>();

/** Settlements of one month each: lines (cents only) dated inside the month the settlement ends in. */
const settlementsArb = fc.array(
  fc.record({
    month: fc.integer({ min: 1, max: 12 }),
    lines: fc.array(fc.record({ typeKey: fc.constantFrom(...TYPES), cents: fc.integer({ min: -500_000, max: 500_000 }) }), { minLength: 1, maxLength: 8 }),
  }),
  { minLength: 1, maxLength: 4 },
);

function toSettlement(y: number, i: number, s: { month: number; lines: { typeKey: string; cents: number }[] }): Settlement {
  const lines = s.lines.map((l, row) => ({ postedAt: Date.UTC(y, s.month - 1, 10, 12), typeKey: l.typeKey, orderId: `${y}-${i}-${row}`, sku: null, quantity: 1, marketplace: 'Amazon.com', fulfilmentChannel: null, amount: BigInt(l.cents) * 100n, source: { file: 'gen.txt', row: row + 2 } }));
  return {
    channel: 'AMAZON', settlementId: `L${y}${i}`, format: 'amazon-v2', marketplace: 'Amazon.com', currency: 'USD',
    startDate: Date.UTC(y, s.month - 1, 2), endDate: Date.UTC(y, s.month - 1, 20), depositDate: Date.UTC(y, s.month - 1, 22),
    total: lines.reduce((a, l) => a + l.amount, 0n), status: 'closed', sellerId: null, sourceFile: 'gen.txt', lines,
  };
}

/** Each ledger account's movement (debit positive) in the journals dated in a month. */
async function ledgerMovements(month: string): Promise<Map<string, bigint>> {
  const rows = await sql<{ account_code: string; movement: string }>`
    select l.account_code, sum(case when l.side = 'debit' then l.amount else -l.amount end)::text as movement
    from ledger_lines l join ledger_journals j on j.journal_id = l.journal_id
    where j.account_key = ${ACCOUNT} and substr(j.journal_date, 1, 7) = ${month}
    group by l.account_code`.execute(server.testDb.db);
  return new Map(rows.rows.map((r) => [r.account_code, units(r.movement)]));
}

describe('reports equal the ledger', () => {
  it('by month (net to the clearing account) and by mapped account (type totals)', async () => {
    await fc.assert(
      fc.asyncProperty(settlementsArb, async (generated) => {
        const y = ++year;
        const settlements = generated.map((s, i) => toSettlement(y, i, s));
        const stored = await server.testDb.db.transaction().execute((trx) => storeSettlements(trx, ACCOUNT, { settlements, problems: [] }, { kind: 'file', at: new Date() }));
        for (const s of stored.settlements) {
          const fields: [string, string][] = [['settlementKey', s.settlementKey], ['action', 'send']];
          await server.app.inject({ method: 'POST', url: '/settlementSend', ...form(fields), headers: { ...form(fields).headers, ...bearer(demo) } });
          const done = await waitFor(() => get<SettlementDetail>(`/settlement/detail?settlementKey=${s.settlementKey}`), (d) => d.settlement.sendState === 'IDLE' || d.settlement.sendState === 'FAILED', `send of ${s.settlementId}`);
          expect(done.settlement.postingStatus, done.settlement.postingError ?? '').toBe('POSTED');
        }
        const range = `accountKey=${ACCOUNT}&start=${y}-01-01&end=${y}-12-31`;
        const summary = await get<SummaryReportBody>(`/amazon/summary-report?${range}`);
        const overview = await get<AccountOverviewBody>(`/reports/account-overview?${range}`);
        const mappings = await get<Mappings>(`/mappings?accountKey=${ACCOUNT}`);
        const accountOf = new Map(mappings.rows.map((r) => [r.typeKey, r.accountCode]));
        const clearing = mappings.accounts.find((a) => a.path === 'Assets:Clearing:Amazon')!.code;
        const usd = summary.currencies[0]!;
        for (const month of usd.months) {
          const movements = await ledgerMovements(month.month);
          expect(formatUnits(movements.get(clearing) ?? 0n), `clearing ${month.month}`).toBe(month.net);
          expect(overview.currencies[0]!.months.find((m) => m.month === month.month)?.net).toBe(month.net);
          const byAccount = new Map<string, bigint>();
          for (const t of usd.types) {
            const code = accountOf.get(t.typeKey)!;
            byAccount.set(code, (byAccount.get(code) ?? 0n) + units(t.byMonth[month.month] ?? '0'));
          }
          for (const [code, total] of byAccount) expect(formatUnits(-(movements.get(code) ?? 0n)), `account ${code} in ${month.month}`).toBe(formatUnits(total));
        }
      }),
      { numRuns: 4 },
    );
  }, 600_000);
});
