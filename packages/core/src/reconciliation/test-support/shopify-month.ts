/**
 * A generated month of Shopify payouts (March 2026, one per weekday), the same on every run: amounts
 * from a fixed formula, each paid by the bank one or two days after the payout closed. The golden
 * test reconciles them against __fixtures__/shopify-march-2026.ofx, written from these figures with
 * one deposit 0.01 short on purpose.
 */
import type { SettlementDeposit } from '../model';
import { addDays } from '../reconciliation-text';

export interface GeneratedPayout {
  deposit: SettlementDeposit;
  /** The day the bank books it. */
  bankDate: string;
}

export function shopifyMonthOfPayouts(): GeneratedPayout[] {
  const payouts: GeneratedPayout[] = [];
  for (let day = 1; day <= 31; day++) {
    const endDate = `2026-03-${String(day).padStart(2, '0')}`;
    const weekday = new Date(`${endDate}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const cents = 10_000n + BigInt((day * 7919 * 13) % 900_000);
    payouts.push({
      deposit: { settlementKey: `shopify-${endDate}`, settlementId: `1${String(day).padStart(2, '0')}0045872`, currency: 'USD', amount: cents * 100n, endDate, depositDate: null },
      bankDate: addDays(endDate, day % 3 === 0 ? 2 : 1),
    });
  }
  return payouts;
}

/** The payout whose deposit the OFX fixture books 0.01 short. */
export const SHORT_PAID_SETTLEMENT_KEY = 'shopify-2026-03-17';
