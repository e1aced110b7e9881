/**
 * The bad inputs, for every parser of the grouped channels: an empty file, a binary file, the
 * wrong delimiter, a header from another report, a file cut in the middle of its last row. Each gives
 * problems naming the file, and no settlement that lost rows is returned as complete.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ReportParser } from '../../settlements/parser';
import { afterpaySettlementParser } from '../afterpay/parse-afterpay-settlement';
import { braintreeSettlementParser } from '../bigcommerce/parse-braintree-settlement';
import { ebayTransactionsParser } from '../ebay/parse-ebay-transactions';
import { etsyStatementParser } from '../etsy/parse-etsy-statement';
import { paypalActivityParser } from '../paypal/parse-paypal-activity';
import { paypalStlParser } from '../paypal/parse-paypal-stl';
import { shopifyPayoutsParser } from '../shopify/parse-shopify-payouts';
import { shopifyTransactionsParser } from '../shopify/parse-shopify-transactions';
import { walmartReconParser } from '../walmart/parse-walmart-recon';
import { readAllRows } from './read-all-rows';
import { SettlementGroups } from './settlement-groups';
import { brokenRules, runParser } from './test-support/run-parser';

const channels = new URL('../', import.meta.url).pathname;
const CASES: [ReportParser, string][] = [
  [shopifyTransactionsParser, 'shopify/__fixtures__/payment_transactions_export_16col.csv'],
  [shopifyPayoutsParser, 'shopify/__fixtures__/payouts_export.csv'],
  [paypalActivityParser, 'paypal/__fixtures__/activity_41col_en.csv'],
  [paypalStlParser, 'paypal/__fixtures__/STL-20260106.01.010.CSV'],
  [etsyStatementParser, 'etsy/__fixtures__/etsy_statement_2025_10.csv'],
  [ebayTransactionsParser, 'ebay/__fixtures__/transaction_report_2023_07.csv'],
  [walmartReconParser, 'walmart/__fixtures__/recon_v1_2026_04_29.csv'],
  [braintreeSettlementParser, 'bigcommerce/__fixtures__/settlement_batch_summary_2026_03.csv'],
  [afterpaySettlementParser, 'afterpay/__fixtures__/settlement_report_us.csv'],
];
const named = CASES.map(([parser, path]) => [parser.format, parser, path] as const);
const bytesOf = (path: string): Uint8Array => readFileSync(channels + path);

describe('bad input for the grouped channels', () => {
  it.each(named)('%s: an empty file is a problem of the whole file', async (_format, parser) => {
    const result = await runParser(parser, new Uint8Array(0), 'empty.csv');
    expect(result.settlements).toEqual([]);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ file: 'empty.csv', row: 0, column: null });
  });

  it.each(named)('%s: binary bytes give problems, never a settlement', async (_format, parser) => {
    const noise = new Uint8Array(5000).map((_, i) => (i * 7919 + 13) % 256);
    const result = await runParser(parser, noise, 'noise.bin');
    expect(result.problems.length).toBeGreaterThan(0);
    expect(result.settlements.filter((s) => !result.invalidIds.has(s.settlementId))).toEqual([]);
    expect(brokenRules(result, 'noise.bin')).toEqual([]);
  });

  it.each(named)('%s: another delimiter is either read the same (sniffing parsers) or refused', async (_format, parser, path) => {
    const text = new TextDecoder().decode(bytesOf(path)).replaceAll(',', ';');
    const result = await runParser(parser, new TextEncoder().encode(text), 'semicolons.csv');
    const original = await runParser(parser, bytesOf(path), 'commas.csv');
    const summary = (s: { settlementId: string; total: bigint | null; lines: unknown[] }) => [s.settlementId, s.total, s.lines.length];
    if (result.problems.length === 0) {
      expect(result.settlements.map(summary)).toEqual(original.settlements.map(summary));
    } else {
      // Every settlement read without a problem is read the same (a `1;653.75` amount fails only its own).
      const valid = result.settlements.filter((s) => !result.invalidIds.has(s.settlementId));
      const originalOf = new Map(original.settlements.map((s) => [s.settlementId, summary(s)]));
      for (const s of valid) expect(summary(s)).toEqual(originalOf.get(s.settlementId));
    }
  });

  it.each(named)('%s: a header from another report is refused', async (_format, parser) => {
    const other = parser === walmartReconParser ? CASES[0]![1] : CASES[6]![1];
    const result = await runParser(parser, bytesOf(other), 'other.csv');
    expect(result.problems.length).toBeGreaterThan(0);
    expect(result.settlements).toEqual([]);
  });

  it.each(named)('%s: a file cut in its last row leaves a problem and an incomplete settlement', async (_format, parser, path) => {
    const bytes = bytesOf(path);
    const end = bytes.length - 1;
    const start = bytes.lastIndexOf(10, end - 1) + 1;
    const cut = bytes.subarray(0, start + Math.floor((end - start) / 2));
    const result = await runParser(parser, cut, 'cut.csv');
    expect(result.problems.length).toBeGreaterThan(0);
    expect(result.invalidIds.size).toBeGreaterThan(0);
    expect(brokenRules(result, 'cut.csv')).toEqual([]);
  });
});

describe('a file larger than any report of its kind', () => {
  it('stops reading at the row cap with a problem naming the row', async () => {
    const chunks = [new TextEncoder().encode('a,b\n' + '1,2\n'.repeat(50))];
    const { rows, textProblems } = await readAllRows({ fileName: 'big.csv', chunks }, { label: 'test report', maxRows: 10 });
    expect(rows).toHaveLength(10);
    expect(textProblems).toEqual([{ row: 11, message: 'The file has more than 10 rows, more than any test report holds: it was not read further.' }]);
  });

  it('makes every settlement of the file incomplete when rows were left unread', () => {
    const groups = new SettlementGroups('big.csv');
    groups.open('A', () => ({ channel: 'SHOPIFY', format: 'x', marketplace: null, currency: 'USD', startDate: null, endDate: null, depositDate: null, total: 0n, status: 'closed', sellerId: null, sourceFile: 'big.csv' }));
    groups.problem(300_001, null, 'The file has more than 300000 rows');
    const invalid: string[] = [];
    groups.flush({ settlement: () => undefined, line: () => undefined, problem: (_p, id) => id !== undefined && invalid.push(id) }, 'payout');
    expect(invalid).toEqual(['A']);
  });
});
