import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Settlement, SettlementLine } from '../settlements/model';
import { B2B_PAYMENT_TYPE, splitSingleOrders } from './split-single-orders';
import { totalB2bInvoices } from './total-b2b-invoices';

const ORDERS = ['#1001', '#1002', '#1003', '#1004', 'AI-77'];
const lineArb: fc.Arbitrary<SettlementLine> = fc.record({
  postedAt: fc.option(fc.integer({ min: 1_700_000_000_000, max: 1_800_000_000_000 }), { nil: null }),
  typeKey: fc.constantFrom('charge', 'charge|fee', 'refund', 'marketplace sales tax', 'adjustment', 'shop_cash_credit'),
  orderId: fc.option(fc.constantFrom(...ORDERS), { nil: null }),
  sku: fc.constant(null),
  quantity: fc.constant(null),
  marketplace: fc.constant(null),
  fulfilmentChannel: fc.constant(null),
  amount: fc.bigInt({ min: -50_000_000n, max: 50_000_000n }),
  source: fc.record({ file: fc.constant('payouts.csv'), row: fc.nat(999) }),
});
const settlementArb = fc.record({ lines: fc.array(lineArb, { maxLength: 40 }), isClosed: fc.boolean() }).map(({ lines, isClosed }): Settlement => ({
  channel: 'SHOPIFY',
  settlementId: '98765',
  format: 'shopify-transactions',
  marketplace: null,
  currency: 'USD',
  startDate: 1_700_000_000_000,
  endDate: 1_700_086_400_000,
  depositDate: 1_700_086_400_000,
  total: isClosed ? lines.reduce((a, l) => a + l.amount, 0n) : null,
  status: isClosed ? 'closed' : 'open',
  sellerId: null,
  sourceFile: 'payouts.csv',
  lines,
}));
const b2bArb = fc.subarray(ORDERS);
const sum = (lines: SettlementLine[]) => lines.reduce((a, l) => a + l.amount, 0n);

describe('splitSingleOrders', () => {
  it('keeps the payout summing to its deposit, to the unit', () => {
    fc.assert(
      fc.property(settlementArb, b2bArb, (s, b2b) => {
        const { payout } = splitSingleOrders(s, (o) => b2b.includes(o));
        expect(sum(payout.lines)).toBe(sum(s.lines));
        expect(payout.total).toBe(s.total);
      }),
    );
  });

  it('puts every original line in exactly one part and counts nothing twice', () => {
    fc.assert(
      fc.property(settlementArb, b2bArb, (s, b2b) => {
        const { payout, orders } = splitSingleOrders(s, (o) => b2b.includes(o));
        const kept = payout.lines.filter((l) => l.typeKey !== B2B_PAYMENT_TYPE);
        const moved = orders.flatMap((o) => o.settlement.lines);
        expect(kept.length + moved.length).toBe(s.lines.length);
        expect(new Set([...kept, ...moved]).size).toBe(s.lines.length);
        for (const l of s.lines) expect(kept.includes(l) || moved.includes(l)).toBe(true);
        // Payout lines that stay plus the order parts are the original, to the unit.
        expect(sum(kept) + orders.reduce((a, o) => a + sum(o.settlement.lines), 0n)).toBe(sum(s.lines));
      }),
    );
  });

  it('gives each B2B order one part whose payment line in the payout equals its net', () => {
    fc.assert(
      fc.property(settlementArb, b2bArb, (s, b2b) => {
        const { payout, orders } = splitSingleOrders(s, (o) => b2b.includes(o));
        const present = new Set(s.lines.map((l) => l.orderId).filter((o): o is string => o !== null && b2b.includes(o)));
        expect(orders.map((o) => o.orderName).sort()).toEqual([...present].sort());
        for (const o of orders) {
          expect(o.settlement.lines.every((l) => l.orderId === o.orderName)).toBe(true);
          const payment = payout.lines.filter((l) => l.typeKey === B2B_PAYMENT_TYPE && l.orderId === o.orderName);
          expect(payment).toHaveLength(1);
          expect(payment[0]!.amount).toBe(sum(o.settlement.lines));
          expect(o.settlement.total).toBe(s.status === 'closed' ? sum(o.settlement.lines) : null);
        }
      }),
    );
  });

  it('is a no-op when splitting again (the payment lines are not orders to split)', () => {
    fc.assert(
      fc.property(settlementArb, b2bArb, (s, b2b) => {
        const once = splitSingleOrders(s, (o) => b2b.includes(o));
        const twice = splitSingleOrders(once.payout, (o) => b2b.includes(o));
        expect(twice.orders).toHaveLength(0);
        expect(twice.payout).toBe(once.payout);
      }),
    );
  });
});

describe('totalB2bInvoices', () => {
  it('per currency, total is the sum of the invoices and open the sum of the unpaid ones', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ currency: fc.constantFrom('USD', 'CAD'), total: fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }), isPaid: fc.boolean() })), (invoices) => {
        const totals = totalB2bInvoices(invoices);
        for (const t of totals) {
          const mine = invoices.filter((i) => i.currency === t.currency);
          expect(t.total).toBe(mine.reduce((a, i) => a + i.total, 0n));
          expect(t.open).toBe(mine.filter((i) => !i.isPaid).reduce((a, i) => a + i.total, 0n));
        }
        expect(totals.map((t) => t.currency)).toEqual([...new Set(invoices.map((i) => i.currency))].sort());
      }),
    );
  });
});
