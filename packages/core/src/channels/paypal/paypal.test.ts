import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeWithCatalog } from '../../settlements/transaction-type-catalog';
import { fuzzParser } from '../grouping/test-support/fuzz-report';
import { readGolden, runParser } from '../grouping/test-support/run-parser';
import { paypalActivityParser } from './parse-paypal-activity';
import { paypalStlParser } from './parse-paypal-stl';
import { paypalTransactionTypes, paypalTypeKey } from './transaction-types';

const dir = new URL('./__fixtures__/', import.meta.url).pathname;
const samplesDir = new URL('../../../../../../shared/samples/paypal/', import.meta.url).pathname;
const fixture = (name: string): Uint8Array => readFileSync(dir + name);
const sum = (xs: { amount: bigint }[]): bigint => xs.reduce((s, l) => s + l.amount, 0n);
const activityFixtures = readdirSync(dir).filter((f) => f.endsWith('.csv'));

describe('PayPal activity download', () => {
  it.each(activityFixtures)('matches the golden file %s', async (name) => {
    const { actual, expected } = await readGolden(paypalActivityParser, dir + name);
    expect(actual).toEqual(expected);
  });

  it.each(activityFixtures)('%s reads without problems and every statement reconciles to its balance movement', async (name) => {
    const { settlements, problems } = await runParser(paypalActivityParser, fixture(name), name);
    expect(problems).toEqual([]);
    expect(settlements.length).toBeGreaterThan(0);
    for (const s of settlements) expect(sum(s.lines)).toBe(s.total);
  });

  it('takes the total from the balances: closing minus opening (opening = first Balance - its Net)', async () => {
    const { settlements } = await runParser(paypalActivityParser, fixture('activity_41col_en.csv'), 'a.csv');
    // Balance before the first row 250.00 (320.37 - 70.37); after the last 374.29.
    expect(settlements[0]?.total).toBe(1_242_900n);
  });

  it('keeps memo rows as zero lines that say they do not move the balance', async () => {
    const { settlements } = await runParser(paypalActivityParser, fixture('activity_41col_en.csv'), 'a.csv');
    const memo = settlements[0]!.lines.filter((l) => l.source.row === 4);
    expect(memo).toHaveLength(1);
    expect(memo[0]).toMatchObject({ typeKey: 'Invoice Sent', amount: 0n });
    expect(memo[0]?.description).toMatch(/^Memo, does not move the balance: 120.00 Pending/);
  });

  it('splits a fee into its own line keyed <type>|Fee and reads quoted thousands', async () => {
    const { settlements } = await runParser(paypalActivityParser, fixture('activity_41col_en.csv'), 'a.csv');
    const row3 = settlements[0]!.lines.filter((l) => l.source.row === 3);
    expect(row3.map((l) => [l.typeKey, l.amount])).toEqual([
      ['Express Checkout Payment', 16_537_500n],
      ['Express Checkout Payment|Fee', -482_700n],
    ]);
  });

  it('makes one statement per currency, conversions included', async () => {
    const { settlements } = await runParser(paypalActivityParser, fixture('activity_22col_dayfirst.csv'), 'c.csv');
    expect(settlements.map((s) => [s.settlementId, s.total])).toEqual([
      ['2015-12-29_2015-12-31_EUR', -4_076_200n],
      ['2015-12-30_2015-12-30_USD', 0n],
    ]);
  });

  it('reads day-first dates from the values even under English headers', async () => {
    const { settlements } = await runParser(paypalActivityParser, fixture('activity_22col_dayfirst.csv'), 'c.csv');
    expect(new Date(settlements[0]!.startDate!).toISOString()).toBe('2015-12-29T09:01:00.000Z');
  });

  it('reads a newest-first file: opening balance from the oldest row', async () => {
    const { settlements } = await runParser(paypalActivityParser, fixture('activity_10col_newest_first.csv'), 'b.csv');
    expect(settlements[0]?.total).toBe(-706_500n); // 29.35 - 100.00
  });

  it('converts an IANA time-zone column with summer time', async () => {
    const { settlements } = await runParser(paypalActivityParser, fixture('statement_18col_en.csv'), 'd.csv');
    expect(new Date(settlements[0]!.lines[0]!.postedAt!).toISOString()).toBe('2021-03-01T17:00:00.000Z'); // PST
  });

  it('reads a Latin-1 Portuguese file (real pt-BR layout: ", " header, newest first, bare integers)', async () => {
    const { settlements, problems } = await runParser(paypalActivityParser, fixture('activity_ptbr_latin1.csv'), 'p.csv');
    expect(problems).toEqual([]);
    expect(settlements[0]?.lines.map((l) => l.typeKey)).toContain('Recurring Payment Received');
    expect(settlements[0]?.lines.map((l) => l.typeKey)).toContain('General Withdrawal - Bank Account');
    expect(settlements[0]?.total).toBe(648_100n); // closing 77,11 - opening (35,5 - 23,2)
  });

  it('reads Spanish dotted thousands and decimal commas', async () => {
    const { settlements } = await runParser(paypalActivityParser, fixture('statement_es.csv'), 'e.csv');
    expect(settlements[0]?.lines.find((l) => l.typeKey === 'General Withdrawal')?.amount).toBe(-50_000_000n);
  });

  it('reports a broken balance chain as a difference, not silently', async () => {
    const text = new TextDecoder().decode(fixture('activity_41col_en.csv'));
    const lines = text.split('\r\n');
    const damaged = [...lines.slice(0, 2), ...lines.slice(3)].join('\r\n'); // drop the 1,653.75 sale
    const { settlements } = await runParser(paypalActivityParser, new TextEncoder().encode(damaged), 'a.csv');
    expect(settlements[0]!.total! - sum(settlements[0]!.lines)).toBe(16_054_800n); // its Net 1,605.48
  });

  it('reports a non-numeric amount with row and column and keeps the statement incomplete', async () => {
    const text = new TextDecoder().decode(fixture('statement_18col_en.csv')).replace('"30.00"', '"thirty"');
    const { problems, invalidIds } = await runParser(paypalActivityParser, new TextEncoder().encode(text), 'd.csv');
    expect(problems).toEqual([{ file: 'd.csv', row: 3, column: 'Gross', message: 'Row 3: \'Gross\' holds "thirty", which is not an amount.' }]);
    expect(invalidIds.size).toBe(1);
  });

  it('reports an impossible date', async () => {
    const text = new TextDecoder().decode(fixture('activity_22col_dayfirst.csv')).replace('31/12/2015', '31/02/2015');
    const { problems } = await runParser(paypalActivityParser, new TextEncoder().encode(text), 'c.csv');
    expect(problems.map((p) => [p.row, p.column])).toEqual([[6, 'Date']]);
  });
});

