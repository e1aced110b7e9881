import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeWithCatalog } from '../../settlements/transaction-type-catalog';
import { fuzzParser } from '../grouping/test-support/fuzz-report';
import { brokenRulesOfFile, fuzzCaseFiles, readGolden, runParser } from '../grouping/test-support/run-parser';
import { ebayTransactionsParser } from './parse-ebay-transactions';
import { ebayTransactionTypes } from './transaction-types';

const dir = new URL('./__fixtures__/', import.meta.url).pathname;
const NAME = 'transaction_report_2023_07.csv';
const fixture = (): Uint8Array => readFileSync(dir + NAME);
const edit = (f: (t: string) => string): Uint8Array => new TextEncoder().encode(f(new TextDecoder().decode(fixture())));
const sum = (xs: { amount: bigint }[]): bigint => xs.reduce((s, l) => s + l.amount, 0n);

describe('eBay transaction report', () => {
  it('matches the golden file', async () => {
    const { actual, expected } = await readGolden(ebayTransactionsParser, dir + NAME);
    expect(actual).toEqual(expected);
  });

  it('is detected through the preamble', () => {
    expect(ebayTransactionsParser.detect(new TextDecoder().decode(fixture()))).toBeGreaterThan(0.9);
  });

  it('closes a payout with its Payout row as the total; the Payout row is not a line', async () => {
    const { settlements, problems } = await runParser(ebayTransactionsParser, fixture(), NAME);
    expect(problems).toEqual([]);
    const paid = settlements.find((s) => s.settlementId === '6000111222')!;
    expect([paid.status, paid.total, sum(paid.lines)]).toEqual(['closed', 185_200n, 185_200n]);
    expect(paid.lines.some((l) => l.source.row === 11)).toBe(false);
    expect(new Date(paid.depositDate!).toISOString()).toBe('2023-07-05T00:00:00.000Z');
  });

  it('leaves a payout whose Payout row is not in the file, and unpaid rows, open', async () => {
    const { settlements } = await runParser(ebayTransactionsParser, fixture(), NAME);
    expect(settlements.filter((s) => s.status === 'open').map((s) => [s.settlementId, s.total, sum(s.lines)])).toEqual([
      ['6000111333', null, 11_016_200n],
      ['unpaid_USD', null, 182_100n],
    ]);
  });

  it('splits an order into sales, shipping, tax collected and remitted by eBay, and fees', async () => {
    const { settlements } = await runParser(ebayTransactionsParser, fixture(), NAME);
    const order = settlements[0]!.lines.filter((l) => l.source.row === 7);
    expect(order.map((l) => [l.typeKey, l.amount])).toEqual([
      ['Order|Item subtotal', 400_000n],
      ['Order|Shipping and handling', 85_000n],
      ['Order|eBay collected tax', 33_000n],
      ['Order|eBay collected tax remitted', -33_000n],
      ['Order|Final Value Fee - fixed', -3_000n],
      ['Order|Final Value Fee - variable', -51_300n],
    ]);
    expect(order[0]).toMatchObject({ orderId: '12-10001-00001', sku: 'KNOB-BR-01', quantity: 2 });
  });

  it('keeps what the columns do not explain of a row as an Other amounts line', async () => {
    const bytes = edit((t) => t.replace(',43.07,USD,', ',44.07,USD,'));
    const { settlements } = await runParser(ebayTransactionsParser, bytes, NAME);
    expect(settlements[0]!.lines.find((l) => l.typeKey === 'Order|Other amounts')?.amount).toBe(10_000n);
  });

  it('reports a non-numeric fee by row and column', async () => {
    const bytes = edit((t) => t.replace(',-5.13,', ',five,'));
    const { problems, invalidIds } = await runParser(ebayTransactionsParser, bytes, NAME);
    expect(problems).toEqual([{ file: NAME, row: 7, column: 'Final Value Fee - variable', message: "Row 7: 'Final Value Fee - variable' holds \"five\", which is not an amount." }]);
    expect([...invalidIds]).toEqual(['6000111222']);
  });

  it('reads the UK header with an en dash in "Final Value Fee – variable"', async () => {
    const uk = edit((t) => t.replace('Final Value Fee - fixed,Final Value Fee - variable', 'Final Value Fee – fixed,Final Value Fee – variable'));
    const us = await runParser(ebayTransactionsParser, fixture(), NAME);
    const { settlements, problems } = await runParser(ebayTransactionsParser, uk, NAME);
    expect(problems).toEqual([]);
    expect(settlements.map((s) => s.lines.map((l) => [l.typeKey, l.amount]))).toEqual(us.settlements.map((s) => s.lines.map((l) => [l.typeKey, l.amount])));
  });

  it('refuses a file without the report header', async () => {
    const { settlements, problems } = await runParser(ebayTransactionsParser, new TextEncoder().encode('Order number,Total\n1,2\n'), 'x.csv');
    expect(settlements).toEqual([]);
    expect(problems[0]?.message).toMatch(/^This is not an eBay transaction report/);
  });
});

describe('eBay transaction types', () => {
  it('labels order parts and flags unknown types', () => {
    expect(describeWithCatalog(ebayTransactionTypes, 'Order|Final Value Fee - variable')).toMatchObject({ label: 'eBay Fees - Final value fee (variable)', category: 'fees', known: true });
    expect(describeWithCatalog(ebayTransactionTypes, 'Refund|Item subtotal').category).toBe('refunds');
    expect(describeWithCatalog(ebayTransactionTypes, 'Loan repayment')).toMatchObject({ label: 'eBay - Loan repayment', known: false });
  });
});

describe('eBay parser under random damage', () => {
  it.each(fuzzCaseFiles(dir))('keeps the rules on the once-breaking case %s', async (path) => {
    expect(await brokenRulesOfFile(ebayTransactionsParser, path)).toEqual([]);
  });

  it('never throws and always names file, row and column', async () => {
    await fuzzParser(ebayTransactionsParser, [{ name: NAME, bytes: fixture() }], 500);
  });
});
