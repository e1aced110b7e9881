import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultCategoryAccountCode } from '../mapping/default-charts';
import { defaultMappings } from '../mapping/default-mappings';
import { CATEGORIES, type Category } from '../settlements/model';
import { assertBalanced } from './assert-balanced';
import { buildPostings } from './build-postings';
import type { PostingDocument } from './model';
import { checkTaxRegistrationNumber, isReverseChargeCountry, TAX_COUNTRY_CODES, taxRateCodeFor, taxRateKindOf, type TaxTreatment } from './tax-treatment';
import { describeTestType, makeSettlement, settlementArbitrary } from './test-support/settlement-arbitraries';

const RATES = { sales: 'OUTPUT2', fees: 'INPUT2', reverseCharge: 'REVERSECHARGES', noTax: 'NONE' };
const mappings = defaultMappings('XERO', { channels: ['AMAZON'] });
/** The category of a transaction line, from the default account its category maps to. */
const categoryOfAccount = new Map(CATEGORIES.map((c) => [defaultCategoryAccountCode('XERO', 'AMAZON', c), c] as const));

const treatmentArb = fc.record({
  country: fc.option(fc.constantFrom(...TAX_COUNTRY_CODES), { nil: null }),
  isRegistered: fc.boolean(),
  rates: fc.constant(RATES),
});

const post = (settlement: Parameters<typeof buildPostings>[0], tax?: TaxTreatment) => buildPostings(settlement, mappings, { describeType: describeTestType, tax });
const transactionLines = (docs: PostingDocument[]) => docs.flatMap((d) => d.lines.filter((l) => l.role === 'transaction'));
const withoutTax = (docs: PostingDocument[]) => docs.map((d) => ({ ...d, lines: d.lines.map((l) => ({ ...l, taxRateCode: '' })) }));

describe('tax treatment in posting', () => {
  it('an unregistered seller books every line with the no-tax rate', () => {
    fc.assert(
      fc.property(settlementArbitrary(), treatmentArb, (c, t) => {
        const lines = transactionLines(post(c.settlement, { ...t, isRegistered: false }).documents);
        for (const l of lines) expect(l.taxRateCode).toBe('NONE');
      }),
      { numRuns: 300 },
    );
  });

  it('a registered seller books fees with the reverse charge exactly when registered in the EU or the UK', () => {
    fc.assert(
      fc.property(settlementArbitrary(), treatmentArb, (c, t) => {
        const tax = { ...t, isRegistered: true };
        for (const l of transactionLines(post(c.settlement, tax).documents)) {
          const category = categoryOfAccount.get(l.account.code);
          const expected = category === 'sales' || category === 'shipping' || category === 'refunds' ? 'OUTPUT2' : category === 'fees' || category === 'advertising' ? (isReverseChargeCountry(t.country) ? 'REVERSECHARGES' : 'INPUT2') : 'NONE';
          expect(l.taxRateCode).toBe(expected);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the registration changes only tax rates: amounts, accounts and balance stay as without it', () => {
    fc.assert(
      fc.property(settlementArbitrary(), treatmentArb, (c, t) => {
        const plain = post(c.settlement);
        const taxed = post(c.settlement, t);
        for (const d of taxed.documents) assertBalanced(d);
        expect(withoutTax(taxed.documents)).toEqual(withoutTax(plain.documents));
        expect(taxed.problems).toEqual(plain.problems);
      }),
      { numRuns: 300 },
    );
  });

  it('a registered seller keeps the tax rate of an explicit mapping rule', () => {
    const rule = { taxRateCode: 'ZERORATED', via: 'rule' as const };
    expect(taxRateCodeFor({ country: 'GB', isRegistered: true, rates: RATES }, 'sales', rule)).toBe('ZERORATED');
    expect(taxRateCodeFor({ country: 'GB', isRegistered: false, rates: RATES }, 'sales', rule)).toBe('NONE');
  });

  it('an unset rate keeps the mapping rate, and no treatment changes nothing', () => {
    const category = { taxRateCode: 'MAPPED', via: 'category' as const };
    expect(taxRateCodeFor({ country: 'AU', isRegistered: true, rates: { ...RATES, fees: null } }, 'fees', category)).toBe('MAPPED');
    fc.assert(
      fc.property(fc.constantFrom<Category | undefined>(...CATEGORIES, undefined), (cat) => {
        expect(taxRateCodeFor(undefined, cat, category)).toBe('MAPPED');
      }),
    );
  });

  it('marketplace-collected tax and reserves are outside the scope of VAT for a registered seller', () => {
    for (const c of ['tax', 'reserves', 'transfers', 'reimbursements', 'other'] as const) expect(taxRateKindOf({ country: 'DE', isRegistered: true }, c)).toBe('noTax');
  });

  it('the statement account replaces the clearing account on the payout line', () => {
    const settlement = makeSettlement([{ type: 'Order|ItemPrice|Principal', amount: '100.00' }, { type: 'Order|ItemFees|Commission', amount: '-15.00' }], { total: '85.00' });
    const tax: TaxTreatment = { country: 'GB', isRegistered: true, rates: RATES, statementAccount: { code: '090', name: 'Business Bank Account' } };
    const [doc] = post(settlement, tax).documents;
    const clearing = doc!.lines.find((l) => l.role === 'clearing')!;
    expect(clearing.account).toMatchObject({ code: '090', name: 'Business Bank Account', kind: 'asset' });
    expect(transactionLines([doc!]).map((l) => l.taxRateCode).sort()).toEqual(['OUTPUT2', 'REVERSECHARGES']);
  });

  it('a registration number is 4 to 20 letters and digits', () => {
    expect(checkTaxRegistrationNumber('GB 123 4567 89')).toBeNull();
    expect(checkTaxRegistrationNumber('DE-123.456.789')).toBeNull();
    expect(checkTaxRegistrationNumber('12')).toMatch(/4 to 20/);
    expect(checkTaxRegistrationNumber('GB12#4567')).toMatch(/only letters and digits/);
  });
});
