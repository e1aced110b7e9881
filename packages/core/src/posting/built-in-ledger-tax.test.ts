import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtInTaxSetup, ratePercentUnits } from '../mapping/built-in-tax-rates';
import { defaultMappings } from '../mapping/default-mappings';
import type { MappingSet } from '../mapping/model';
import { minorUnitSize, roundToMinor } from '../money/money';
import { assertBalanced } from './assert-balanced';
import { buildPostings } from './build-postings';
import { taxOfGross } from './built-in-ledger-tax';
import type { GroupBy, PostingDocument } from './model';
import { describeTestType, makeSettlement, settlementArbitrary } from './test-support/settlement-arbitraries';

/** The built-in ledger of a seller registered in `country`: sales at the standard rate, fees at `feesCode`. */
function vatMappings(country: string, feesCode?: string): MappingSet {
  const set = defaultMappings('MANUAL', { channels: ['AMAZON'] });
  const setup = builtInTaxSetup(country)!;
  set.chart.accounts.push(setup.account);
  set.chart.taxRates = setup.rates;
  const amazon = set.categories.AMAZON!;
  for (const c of ['sales', 'shipping', 'refunds'] as const) amazon[c] = { ...amazon[c]!, taxRateCode: setup.treatment.sales };
  for (const c of ['fees', 'advertising'] as const) amazon[c] = { ...amazon[c]!, taxRateCode: feesCode ?? setup.treatment.fees };
  return set;
}

const signedOf = (d: PostingDocument, test: (role: string, code: string) => boolean) =>
  d.lines.filter((l) => test(l.role, l.taxRateCode)).reduce((a, l) => a + (l.side === 'credit' ? l.amount : -l.amount), 0n);

describe('taxOfGross (the one rounding rule)', () => {
  it('takes 19% VAT out of 119.00 as 19.00 and rounds half away from zero', () => {
    expect(taxOfGross(1_190_000n, 190_000n, 'EUR')).toBe(190_000n);
    expect(taxOfGross(-1_190_000n, 190_000n, 'EUR')).toBe(-190_000n);
    // 10.00 at 19%: 1.5966... -> 1.60
    expect(taxOfGross(100_000n, 190_000n, 'EUR')).toBe(16_000n);
    // 5.5%: 1.055 gross of which tax is 0.055 -> 0.06 (half away from zero)
    expect(taxOfGross(10_550n, 55_000n, 'EUR')).toBe(600n);
    expect(taxOfGross(10_000n, 0n, 'EUR')).toBe(0n);
  });
});

describe('the built-in ledger splits tax-inclusive lines into base and VAT', () => {
  it('a German settlement: sales credit base and VAT 19%, the clearing account still gets the deposit', () => {
    const settlement = makeSettlement([
      { type: 'Order|ItemPrice|Principal', amount: '119.00' },
      { type: 'Order|ItemFees|Commission', amount: '-17.85' },
    ], { currency: 'EUR', marketplace: 'Amazon.de' });
    const [doc] = buildPostings(settlement, vatMappings('DE'), { describeType: describeTestType }).documents;
    const lines = doc!.lines.map((l) => [l.role, l.account.code, l.side, l.amount]);
    expect(lines).toEqual([
      ['clearing', 'Assets:Clearing:Amazon', 'debit', 1_011_500n],
      ['transaction', 'Expenses:Amazon:SellerFees', 'debit', 178_500n],
      ['transaction', 'Income:Amazon:Sales', 'credit', 1_000_000n],
      ['tax', 'Liabilities:VAT', 'credit', 190_000n],
    ]);
  });

  it('input tax on fees is a debit on the tax account (GST in Australia)', () => {
    const settlement = makeSettlement([
      { type: 'Order|ItemPrice|Principal', amount: '110.00' },
      { type: 'Order|ItemFees|Commission', amount: '-22.00' },
    ], { currency: 'AUD' });
    const [doc] = buildPostings(settlement, vatMappings('AU'), { describeType: describeTestType }).documents;
    // One tax line per rate: 10.00 output - 2.00 input = 8.00 credit.
    expect(doc!.lines.filter((l) => l.role === 'tax').map((l) => [l.account.code, l.side, l.amount])).toEqual([['Liabilities:GST', 'credit', 80_000n]]);
  });

  it('a rate whose tax account is not in the chart is a problem, not a document', () => {
    const set = vatMappings('DE');
    set.chart.accounts = set.chart.accounts.filter((a) => a.code !== 'Liabilities:VAT');
    const { documents, problems } = buildPostings(makeSettlement([{ type: 'Order|ItemPrice|Principal', amount: '11.90' }]), set, { describeType: describeTestType });
    expect(documents).toEqual([]);
    expect(problems.map((p) => p.code)).toEqual(['missing-account']);
  });

  it('another system never splits (its own system computes the tax from the code)', () => {
    const set = { ...vatMappings('DE'), system: 'XERO' as const };
    const [doc] = buildPostings(makeSettlement([{ type: 'Order|ItemPrice|Principal', amount: '11.90' }]), set, { describeType: describeTestType }).documents;
    expect(doc!.lines.some((l) => l.role === 'tax')).toBe(false);
  });
});

