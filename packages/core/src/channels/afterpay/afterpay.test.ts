import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeWithCatalog } from '../../settlements/transaction-type-catalog';
import { fuzzParser } from '../grouping/test-support/fuzz-report';
import { brokenRulesOfFile, fuzzCaseFiles, readGolden, runParser } from '../grouping/test-support/run-parser';
import { afterpaySettlementParser } from './parse-afterpay-settlement';
import { afterpayTransactionTypes } from './transaction-types';

const dir = new URL('./__fixtures__/', import.meta.url).pathname;
const FIXTURES = ['settlement_report_us.csv', 'settlement_report_au.csv'];
const fixture = (name: string): Uint8Array => readFileSync(dir + name);
const edit = (name: string, f: (t: string) => string): Uint8Array => new TextEncoder().encode(f(new TextDecoder().decode(fixture(name))));
const sum = (xs: { amount: bigint }[]): bigint => xs.reduce((s, l) => s + l.amount, 0n);

describe('Afterpay settlement report', () => {
  it.each(FIXTURES)('matches the golden file %s', async (name) => {
    const { actual, expected } = await readGolden(afterpaySettlementParser, dir + name);
    expect(actual).toEqual(expected);
  });

  it('gives one settlement per day whose total is the sum of Net Settlement Amount', async () => {
    const { settlements, problems } = await runParser(afterpaySettlementParser, fixture('settlement_report_us.csv'), 'us.csv');
    expect(problems).toEqual([]);
    expect(settlements.map((s) => [s.settlementId, s.currency, s.total, sum(s.lines)])).toEqual([
      ['2024-03-05_USD', 'USD', 2_657_900n, 2_657_900n],
      ['2024-03-06_USD', 'USD', 560_900n, 560_900n],
    ]);
  });

  it('reads the Australian wording, takes AUD from the GST columns and makes a positive refund negative', async () => {
    const { settlements, problems } = await runParser(afterpaySettlementParser, fixture('settlement_report_au.csv'), 'au.csv');
    expect(problems).toEqual([]);
    const s = settlements[0]!;
    expect([s.settlementId, s.currency, s.total, sum(s.lines)]).toEqual(['2025-08-14_AUD', 'AUD', 1_234_000n, 1_234_000n]);
    expect(s.lines.map((l) => [l.typeKey, l.amount])).toEqual([
      ['Order', 1_500_000n],
      ['Order|Merchant fee', -60_000n],
      ['Order|Merchant fee tax', -6_000n],
      ['Refund', -200_000n],
    ]);
  });

  it('shows a row whose net breaks Settlement Amount - fee as a difference', async () => {
    const { settlements } = await runParser(afterpaySettlementParser, edit('settlement_report_us.csv', (t) => t.replace('$80.49', '$80.59')), 'us.csv');
    expect(settlements[0]!.total! - sum(settlements[0]!.lines)).toBe(1_000n);
  });

  it('takes the currency from a pound sign (Clearpay)', async () => {
    const { settlements } = await runParser(afterpaySettlementParser, edit('settlement_report_us.csv', (t) => t.replaceAll('$', '£')), 'uk.csv');
    expect(settlements.map((s) => s.currency)).toEqual(['GBP', 'GBP']);
  });

  it('reports a non-numeric amount by row and column', async () => {
    const { problems, invalidIds } = await runParser(afterpaySettlementParser, edit('settlement_report_us.csv', (t) => t.replace('$14.70,$0.00', 'n/a fee,$0.00')), 'us.csv');
    expect(problems.map((p) => [p.row, p.column])).toEqual([[3, 'Merchant Fee excl Tax']]);
    expect([...invalidIds]).toEqual(['2024-03-05_USD']);
  });

  it('labels the merchant fee', () => {
    expect(describeWithCatalog(afterpayTransactionTypes, 'Order|Merchant fee')).toMatchObject({ label: 'Afterpay Fees - Merchant fee', category: 'fees', known: true });
  });
});

describe('Afterpay parser under random damage', () => {
  it.each(fuzzCaseFiles(dir))('keeps the rules on the once-breaking case %s', async (path) => {
    expect(await brokenRulesOfFile(afterpaySettlementParser, path)).toEqual([]);
  });

  it('never throws and always names file, row and column', async () => {
    await fuzzParser(afterpaySettlementParser, FIXTURES.map((name) => ({ name, bytes: fixture(name) })), 500);
  });
});
