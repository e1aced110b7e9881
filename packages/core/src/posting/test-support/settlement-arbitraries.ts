/**
 * Test data for the posting engine: a small type catalogue standing in for the channel catalogue,
 * a settlement builder, and fast-check arbitraries of whole settlements (any currency, month spans,
 * sub-minor amounts, undated lines, inconsistent totals).
 */
import fc from 'fast-check';
import type { TypeDescriber } from '../../mapping/model';
import { minorUnitSize, roundToMinor } from '../../money/money';
import type { Category, Settlement, SettlementLine } from '../../settlements/model';

export const TEST_TYPES: Record<string, Category> = {
  'Order|ItemPrice|Principal': 'sales',
  'Order|ItemPrice|Shipping': 'shipping',
  'Order|ItemPrice|Tax': 'tax',
  'Order|ItemWithheldTax|MarketplaceFacilitatorTax-Principal': 'tax',
  'Order|ItemFees|Commission': 'fees',
  'Order|ItemFees|FBAPerUnitFulfillmentFee': 'fees',
  'Refund|ItemPrice|Principal': 'refunds',
  'Refund|ItemFees|Commission': 'fees',
  'other-transaction|other-transaction|Current Reserve Amount': 'reserves',
  'other-transaction|other-transaction|Previous Reserve Amount Balance': 'reserves',
  'ServiceFee|Cost of Advertising|TransactionTotalAmount': 'advertising',
  'FBA Inventory Reimbursement|WAREHOUSE_DAMAGE|': 'reimbursements',
  'Successful charge||': 'transfers',
};

export const describeTestType: TypeDescriber = (_channel, typeKey) => {
  const category = TEST_TYPES[typeKey];
  return category ? { category } : undefined;
};

const DAY = 86_400_000;
export const utc = (iso: string): number => Date.parse(iso.endsWith('Z') ? iso : `${iso}Z`);

export interface LineSpec {
  type: string;
  amount: string;
  at?: string | null;
  sku?: string;
  marketplace?: string;
  fulfilment?: string;
}

/** A settlement from readable specs; amounts are decimal text, dates ISO (UTC). */
export function makeSettlement(
  specs: LineSpec[],
  header: Partial<Omit<Settlement, 'lines' | 'total'>> & { total?: string | null } = {},
): Settlement {
  const units = (t: string) => {
    const [w, f = ''] = t.replace('-', '').split('.');
    const v = BigInt(w!) * 10_000n + BigInt(f.padEnd(4, '0'));
    return t.startsWith('-') ? -v : v;
  };
  const lines: SettlementLine[] = specs.map((s, i) => ({
    postedAt: s.at === null ? null : utc(s.at ?? '2026-05-10T12:00:00'),
    typeKey: s.type,
    orderId: null,
    sku: s.sku ?? null,
    quantity: null,
    marketplace: s.marketplace ?? null,
    fulfilmentChannel: s.fulfilment ?? null,
    amount: units(s.amount),
    source: { file: 'test.txt', row: i + 3 },
  }));
  const sum = lines.reduce((a, l) => a + l.amount, 0n);
  const { total, ...rest } = header;
  return {
    channel: 'AMAZON',
    settlementId: '7293436482',
    format: 'amazon-v2',
    marketplace: 'Amazon.com',
    currency: 'USD',
    startDate: utc('2026-05-01T00:00:00'),
    endDate: utc('2026-05-14T00:00:00'),
    depositDate: utc('2026-05-16T00:00:00'),
    status: 'closed',
    sellerId: null,
    sourceFile: 'test.txt',
    ...rest,
    total: total === undefined ? sum : total === null ? null : units(total),
    lines,
  };
}

export const CURRENCIES_UNDER_TEST = ['USD', 'EUR', 'GBP', 'JPY', 'KWD', 'CAD', 'INR'] as const;

export interface SettlementCase {
  settlement: Settlement;
  /** The deposit the clearing account must receive (the stated total, rounded). */
  isConsistent: boolean;
}

/** Arbitrary closed settlements whose lines span 1 to 3 months, possibly inconsistent. */
export function settlementArbitrary(options: { typeKeys?: string[]; maxLines?: number } = {}): fc.Arbitrary<SettlementCase> {
  const typeKeys = options.typeKeys ?? Object.keys(TEST_TYPES);
  return fc
    .record({
      currency: fc.constantFrom(...CURRENCIES_UNDER_TEST),
      start: fc.integer({ min: utc('2025-01-01T00:00:00'), max: utc('2027-01-01T00:00:00') }),
      spanDays: fc.integer({ min: 0, max: 70 }),
      lines: fc.array(
        fc.record({
          type: fc.constantFrom(...typeKeys),
          minor: fc.bigInt({ min: -500_000n, max: 500_000n }),
          // Some lines carry sub-minor precision (fractional cents), which forces rounding lines.
          fraction: fc.oneof({ weight: 4, arbitrary: fc.constant(0n) }, { weight: 1, arbitrary: fc.bigInt({ min: -99n, max: 99n }) }),
          offset: fc.double({ min: 0, max: 1, noNaN: true }),
          isUndated: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
          sku: fc.constantFrom('SKU-A', 'SKU-B', 'BOOK-1', null),
        }),
        { minLength: 1, maxLength: options.maxLines ?? 30 },
      ),
      differenceMinor: fc.oneof({ weight: 5, arbitrary: fc.constant(0n) }, { weight: 1, arbitrary: fc.bigInt({ min: -10_000n, max: 10_000n }) }),
      settlementId: fc.stringMatching(/^[0-9]{5,20}$/),
    })
    .map((r) => {
      const step = minorUnitSize(r.currency);
      const end = r.start + r.spanDays * DAY;
      const lines: SettlementLine[] = r.lines.map((l, i) => ({
        postedAt: l.isUndated ? null : Math.floor(r.start + l.offset * (end - r.start)),
        typeKey: l.type,
        orderId: null,
        sku: l.sku,
        quantity: null,
        marketplace: null,
        fulfilmentChannel: null,
        amount: l.minor * step + (step > 1n ? l.fraction % step : 0n),
        source: { file: 'gen.txt', row: i + 3 },
      }));
      const sum = lines.reduce((a, l) => a + l.amount, 0n);
      const rounded = roundToMinor(sum, r.currency);
      const settlement: Settlement = {
        channel: 'AMAZON',
        settlementId: r.settlementId,
        format: 'amazon-v2',
        marketplace: 'Amazon.com',
        currency: r.currency,
        startDate: r.start,
        endDate: end,
        depositDate: end + 2 * DAY,
        total: rounded + r.differenceMinor * step,
        status: 'closed',
        sellerId: null,
        sourceFile: 'gen.txt',
        lines,
      };
      return { settlement, isConsistent: r.differenceMinor === 0n };
    });
}