const countries = ['DE', 'GB', 'FR', 'AU', 'CA', 'FI', 'CH'];
const caseArb = fc.record({
  country: fc.constantFrom(...countries),
  groupBy: fc.constantFrom<GroupBy>('type', 'sku', 'country'),
  isSplitByMonth: fc.boolean(),
  timeZoneId: fc.constantFrom('UTC', 'Europe/Berlin', 'Pacific/Chatham'),
});

describe('built-in ledger documents with tax lines (generated)', () => {
  it('every document balances, the clearing account gets the deposit, and each rate\'s VAT is rate x base within the rounding rule', () => {
    fc.assert(
      fc.property(settlementArbitrary(), caseArb, (c, s) => {
        const set = vatMappings(s.country, builtInTaxSetup(s.country)!.rates[0]!.code);
        const { documents } = buildPostings(c.settlement, set, { describeType: describeTestType, groupBy: s.groupBy, isSplitByMonth: s.isSplitByMonth, timeZoneId: s.timeZoneId });
        expect(documents.length).toBeGreaterThan(0);
        const currency = c.settlement.currency;
        const deposit = roundToMinor(c.settlement.total!, currency);
        expect(-documents.reduce((a, d) => a + signedOf(d, (role) => role === 'clearing'), 0n)).toBe(deposit);
        const step = minorUnitSize(currency);
        for (const d of documents) {
          assertBalanced(d);
          for (const rate of set.chart.taxRates) {
            const r = ratePercentUnits(rate.ratePercent!)!;
            const baseLines = d.lines.filter((l) => l.role === 'transaction' && l.taxRateCode === rate.code);
            const tax = signedOf(d, (role, code) => role === 'tax' && code === rate.code);
            if (r === 0n) {
              expect(tax).toBe(0n);
              continue;
            }
            const base = baseLines.reduce((a, l) => a + (l.side === 'credit' ? l.amount : -l.amount), 0n);
            // |tax * 100 - r * base| <= n * (100 + r) / 2 minor units (r in percent units of scale 4).
            const diff = tax * 1_000_000n - r * base;
            const bound = (BigInt(baseLines.length) * (1_000_000n + r) * step) / 2n;
            expect(diff < 0n ? -diff : diff).toBeLessThanOrEqual(bound);
          }
        }
      }),
      { numRuns: 800 },
    );
  });

  it('the tax line is the sum of each line\'s VAT by the rule, and base plus VAT is the gross of the undivided posting', () => {
    fc.assert(
      fc.property(settlementArbitrary(), caseArb, (c, s) => {
        const settings = { describeType: describeTestType, groupBy: s.groupBy, isSplitByMonth: s.isSplitByMonth, timeZoneId: s.timeZoneId };
        const set = vatMappings(s.country, builtInTaxSetup(s.country)!.rates[0]!.code);
        const plain = vatMappings(s.country, builtInTaxSetup(s.country)!.rates[0]!.code);
        plain.chart.taxRates = plain.chart.taxRates.map((t) => ({ ...t, ratePercent: '0' }));
        const split = buildPostings(c.settlement, set, settings).documents;
        const gross = buildPostings(c.settlement, plain, settings).documents;
        expect(split.length).toBe(gross.length);
        split.forEach((d, i) => {
          const g = gross[i]!;
          for (const rate of set.chart.taxRates) {
            const r = ratePercentUnits(rate.ratePercent!)!;
            const grossLines = g.lines.filter((l) => l.role === 'transaction' && l.taxRateCode === rate.code);
            const expected = grossLines.reduce((a, l) => a + taxOfGross(l.side === 'credit' ? l.amount : -l.amount, r, d.currency), 0n);
            expect(signedOf(d, (role, code) => role === 'tax' && code === rate.code)).toBe(expected);
            const grossSum = grossLines.reduce((a, l) => a + (l.side === 'credit' ? l.amount : -l.amount), 0n);
            expect(signedOf(d, (role, code) => role === 'transaction' && code === rate.code) + expected).toBe(grossSum);
          }
        });
      }),
      { numRuns: 400 },
    );
  });
});
