import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultMappings } from '../mapping/default-mappings';
import { roundToMinor } from '../money/money';
import { assertBalanced } from './assert-balanced';
import { buildPostings } from './build-postings';
import type { PostingDocument, PostingSettings } from './model';
import { isAmazonPayTypeKey, payPalStatementRefusal, type AmazonPayPosting, type PayPalPosting } from './payment-sources';
import { describeTestType, makeSettlement, settlementArbitrary } from './test-support/settlement-arbitraries';

const AMAZON_PAY_TYPES = ['Order|DirectPayment|StoredValueCardRevenue', 'PayWithAmazon|Sales|Charge', 'PayWithAmazon|ItemFees|TransactionFee', 'Amazon Pay|Refund|Principal'];
const AMAZON_PAY: AmazonPayPosting = { isEnabled: true, clearingAccount: { code: '1290', name: 'Amazon Pay clearing' }, isSeparate: false };
const settings = (extra: PostingSettings = {}): PostingSettings => ({ describeType: describeTestType, ...extra });
const signed = (d: PostingDocument, pick: (l: PostingDocument['lines'][number]) => boolean) =>
  d.lines.filter(pick).reduce((a, l) => a + (l.side === 'debit' ? l.amount : -l.amount), 0n);

describe('isAmazonPayTypeKey', () => {
  it('knows the v1 direct payments, the Finances API Pay with Amazon events and V2 rows naming Amazon Pay', () => {
    for (const key of AMAZON_PAY_TYPES) expect(isAmazonPayTypeKey(key)).toBe(true);
    for (const key of ['Order|ItemPrice|Principal', 'other-transaction|other-transaction|Payable to Amazon', 'Successful charge||', 'Order|ItemFees|Commission']) expect(isAmazonPayTypeKey(key)).toBe(false);
  });
});

