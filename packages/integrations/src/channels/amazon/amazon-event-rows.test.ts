import { describe, expect, it } from 'vitest';
import { isAmazonPayTypeKey } from '@ledgerport/core/posting';
import { eventsToV2Rows } from './amazon-event-rows';

describe('eventsToV2Rows', () => {
  // Amounts as parseJsonExact leaves them: exact decimal text.
  it('itemizes Pay with Amazon events (finances v0 PayWithAmazonEvent) as PayWithAmazon rows that Settings > Amazon Pay recognises', () => {
    const { rows, unread } = eventsToV2Rows('g-1', [
      {
        PayWithAmazonEventList: [
          {
            SellerOrderId: 'WEB-1001',
            TransactionPostedDate: '2026-05-10T12:00:00Z',
            Charge: { ChargeType: 'Principal', ChargeAmount: { CurrencyCode: 'USD', CurrencyAmount: '40.00' } },
            FeeList: [{ FeeType: 'TransactionFee', FeeAmount: { CurrencyCode: 'USD', CurrencyAmount: '-1.53' } }],
            PaymentAmountType: 'Sales',
            StoreName: 'acme-outdoor.example',
          },
        ],
      },
    ]);
    expect(unread).toEqual([]);
    expect(rows.map((r) => [r['transaction-type'], r['amount-type'], r['amount-description'], r.amount, r['order-id'], r['posted-date']])).toEqual([
      ['PayWithAmazon', 'Sales', 'Principal', '40.00', 'WEB-1001', '2026-05-10'],
      ['PayWithAmazon', 'Fees', 'TransactionFee', '-1.53', 'WEB-1001', '2026-05-10'],
    ]);
    expect(rows.every((r) => isAmazonPayTypeKey(`${r['transaction-type']}|${r['amount-type']}|${r['amount-description']}`))).toBe(true);
  });
});
