import { describe, expect, it } from 'vitest';
import { parseJsonExact } from '../shared/exact-json';
import type { FinancialEvents } from './amazon-event-rows';
import { summarizeEventLists } from './amazon-event-summary';

const pages = parseJsonExact(
  JSON.stringify([
    { ShipmentEventList: [{ AmazonOrderId: '1', ShipmentItemList: [{ ItemChargeList: [{ ChargeType: 'Principal', ChargeAmount: { CurrencyCode: 'USD', CurrencyAmount: 0.1 } }] }] }], FBALiquidationEventList: [] },
    { ShipmentEventList: [{ AmazonOrderId: '2', ShipmentItemList: [{ ItemChargeList: [{ ChargeType: 'Principal', ChargeAmount: { CurrencyCode: 'USD', CurrencyAmount: 0.2 } }] }] }], SAFETReimbursementEventList: [{ ReimbursedAmount: { CurrencyCode: 'CAD', CurrencyAmount: 5 } }, { ReimbursedAmount: { CurrencyCode: 'USD', CurrencyAmount: 1 } }], LoanServicingEventList: [{ LoanAmount: { CurrencyCode: 'USD', CurrencyAmount: 3 } }] },
  ]),
) as FinancialEvents[];

describe('summarizeEventLists', () => {
  it('counts and sums each list across pages exactly, and gives no total to a list not itemized or of several currencies', () => {
    expect(summarizeEventLists(pages).map(({ events: _events, ...l }) => l)).toEqual([
      { list: 'ShipmentEventList', label: 'Shipment', count: 2, currency: 'USD', total: '0.3000', isItemized: true },
      { list: 'SAFETReimbursementEventList', label: 'SAFET Reimbursement', count: 2, currency: null, total: null, isItemized: true },
      { list: 'LoanServicingEventList', label: 'Loan Servicing', count: 1, currency: 'USD', total: null, isItemized: false },
    ]);
  });
});
