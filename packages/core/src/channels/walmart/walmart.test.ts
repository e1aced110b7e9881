import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeWithCatalog } from '../../settlements/transaction-type-catalog';
import { fuzzParser } from '../grouping/test-support/fuzz-report';
import { brokenRulesOfFile, fuzzCaseFiles, readGolden, runParser } from '../grouping/test-support/run-parser';
import { walmartReconParser } from './parse-walmart-recon';
import { walmartTransactionTypes, walmartTypeKey } from './transaction-types';

const dir = new URL('./__fixtures__/', import.meta.url).pathname;
const FIXTURES = ['recon_v1_2026_04_29.csv', 'recon_legacy_2025_12_11.csv'];
const fixture = (name: string): Uint8Array => readFileSync(dir + name);
const edit = (name: string, f: (t: string) => string): Uint8Array => new TextEncoder().encode(f(new TextDecoder().decode(fixture(name))));
const sum = (xs: { amount: bigint }[]): bigint => xs.reduce((s, l) => s + l.amount, 0n);

describe('Walmart reconciliation report', () => {
  it.each(FIXTURES)('matches the golden file %s', async (name) => {
    const { actual, expected } = await readGolden(walmartReconParser, dir + name);
    expect(actual).toEqual(expected);
  });

  it.each(FIXTURES)('%s: the lines sum to Total Payable; the PaymentSummary row is the deposit', async (name) => {
    const { settlements, problems } = await runParser(walmartReconParser, fixture(name), name);
    expect(problems).toEqual([]);
    expect(settlements).toHaveLength(1);
    expect(sum(settlements[0]!.lines)).toBe(settlements[0]!.total);
    expect(settlements[0]!.lines.some((l) => l.typeKey.startsWith('PaymentSummary'))).toBe(false);
  });

  it('keys the settlement by its period end and dates it from the period and the deposit', async () => {
    const { settlements } = await runParser(walmartReconParser, fixture('recon_v1_2026_04_29.csv'), 'r.csv');
    const s = settlements[0]!;
    expect(s.settlementId).toBe('2026-04-29');
    expect([s.startDate, s.endDate, s.depositDate].map((d) => new Date(d!).toISOString().slice(0, 10))).toEqual(['2026-04-16', '2026-04-29', '2026-04-30']);
    expect(s.total).toBe(387_400n);
  });

  it('skips the legacy "Number of Lines in file" line without a problem', async () => {
    const { settlements } = await runParser(walmartReconParser, fixture('recon_legacy_2025_12_11.csv'), 'r.csv');
    expect(settlements[0]!.lines.map((l) => l.source.row)).toEqual([3, 4, 5]);
  });

  it('reports rows that disagree on Total Payable', async () => {
    const bytes = edit('recon_legacy_2025_12_11.csv', (t) => t.replace('12/11/2025,45.99,USD,2026_04_30_1387066,12/02/2025,Sale,Purchase,200012345678,1,1234567890,1,-7.50', '12/11/2025,46.99,USD,2026_04_30_1387066,12/02/2025,Sale,Purchase,200012345678,1,1234567890,1,-7.50'));
    const { problems, invalidIds } = await runParser(walmartReconParser, bytes, 'r.csv');
    expect(problems.map((p) => [p.row, p.column])).toEqual([[5, 'Total Payable']]);
    expect([...invalidIds]).toEqual(['2025-12-11']);
  });

  it('reports an impossible date by row and column', async () => {
    const bytes = edit('recon_v1_2026_04_29.csv', (t) => t.replace(',04/22/2026,', ',04/31/2026,'));
    const { problems } = await runParser(walmartReconParser, bytes, 'r.csv');
    expect(problems.map((p) => [p.row, p.column])).toEqual([[8, 'Transaction Posted Timestamp']]);
  });

  it('makes a period without Total Payable open', async () => {
    const bytes = edit('recon_legacy_2025_12_11.csv', (t) => t.replaceAll(',45.99,USD,', ',,USD,'));
    const { settlements } = await runParser(walmartReconParser, bytes, 'r.csv');
    expect(settlements[0]).toMatchObject({ status: 'open', total: null });
  });
});

describe('Walmart transaction types', () => {
  it('keys sales by amount type and adjustments by description too', () => {
    expect(walmartTypeKey('Sale', 'Purchase', 'Commission on Product')).toBe('Sale|Commission on Product');
    expect(walmartTypeKey('Adjustment', 'Walmart Shipping Label Service Charge', 'Fee/Reimbursement')).toBe('Adjustment|Walmart Shipping Label Service Charge|Fee/Reimbursement');
    expect(describeWithCatalog(walmartTransactionTypes, 'Sale|Commission on Product')).toMatchObject({ label: 'Walmart Fees - Commission', category: 'fees', known: true });
    expect(describeWithCatalog(walmartTransactionTypes, 'Adjustment|Lost inventory|Fee/Reimbursement')).toMatchObject({ category: 'reimbursements', known: false });
  });
});

describe('Walmart parser under random damage', () => {
  it.each(fuzzCaseFiles(dir))('keeps the rules on the once-breaking case %s', async (path) => {
    expect(await brokenRulesOfFile(walmartReconParser, path)).toEqual([]);
  });

  it('never throws and always names file, row and column', async () => {
    await fuzzParser(walmartReconParser, FIXTURES.map((name) => ({ name, bytes: fixture(name) })), 500);
  });
});