describe('PayPal real samples (../shared/samples/paypal)', () => {
  const activity = ['amouhzi__SampleFile.csv', 'amouhzi__example1.csv', 'amouhzi__example2.csv', 'jakobhellermann__sample.csv'];
  it.each(activity)('%s parses and every statement reconciles to its balance movement', async (name) => {
    const bytes = readFileSync(samplesDir + name);
    expect(paypalActivityParser.detect(new TextDecoder().decode(bytes.subarray(0, 4096)))).toBeGreaterThan(0.5);
    const { settlements, problems } = await runParser(paypalActivityParser, bytes, name);
    expect(problems).toEqual([]);
    for (const s of settlements) expect(sum(s.lines)).toBe(s.total);
  });

  it('reads all 341 rows of the German sample into one EUR statement that nets to zero', async () => {
    const name = 'jakobhellermann__sample.csv';
    const { settlements } = await runParser(paypalActivityParser, readFileSync(samplesDir + name), name);
    expect(settlements.map((s) => [s.settlementId, s.total])).toEqual([['2023-01-31_2025-12-31_EUR', 0n]]);
    expect(new Set(settlements[0]!.lines.map((l) => l.source.row)).size).toBe(341);
    expect(settlements[0]!.lines.filter((l) => l.typeKey === 'Mobile Payment')).toHaveLength(129);
  });

  it('gives the 2011 conversion trio one statement per currency', async () => {
    const name = 'amouhzi__SampleFile.csv';
    const { settlements } = await runParser(paypalActivityParser, readFileSync(samplesDir + name), name);
    expect(settlements.map((s) => [s.currency, s.total])).toEqual([['USD', 0n], ['CAD', -106_000n]]);
  });

  it('refuses the DDR dispute report with a problem that says what it is', async () => {
    const name = 'laurynas__DDR-20150907.01.008.CSV';
    const bytes = readFileSync(samplesDir + name);
    expect(paypalStlParser.detect(new TextDecoder().decode(bytes))).toBeGreaterThan(0.5);
    const { settlements, problems } = await runParser(paypalStlParser, bytes, name);
    expect(settlements).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: name, row: 5, column: null });
    expect(problems[0]?.message).toMatch(/^This is a PayPal dispute report \(DDR\)/);
  });
});

