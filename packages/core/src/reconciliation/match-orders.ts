/**
 * Orders against settlements: given a list of orders (an export of the shop's orders), which were
 * paid in which settlement and which are still unpaid. `paidIn` answers the settlements an order id
 * appears in (the server reads settlement_refs); the order list is a CSV with an order id column and
 * optionally an amount, read here.
 */
import { parseDecimalUnits } from '../money/money';
import { fieldOf, mapColumns } from '../channels/shared/column-map';
import { decodeHead } from '../channels/shared/decode-text';
import { RowReader } from '../channels/shared/row-reader';
import type { ParseProblem } from '../settlements/model';

export interface OrderToFind {
  row: number;
  orderId: string;
  /** Units, when the list has an amount column. */
  amount: bigint | null;
}

export interface OrderPayment {
  settlementKey: string;
  settlementId: string;
}

export interface OrderReconciliationRow {
  order: OrderToFind;
  isPaid: boolean;
  settlements: OrderPayment[];
  reason: string;
}

const COLUMNS = {
  orderId: ['Order ID', 'Order Id', 'amazon-order-id', 'order-id', 'Order', 'Order Number', 'Name', 'Id'],
  amount: ['Total', 'Amount', 'Order Total', 'Total Price', 'item-price'],
} as const;

export function parseOrderList(bytes: Uint8Array, fileName: string): { orders: OrderToFind[]; problems: ParseProblem[] } {
  const orders: OrderToFind[] = [];
  const problems: ParseProblem[] = [];
  let index: { orderId: number; amount: number; names: string[] } | undefined;
  const reader = new RowReader({
    onRow(fields, row) {
      if (!index) {
        const map = mapColumns(fields, COLUMNS);
        if (map.index.orderId < 0) {
          problems.push({ file: fileName, row, column: null, message: `Row ${row}: the order list needs an order id column (${COLUMNS.orderId.join(', ')}).` });
          return false;
        }
        index = { ...map.index, names: map.names };
        return;
      }
      const orderId = fieldOf(fields, index.orderId).trim();
      if (orderId === '') return;
      const amountText = fieldOf(fields, index.amount).trim();
      const amount = amountText === '' ? null : parseDecimalUnits(amountText, '.');
      if (amount === undefined) {
        const column = index.names[index.amount] ?? 'amount';
        problems.push({ file: fileName, row, column, message: `Row ${row}, column ${column}: "${amountText}" is not an amount.` });
        return;
      }
      orders.push({ row, orderId, amount });
    },
    onProblem: (row, message) => problems.push({ file: fileName, row, column: null, message }),
  });
  reader.push(decodeHead(bytes));
  reader.end();
  if (!index && problems.length === 0) problems.push({ file: fileName, row: 0, column: null, message: 'The order list is empty.' });
  return { orders, problems };
}

/** Shopify names orders '#1001'; some exports and settlements carry the bare number: either finds the other. */
export function orderIdCandidates(orderId: string): string[] {
  return orderId.startsWith('#') ? [orderId, orderId.slice(1)] : [orderId, `#${orderId}`];
}

export function matchOrders(orders: readonly OrderToFind[], paidIn: ReadonlyMap<string, readonly OrderPayment[]>): OrderReconciliationRow[] {
  return orders.map((order) => {
    const settlements = [...new Map(orderIdCandidates(order.orderId).flatMap((id) => paidIn.get(id) ?? []).map((p) => [p.settlementKey, p])).values()];
    const isPaid = settlements.length > 0;
    const reason = isPaid
      ? `Paid in settlement ${settlements.map((s) => s.settlementId).join(', ')}.`
      : `Order ${order.orderId} appears in no settlement of this account: not paid out yet, or paid under another id.`;
    return { order, isPaid, settlements, reason };
  });
}
