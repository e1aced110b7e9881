import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeWithCatalog } from '../../settlements/transaction-type-catalog';
import { readGolden, runParser } from '../grouping/test-support/run-parser';
import { fuzzParser } from '../grouping/test-support/fuzz-report';
import { shopifyPayoutsParser } from './parse-shopify-payouts';
import { shopifyTransactionsParser } from './parse-shopify-transactions';
import { shopifyTransactionTypes } from './transaction-types';

const dir = new URL('./__fixtures__/', import.meta.url).pathname;
const fixture = (name: string): Uint8Array => readFileSync(dir + name);
const text = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('Shopify payment transactions export', () => {
  it.each(['payment_transactions_export_16col.csv', 'payment_transactions_export_18col.csv', 'payment_transactions_export_gift_cards.csv'])('matches the golden file %s', async (name) => {
    const { actual, expected } = await readGolden(shopifyTransactionsParser, dir + name);
    expect(actual).toEqual(expected);
  });

  it('keys a charge paid with a gift card and a refund onto one apart from card money, and a gift card sold as its own type', async () => {
    const { settlements, problems } = await runParser(shopifyTransactionsParser, fixture('payment_transactions_export_gift_cards.csv'), 'x.csv');
    expect(problems).toEqual([]);
    const lines = settlements.flatMap((s) => s.lines.map((l) => [l.orderId, l.typeKey, l.amount]));
    expect(lines).toContainEqual(['#5002', 'charge|gift_card', 30_0000n]);
    expect(lines).toContainEqual(['#5002', 'charge', 20_0000n]);
    expect(lines).toContainEqual(['#5002', 'refund|gift_card', -10_0000n]);
    expect(lines).toContainEqual(['#5001', 'gift_card', 50_0000n]);
    expect(lines).toContainEqual(['#5001', 'gift_card|fee', -1_7500n]);
    expect(settlements.map((s) => [s.settlementId, s.total])).toEqual([['2026-03-03', -28_1600n], ['2026-02-05', 174_7500n]]);
  });

  it('groups rows into payouts by payout date and sums Net as the payout total', async () => {
    const { settlements, problems } = await runParser(shopifyTransactionsParser, fixture('payment_transactions_export_16col.csv'), 'x.csv');
    expect(problems).toEqual([]);
    const byId = new Map(settlements.map((s) => [s.settlementId, s]));
    expect(byId.get('2025-07-01')?.total).toBe(16_542_300n); // 44.18 + 14.63 - 3.12 + 1598.54
    expect(byId.get('2025-06-30')?.total).toBe(-174_200n); // 87.08 - 27.00 - 2.50 - 75.00
  });

  it('makes a payout with pending rows an open settlement without total', async () => {
    const { settlements } = await runParser(shopifyTransactionsParser, fixture('payment_transactions_export_16col.csv'), 'x.csv');
    const pending = settlements.find((s) => s.settlementId === '2025-07-02');
    expect(pending).toMatchObject({ status: 'open', total: null, depositDate: null });
    expect(pending?.lines.map((l) => l.typeKey)).toEqual(['charge', 'charge|fee', 'refund']);
  });

  it('keys payouts by Payout ID when the 18-column export has one', async () => {
    const { settlements } = await runParser(shopifyTransactionsParser, fixture('payment_transactions_export_18col.csv'), 'x.csv');
    expect(settlements.map((s) => [s.settlementId, s.status, s.currency])).toEqual([
      ['2026-07-16', 'open', 'EUR'],
      ['118273645', 'closed', 'EUR'],
      ['118270001', 'closed', 'EUR'],
    ]);
    expect(settlements[2]?.lines[0]?.description).toBe('card, online, presented as 92.40 USD');
  });

  it('lines of every paid payout sum to its total (Net = Amount - Fee)', async () => {
    for (const name of ['payment_transactions_export_16col.csv', 'payment_transactions_export_18col.csv']) {
      const { settlements } = await runParser(shopifyTransactionsParser, fixture(name), name);
      for (const s of settlements.filter((x) => x.status === 'closed')) {
        expect(s.lines.reduce((sum, l) => sum + l.amount, 0n)).toBe(s.total);
      }
    }
  });

  it('reports a row whose currency differs from its payout and leaves that payout incomplete', async () => {
    const csv = 'Transaction Date,Type,Order,Payout Status,Payout Date,Available On,Amount,Fee,Net,Currency\n' +
      '2025-06-01 10:00:00 -0400,charge,#1,paid,2025-06-03,2025-06-03,10.00,0.50,9.50,USD\n' +
      '2025-06-01 11:00:00 -0400,charge,#2,paid,2025-06-03,2025-06-03,10.00,0.50,9.50,CAD\n';
    const { problems, invalidIds } = await runParser(shopifyTransactionsParser, text(csv), 'mixed.csv');
    expect(problems[0]).toEqual({ file: 'mixed.csv', row: 3, column: 'Currency', message: 'Row 3 is in CAD but payout 2025-06-03 is in USD: one payout cannot mix currencies.' });
    expect(invalidIds.has('2025-06-03')).toBe(true);
  });

  it('reports a non-numeric amount with its row and column', async () => {
    const csv = 'Transaction Date,Type,Order,Payout Status,Payout Date,Available On,Amount,Fee,Net,Currency\n' +
      '2025-06-01 10:00:00 -0400,charge,#1,paid,2025-06-03,2025-06-03,ten,0.50,9.50,USD\n';
    const { problems, invalidIds } = await runParser(shopifyTransactionsParser, text(csv), 'bad.csv');
    expect(problems).toEqual([{ file: 'bad.csv', row: 2, column: 'Amount', message: "Row 2: 'Amount' holds \"ten\", which is not an amount." }]);
    expect(invalidIds.has('2025-06-03')).toBe(true);
  });

  it('rejects an impossible date', async () => {
    const csv = 'Transaction Date,Type,Order,Payout Status,Payout Date,Available On,Amount,Fee,Net,Currency\n' +
      '2025-02-30 10:00:00 -0400,charge,#1,paid,2025-06-03,2025-06-03,10.00,0.50,9.50,USD\n';
    const { problems } = await runParser(shopifyTransactionsParser, text(csv), 'bad.csv');
    expect(problems.map((p) => [p.row, p.column])).toEqual([[2, 'Transaction Date']]);
  });

  it('reports a truncated last row and does not count its payout complete', async () => {
    const bytes = fixture('payment_transactions_export_16col.csv');
    const cut = bytes.subarray(0, bytes.length - 40);
    const { problems, invalidIds } = await runParser(shopifyTransactionsParser, cut, 'cut.csv');
    expect(problems.some((p) => p.row === 11 && p.message.includes('the file looks truncated'))).toBe(true);
    expect(invalidIds.has('2025-06-30')).toBe(true);
  });

  it('refuses a header from another report, naming the missing columns', async () => {
    const { settlements, problems } = await runParser(shopifyTransactionsParser, fixture('payouts_export.csv'), 'payouts.csv');
    expect(settlements).toEqual([]);
    expect(problems[0]?.message).toContain("lacks 'Transaction Date', 'Type', 'Payout Status', 'Amount', 'Fee', 'Net'");
  });

  it('is detected from its header and not from a payouts export', () => {
    const head = new TextDecoder().decode(fixture('payment_transactions_export_18col.csv'));
    expect(shopifyTransactionsParser.detect(head)).toBeGreaterThan(0.9);
    expect(shopifyPayoutsParser.detect(head)).toBeLessThan(0.5);
  });
});

