/**
 * The Shopify Gift Card Report: gift cards sold (issued) and redeemed per month, and the outstanding
 * liability at the end of each month and of the period, per currency. Built from the stored totals of
 * the gift card transaction types (shopify-figures.ts); the opening liability is what was issued less
 * what was redeemed in every stored payout before the period. What the data cannot tell (cards issued
 * outside Shopify Payments, manual cards, expiry) is in decision 0027.
 */
import { GIFT_CARD_ISSUED_TYPES, GIFT_CARD_REDEEMED_TYPES } from './shopify-figures';

export interface GiftCardTotalsRow {
  /** 'YYYY-MM', or null for every month before the period (the opening balance). */
  month: string | null;
  currency: string;
  typeKey: string;
  amount: bigint;
  lineCount: number;
}

export interface GiftCardMonth {
  month: string;
  issued: bigint;
  redeemed: bigint;
  /** Liability at the month's end: opening + issued − redeemed up to and including this month. */
  outstandingEnd: bigint;
  issuedCount: number;
  redeemedCount: number;
}

export interface CurrencyGiftCards {
  currency: string;
  opening: bigint;
  issued: bigint;
  redeemed: bigint;
  closing: bigint;
  months: GiftCardMonth[];
}

export const isGiftCardType = (typeKey: string) => GIFT_CARD_ISSUED_TYPES.includes(typeKey) || GIFT_CARD_REDEEMED_TYPES.includes(typeKey);

/**
 * Issued is what the buyer paid for cards (positive); redeemed is what cards paid for orders, less what
 * was refunded onto cards (the charge lines are positive, a refund to a card negative).
 */
export function buildGiftCardReport(rows: readonly GiftCardTotalsRow[]): CurrencyGiftCards[] {
  const byCurrency = new Map<string, CurrencyGiftCards>();
  const monthsOf = new Map<string, Map<string, GiftCardMonth>>();
  for (const row of rows) {
    if (!isGiftCardType(row.typeKey)) continue;
    let c = byCurrency.get(row.currency);
    if (!c) {
      byCurrency.set(row.currency, (c = { currency: row.currency, opening: 0n, issued: 0n, redeemed: 0n, closing: 0n, months: [] }));
      monthsOf.set(row.currency, new Map());
    }
    const isIssued = GIFT_CARD_ISSUED_TYPES.includes(row.typeKey);
    if (row.month === null) {
      c.opening += isIssued ? row.amount : -row.amount;
      continue;
    }
    const months = monthsOf.get(row.currency)!;
    let m = months.get(row.month);
    if (!m) months.set(row.month, (m = { month: row.month, issued: 0n, redeemed: 0n, outstandingEnd: 0n, issuedCount: 0, redeemedCount: 0 }));
    if (isIssued) {
      m.issued += row.amount;
      m.issuedCount += row.lineCount;
      c.issued += row.amount;
    } else {
      m.redeemed += row.amount;
      m.redeemedCount += row.lineCount;
      c.redeemed += row.amount;
    }
  }
  return [...byCurrency.values()]
    .sort((a, b) => a.currency.localeCompare(b.currency))
    .map((c) => {
      let outstanding = c.opening;
      const months = [...monthsOf.get(c.currency)!.values()].sort((a, b) => a.month.localeCompare(b.month));
      for (const m of months) {
        outstanding += m.issued - m.redeemed;
        m.outstandingEnd = outstanding;
      }
      return { ...c, closing: outstanding, months };
    });
}