describe('Amazon Pay posting', () => {
  const settlement = makeSettlement([
    { type: 'Order|ItemPrice|Principal', amount: '100.00' },
    { type: 'Order|ItemFees|Commission', amount: '-15.00' },
    { type: 'PayWithAmazon|Sales|Charge', amount: '40.00' },
    { type: 'PayWithAmazon|ItemFees|TransactionFee', amount: '-1.53' },
  ]);

  it('off: Amazon Pay lines follow their mappings (unmapped ones go to suspense) exactly as without the setting', () => {
    const mappings = { ...defaultMappings('QBO'), isUnmappedToSuspense: true };
    const without = buildPostings(settlement, mappings, settings());
    const off = buildPostings(settlement, mappings, settings({ amazonPay: { ...AMAZON_PAY, isEnabled: false } }));
    expect(without.documents[0]!.lines.filter((l) => l.role === 'unmapped')).toHaveLength(2);
    expect(off).toEqual(without);
  });

  it('on: Amazon Pay lines post to the Amazon Pay clearing account, marketplace lines keep their accounts, and the deposit is unchanged', () => {
    const { documents, problems } = buildPostings(settlement, defaultMappings('QBO'), settings({ amazonPay: AMAZON_PAY }));
    expect(problems).toEqual([]);
    const [doc] = documents;
    assertBalanced(doc!);
    expect(signed(doc!, (l) => l.account.code === '1290')).toBe(-384_700n);
    expect(doc!.lines.filter((l) => l.account.code === '1290').map((l) => [l.role, l.description, l.taxRateCode, l.amount])).toEqual([
      ['transaction', 'PayWithAmazon ItemFees TransactionFee', '', 15_300n],
      ['transaction', 'PayWithAmazon Sales Charge', '', 400_000n],
    ]);
    expect(doc!.lines.filter((l) => l.role === 'unmapped')).toEqual([]);
    expect(doc!.total).toBe(1_234_700n);
    expect(doc!.lines.find((l) => l.role === 'clearing')!.amount).toBe(1_234_700n);
  });

  it('kept separate: the lines say Amazon Pay and are tracked as Amazon Pay, not as the marketplace', () => {
    const { documents } = buildPostings(settlement, defaultMappings('XERO'), settings({ amazonPay: { ...AMAZON_PAY, isSeparate: true }, isTrackedByMarketplace: true }));
    const pay = documents[0]!.lines.filter((l) => l.account.code === '1290');
    expect(pay.map((l) => l.description)).toEqual(['Amazon Pay: PayWithAmazon ItemFees TransactionFee', 'Amazon Pay: PayWithAmazon Sales Charge']);
    expect(documents[0]!.lines.find((l) => l.description === 'Amazon Sales - Principal' || l.description.includes('Principal'))?.tracking[0]?.option).toBe('Amazon.com');
    expect(pay.every((l) => l.tracking[0]?.option === 'Amazon Pay')).toBe(true);
  });

  it('on generated settlements with Amazon Pay lines, every document balances and the parts still sum to the deposit to the cent', () => {
    const withPay = settlementArbitrary().chain((c) =>
      fc.array(fc.record({ type: fc.constantFrom(...AMAZON_PAY_TYPES), cents: fc.integer({ min: -500_000, max: 500_000 }), index: fc.nat() }), { maxLength: 6 }).map((extra) => {
        const lines = [...c.settlement.lines];
        for (const e of extra) lines.push({ ...lines[e.index % lines.length]!, typeKey: e.type, amount: BigInt(e.cents) * 100n });
        const added = extra.reduce((a, e) => a + BigInt(e.cents) * 100n, 0n);
        return { ...c.settlement, lines, total: c.settlement.total! + added };
      }),
    );
    fc.assert(
      fc.property(withPay, fc.boolean(), fc.constantFrom<'QBO' | 'XERO' | 'MANUAL'>('QBO', 'XERO', 'MANUAL'), (s, isSeparate, system) => {
        const on = buildPostings(s, defaultMappings(system), settings({ amazonPay: { ...AMAZON_PAY, isSeparate } }));
        const deposit = roundToMinor(s.total ?? 0n, s.currency);
        expect(on.documents.length).toBeGreaterThan(0);
        for (const d of on.documents) assertBalanced(d);
        expect(on.documents.reduce((a, d) => a + d.partNet, 0n)).toBe(deposit);
        expect(on.documents.at(-1)!.total).toBe(deposit);
        // Amazon Pay lines never end up unmapped: they all reach the Amazon Pay clearing account.
        expect(on.problems.filter((p) => p.code === 'unmapped-type' && isAmazonPayTypeKey(p.typeKey!))).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });
});

describe('PayPal posting', () => {
  const XERO = { ...defaultMappings('XERO'), isUnmappedToSuspense: true };
  const statement = (currency: string, sellerId: string | null = 'XZXSPECYZZGNQ') =>
    makeSettlement([{ type: 'Express Checkout Payment|Gross', amount: '50.00' }, { type: 'Express Checkout Payment|Fee', amount: '-1.75' }], { channel: 'PAYPAL', settlementId: `2026-05-10_2026-05-10_${currency}`, currency, marketplace: null, sellerId });
  const paypal: PayPalPosting = {
    excludedAccountIds: ['OLDACCOUNT1'],
    currencies: [
      { currency: 'USD', isPosted: true, clearingAccount: { code: '1215', name: 'PayPal USD' } },
      { currency: 'GBP', isPosted: false, clearingAccount: null },
    ],
  };

  it('a currency turned off is not posted, with a sentence that says where to turn it on', () => {
    const result = buildPostings(statement('GBP'), XERO, settings({ paypal }));
    expect(result.documents).toEqual([]);
    expect(result.problems).toEqual([{ code: 'not-posted', settlementId: '2026-05-10_2026-05-10_GBP', message: 'PayPal statement 2026-05-10_2026-05-10_GBP is in GBP, which is turned off in Settings > PayPal; it is not posted.' }]);
  });

  it('a PayPal account turned off is not posted; another account or no account id is', () => {
    expect(payPalStatementRefusal(paypal, statement('USD', 'OLDACCOUNT1'))).toContain('PayPal account OLDACCOUNT1');
    expect(payPalStatementRefusal(paypal, statement('USD'))).toBeNull();
    expect(payPalStatementRefusal(paypal, statement('USD', null))).toBeNull();
    expect(payPalStatementRefusal(paypal, { ...statement('GBP'), channel: 'AMAZON' })).toBeNull();
  });

  it("a currency's clearing account replaces the chart's PayPal clearing account; an unlisted currency keeps it, same amounts", () => {
    const usd = buildPostings(statement('USD'), XERO, settings({ paypal }));
    const plain = buildPostings(statement('USD'), XERO, settings());
    const clearing = usd.documents[0]!.lines.find((l) => l.role === 'clearing')!;
    expect([clearing.account.code, clearing.account.name, clearing.amount]).toEqual(['1215', 'PayPal USD', 482_500n]);
    expect(plain.documents[0]!.lines.find((l) => l.role === 'clearing')!.amount).toBe(482_500n);
    const eur = buildPostings(statement('EUR'), XERO, settings({ paypal }));
    expect(eur.documents[0]!.lines.find((l) => l.role === 'clearing')!.account).toEqual(plain.documents[0]!.lines.find((l) => l.role === 'clearing')!.account);
  });
});