describe('Shopify payouts export', () => {
  it.each(['payouts_export.csv', 'payouts_export_bank_reference.csv'])('matches the golden file %s', async (name) => {
    const { actual, expected } = await readGolden(shopifyPayoutsParser, dir + name);
    expect(actual).toEqual(expected);
  });

  it('takes Total as the stated total and deducts Fees', async () => {
    const { settlements, problems } = await runParser(shopifyPayoutsParser, fixture('payouts_export_bank_reference.csv'), 'p.csv');
    expect(problems).toEqual([]);
    for (const s of settlements) expect(s.lines.reduce((sum, l) => sum + l.amount, 0n)).toBe(s.total);
    expect(settlements[0]?.lines.find((l) => l.typeKey === 'payout|fees')?.amount).toBe(-754_000n);
  });

  it('makes a payout not yet paid an open settlement', async () => {
    const { settlements } = await runParser(shopifyPayoutsParser, fixture('payouts_export.csv'), 'p.csv');
    expect(settlements[0]).toMatchObject({ settlementId: '2025-07-02', status: 'open', total: null });
  });

  it('gives the payout the same id as the transactions export of the same payout', async () => {
    const tx = await runParser(shopifyTransactionsParser, fixture('payment_transactions_export_16col.csv'), 't.csv');
    const po = await runParser(shopifyPayoutsParser, fixture('payouts_export.csv'), 'p.csv');
    for (const id of ['2025-07-01', '2025-06-30']) {
      expect(po.settlements.find((s) => s.settlementId === id)?.total).toBe(tx.settlements.find((s) => s.settlementId === id)?.total);
    }
  });
});

describe('Shopify transaction types', () => {
  it('labels a charge as Shopify Sales and its fee as a fee', () => {
    expect(describeWithCatalog(shopifyTransactionTypes, 'charge')).toEqual({ key: 'charge', label: 'Shopify Sales', category: 'sales', known: true });
    expect(describeWithCatalog(shopifyTransactionTypes, 'charge|fee').category).toBe('fees');
  });

  it('keeps an unknown type, labelled from its raw key and flagged', () => {
    expect(describeWithCatalog(shopifyTransactionTypes, 'anomaly_credit')).toEqual({ key: 'anomaly_credit', label: 'Shopify - anomaly_credit', category: 'other', known: false });
  });
});

describe('Shopify parsers under random damage', () => {
  it('never throw and always name file, row and column', async () => {
    const names = ['payment_transactions_export_16col.csv', 'payment_transactions_export_18col.csv'];
    await fuzzParser(shopifyTransactionsParser, names.map((name) => ({ name, bytes: fixture(name) })), 400);
    const payouts = ['payouts_export.csv', 'payouts_export_bank_reference.csv'];
    await fuzzParser(shopifyPayoutsParser, payouts.map((name) => ({ name, bytes: fixture(name) })), 300);
  });
});
