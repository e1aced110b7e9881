import { describe, expect, it } from 'vitest';
import { matchOrders, parseOrderList } from './match-orders';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('orders against settlements', () => {
  it('reads a Shopify orders export (Name, Total) and names the row and column of a bad amount', () => {
    const { orders, problems } = parseOrderList(bytes('Name,Email,Total\n#1001,a@x,25.00\n#1002,b@x,abc\n#1003,c@x,\n'), 'orders.csv');
    expect(orders).toEqual([
      { row: 2, orderId: '#1001', amount: 250_000n },
      { row: 4, orderId: '#1003', amount: null },
    ]);
    expect(problems).toEqual([{ file: 'orders.csv', row: 3, column: 'Total', message: 'Row 3, column Total: "abc" is not an amount.' }]);
  });

  it('refuses a list without an order id column', () => {
    expect(parseOrderList(bytes('Email,Total\na,1\n'), 'o.csv').problems[0]?.message).toMatch(/order id column/);
  });

  it('says in which settlement each order was paid, and which are unpaid', () => {
    const paidIn = new Map([['1001', [{ settlementKey: 'k1', settlementId: 'P1' }]], ['1002', [{ settlementKey: 'k1', settlementId: 'P1' }, { settlementKey: 'k2', settlementId: 'P2' }]]]);
    const rows = matchOrders(
      [
        { row: 2, orderId: '#1001', amount: null },
        { row: 3, orderId: '1002', amount: null },
        { row: 4, orderId: '1003', amount: null },
      ],
      paidIn,
    );
    expect(rows.map((r) => [r.order.orderId, r.isPaid, r.reason])).toEqual([
      ['#1001', true, 'Paid in settlement P1.'],
      ['1002', true, 'Paid in settlement P1, P2.'],
      ['1003', false, 'Order 1003 appears in no settlement of this account: not paid out yet, or paid under another id.'],
    ]);
  });
});
