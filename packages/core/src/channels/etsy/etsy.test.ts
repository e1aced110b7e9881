import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeWithCatalog } from '../../settlements/transaction-type-catalog';
import { fuzzParser } from '../grouping/test-support/fuzz-report';
import { brokenRulesOfFile, fuzzCaseFiles, readGolden, runParser } from '../grouping/test-support/run-parser';
import { etsyStatementParser } from './parse-etsy-statement';
import { etsyTransactionTypes, etsyTypeKey } from './transaction-types';

const dir = new URL('./__fixtures__/', import.meta.url).pathname;
const fixture = (name: string): Uint8Array => readFileSync(dir + name);
const sum = (xs: { amount: bigint }[]): bigint => xs.reduce((s, l) => s + l.amount, 0n);
const FIXTURES = ['etsy_statement_2025_10.csv', 'etsy_statement_2022_3.csv'];
const edit = (name: string, f: (t: string) => string): Uint8Array => new TextEncoder().encode(f(new TextDecoder().decode(fixture(name))));

describe('Etsy monthly statement', () => {
  it.each(FIXTURES)('matches the golden file %s', async (name) => {
    const { actual, expected } = await readGolden(etsyStatementParser, dir + name);
    expect(actual).toEqual(expected);
  });

  it('closes the rows before each deposit row into a deposit whose total is in the title', async () => {
    const { settlements, problems } = await runParser(etsyStatementParser, fixture('etsy_statement_2025_10.csv'), 's.csv');
    expect(problems).toEqual([]);
    expect(settlements.map((s) => [s.settlementId, s.status, s.total, sum(s.lines), s.lines.length])).toEqual([
      ['2025-10-03_50.67', 'closed', 506_700n, 506_700n, 7],
      ['2025-10-13_80.88', 'closed', 808_800n, 808_800n, 7],
      ['open_2025-10-20', 'open', null, 366_500n, 3],
    ]);
  });

  it('reads the 8-column 2022 layout: BOM, d-MMM-yy dates, "€ 1,080.63" amounts, refunds funded by card', async () => {
    const { settlements, problems } = await runParser(etsyStatementParser, fixture('etsy_statement_2022_3.csv'), 's.csv');
    expect(problems).toEqual([]);
    expect(settlements.map((s) => [s.settlementId, s.currency, s.total, sum(s.lines)])).toEqual([
      ['2022-03-01_60.43', 'EUR', 604_300n, 604_300n],
      ['2022-03-21_1023.52', 'EUR', 10_235_200n, 10_235_200n],
      ['open_2022-03-28', 'EUR', null, 56_500n],
    ]);
  });

  it('knows every type key of the 2022 fixture (written from the real 2022 statements)', async () => {
    const { settlements } = await runParser(etsyStatementParser, fixture('etsy_statement_2022_3.csv'), 's.csv');
    const unknown = settlements.flatMap((s) => s.lines.map((l) => l.typeKey)).filter((k) => !describeWithCatalog(etsyTransactionTypes, k).known);
    expect(unknown).toEqual([]);
  });

  it('dates a deposit and its period from the rows', async () => {
    const { settlements } = await runParser(etsyStatementParser, fixture('etsy_statement_2025_10.csv'), 's.csv');
    const d = settlements[1]!;
    expect([d.startDate, d.endDate, d.depositDate].map((x) => new Date(x!).toISOString().slice(0, 10))).toEqual(['2025-10-10', '2025-10-12', '2025-10-13']);
  });

  it('shows a deposit that does not match its rows as a difference, moving nothing', async () => {
    const bytes = edit('etsy_statement_2025_10.csv', (t) => t.replace('$50.67 sent', '$52.00 sent'));
    const { settlements, problems } = await runParser(etsyStatementParser, bytes, 's.csv');
    expect(problems).toEqual([]);
    expect(settlements[0]!.total! - sum(settlements[0]!.lines)).toBe(13_300n);
  });

  it('reports a deposit row whose title gives no amount', async () => {
    const bytes = edit('etsy_statement_2025_10.csv', (t) => t.replace('"$50.67 sent to your bank account"', '"Deposit"'));
    const { problems, invalidIds } = await runParser(etsyStatementParser, bytes, 's.csv');
    expect(problems).toEqual([{ file: 's.csv', row: 13, column: 'Title', message: 'Row 13: the deposit row\'s title "Deposit" does not say the amount sent to the bank.' }]);
    expect(invalidIds.size).toBe(1);
  });

  it('reports a row in another currency than its deposit', async () => {
    const bytes = edit('etsy_statement_2025_10.csv', (t) => t.replace('"Listing fee","Listing #4389525816",USD', '"Listing fee","Listing #4389525816",CAD'));
    const { problems, invalidIds } = await runParser(etsyStatementParser, bytes, 's.csv');
    expect(problems.map((p) => [p.row, p.column])).toEqual([[14, 'Currency']]);
    expect([...invalidIds]).toEqual(['2025-10-03_50.67']);
  });

  it('reports an impossible date and a non-numeric amount by row and column', async () => {
    const bytes = edit('etsy_statement_2025_10.csv', (t) => t.replace('"October 2, 2025",Fee', '"February 30, 2025",Fee').replace('-$8.10,-$8.10', '-$8.10,eight'));
    const { problems } = await runParser(etsyStatementParser, bytes, 's.csv');
    expect(problems.map((p) => [p.row, p.column])).toEqual([[15, 'Net'], [14, 'Date']]);
  });

  it('is detected from its header', () => {
    expect(etsyStatementParser.detect(new TextDecoder().decode(fixture('etsy_statement_2022_3.csv')).replace(/^\uFEFF/, ''))).toBeGreaterThan(0.9);
  });
});