describe('PayPal settlement report (STL)', () => {
  it('matches the golden file', async () => {
    const { actual, expected } = await readGolden(paypalStlParser, `${dir}STL-20260106.01.010.CSV`);
    expect(actual).toEqual(expected);
  });

  it('gives one statement per currency whose lines sum to the footer balance movement', async () => {
    const { settlements, problems } = await runParser(paypalStlParser, fixture('STL-20260106.01.010.CSV'), 'stl.csv');
    expect(problems).toEqual([]);
    expect(settlements.map((s) => [s.settlementId, s.total, sum(s.lines)])).toEqual([
      ['2026-01-06_EZ782AXEUJUW8_USD', 1_496_700n, 1_496_700n],
      ['2026-01-06_EZ782AXEUJUW8_JPY', 115_320_000n, 115_320_000n],
    ]);
  });

  it('reads the tab-separated delivery the same as the comma-separated one', async () => {
    const text = new TextDecoder().decode(fixture('STL-20260106.01.010.CSV'));
    const tabbed = text.replace(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/gm, '\t');
    expect(paypalStlParser.detect(tabbed)).toBeGreaterThan(0.9);
    const a = await runParser(paypalStlParser, fixture('STL-20260106.01.010.CSV'), 'stl.csv');
    const b = await runParser(paypalStlParser, new TextEncoder().encode(tabbed), 'stl.csv');
    expect(b.problems).toEqual([]);
    expect(b.settlements).toEqual(a.settlements);
  });

  it('reports a file cut before its footer as truncated', async () => {
    const text = new TextDecoder().decode(fixture('STL-20260106.01.010.CSV'));
    const cut = text.slice(0, text.indexOf('"SF","JPY"'));
    const { problems, invalidIds } = await runParser(paypalStlParser, new TextEncoder().encode(cut), 'stl.csv');
    expect(problems.some((p) => p.message.includes('no file footer (FF): the file looks truncated'))).toBe(true);
    expect(invalidIds.size).toBe(2);
  });

  it('reports a missing body row through the section count and gross totals', async () => {
    const text = new TextDecoder().decode(fixture('STL-20260106.01.010.CSV')).replace(/^"SB","2AB.*\n/m, '');
    const { problems } = await runParser(paypalStlParser, new TextEncoder().encode(text), 'stl.csv');
    // The USD footer (row 9) and the section count (row 11), which makes both statements of the section suspect.
    expect(problems.map((p) => p.row)).toEqual([9, 11, 11]);
  });
});

describe('PayPal transaction types', () => {
  it('translates localized type names to PayPal English keys', () => {
    expect(paypalTypeKey('Handyzahlung')).toBe('Mobile Payment');
    expect(paypalTypeKey('Bank Deposit to PP Account ')).toBe('Bank Deposit to PP Account');
  });

  it('labels fees of any type as PayPal fees, and keeps unknown types flagged', () => {
    expect(describeWithCatalog(paypalTransactionTypes, 'Express Checkout Payment|Fee')).toEqual({ key: 'Express Checkout Payment|Fee', label: 'PayPal Fees - Express Checkout', category: 'fees', known: true });
    expect(describeWithCatalog(paypalTransactionTypes, 'Brand New Payment|Fee')).toMatchObject({ label: 'PayPal - Brand New Payment / Fee', category: 'fees', known: false });
    expect(describeWithCatalog(paypalTransactionTypes, 'Express Checkout Payment')).toMatchObject({ label: 'PayPal Sales - Express Checkout', category: 'sales', known: true });
  });
});

describe('PayPal parsers under random damage', () => {
  it('never throw and always name file, row and column', async () => {
    await fuzzParser(paypalActivityParser, activityFixtures.map((name) => ({ name, bytes: fixture(name) })), 500);
    await fuzzParser(paypalStlParser, [{ name: 'stl.csv', bytes: fixture('STL-20260106.01.010.CSV') }], 300);
  });
});
