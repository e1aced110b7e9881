/**
 * Golden reconciliations (issue 18): the shared Amazon sample against a German bank CSV that pays it,
 * and a generated month of Shopify payouts against an OFX statement with one deposit 0.01 short.
 * The expected JSON sits beside each fixture; regenerate with UPDATE_GOLDEN=1 and review the diff.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseReport } from '../channels/index';
import { matchDeposits } from './match-deposits';
import { parseBankStatement } from './parse-bank-statement';
import { settlementDepositOf } from './settlement-deposit';
import { reconciliationJson } from './test-support/reconciliation-json';
import { SHORT_PAID_SETTLEMENT_KEY, shopifyMonthOfPayouts } from './test-support/shopify-month';

const fixture = (name: string) => new URL(`./__fixtures__/${name}`, import.meta.url);
const amazonSample = new URL('../../../../../shared/samples/amazon/BlockchainDeveloper009__write_csv_example1.extracted_de_v2.txt', import.meta.url);

function expectGolden(name: string, actual: unknown): void {
  const url = fixture(name);
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(url)) writeFileSync(url, `${JSON.stringify(actual, null, 2)}\n`);
  expect(actual).toEqual(JSON.parse(readFileSync(url, 'utf8')));
}

describe('reconciliation golden files', () => {
  it('the shared Amazon.de sample is paid by the bank CSV three days after it ended; the other credit is listed unmatched', async () => {
    const parsed = await parseReport(readFileSync(amazonSample), { fileName: 'de.txt' });
    const deposits = parsed.settlements.map((s) => settlementDepositOf(s)!);
    const statement = parseBankStatement(readFileSync(fixture('amazon-de-bank.csv')), 'amazon-de-bank.csv');
    expect(statement.problems).toEqual([]);
    const result = matchDeposits(deposits, statement.transactions);
    expect(result.rows.filter((r) => r.kind === 'matched').map((r) => [r.settlement!.settlementId, r.deposit!.row, r.dateDifferenceDays])).toEqual([['7293436482', 7, 3]]);
    expectGolden('amazon-de-bank.expected.json', reconciliationJson(result));
  });

  it('a month of Shopify payouts against OFX: every payout matched but the one paid 0.01 short, reported on both sides with the reason', () => {
    const payouts = shopifyMonthOfPayouts();
    const statement = parseBankStatement(readFileSync(fixture('shopify-march-2026.ofx')), 'shopify-march-2026.ofx');
    expect(statement.problems).toEqual([]);
    const result = matchDeposits(payouts.map((p) => p.deposit), statement.transactions);
    expect(result.totals).toMatchObject({ settlementCount: 22, matchedCount: 21, unmatchedSettlementCount: 1, unmatchedDepositCount: 1, ignoredCount: 2 });
    const unmatched = result.rows.find((r) => r.kind === 'unmatched-settlement')!;
    expect(unmatched.settlement!.settlementKey).toBe(SHORT_PAID_SETTLEMENT_KEY);
    expect(unmatched.reason).toMatch(/^No deposit of [\d,]+\.\d\d USD between 2026-03-17 and 2026-03-22\. The closest is [\d,]+\.\d\d USD on 2026-03-18 \(line \d+\), 0\.01 less\.$/);
    expect(unmatched.amountDifference).toBe(-100n);
    const deposit = result.rows.find((r) => r.kind === 'unmatched-deposit')!;
    expect(deposit.reason).toMatch(/The closest is settlement 1170045872 of [\d,]+\.\d\d USD, 0\.01 more\.$/);
    for (const row of result.rows.filter((r) => r.kind === 'matched')) expect(row.deposit!.description).toContain(row.settlement!.settlementId);
    expectGolden('shopify-march-2026.expected.json', reconciliationJson(result));
  });
});