describe('Etsy transaction types', () => {
  it('keys a row by type and title without its specifics', () => {
    expect(etsyTypeKey('Fee', 'Transaction fee: Oak cutting board')).toBe('Fee|Transaction fee');
    expect(etsyTypeKey('Fee', 'Transaction fee: Shipping')).toBe('Fee|Transaction fee: Shipping');
    expect(etsyTypeKey('Sale', 'Payment for Order #3844871551')).toBe('Sale|Payment for Order');
    expect(etsyTypeKey('Fee', 'Listing fee ($0.20 USD)')).toBe('Fee|Listing fee');
    expect(etsyTypeKey('Buyer Fee', 'Colorado Retail Delivery Fee (paid by buyer)')).toBe('Buyer Fee|Colorado Retail Delivery Fee');
    expect(etsyTypeKey('Payment', 'Charge for refund 2336966814')).toBe('Payment|Charge for refund');
    expect(etsyTypeKey('Fee', 'Credit for transaction fee on Product')).toBe('Fee|Credit for transaction fee');
    expect(etsyTypeKey('Marketing', 'Etsy Ads')).toBe('Marketing|Etsy Ads');
  });

  it('labels known keys and guesses the category of unknown ones from the Type', () => {
    expect(describeWithCatalog(etsyTransactionTypes, 'Fee|Processing fee')).toEqual({ key: 'Fee|Processing fee', label: 'Etsy Fees - Payment processing', category: 'fees', known: true });
    expect(describeWithCatalog(etsyTransactionTypes, 'Shipping|FedEx shipping label')).toEqual({ key: 'Shipping|FedEx shipping label', label: 'Etsy - Shipping / FedEx shipping label', category: 'shipping', known: false });
  });
});

describe('Etsy parser under random damage', () => {
  it.each(fuzzCaseFiles(dir))('keeps the rules on the once-breaking case %s', async (path) => {
    expect(await brokenRulesOfFile(etsyStatementParser, path)).toEqual([]);
    const { actual, expected } = await readGolden(etsyStatementParser, path);
    expect(actual).toEqual(expected);
  });

  it('never throws and always names file, row and column', async () => {
    await fuzzParser(etsyStatementParser, FIXTURES.map((name) => ({ name, bytes: fixture(name) })), 600);
  });
});
