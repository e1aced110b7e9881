/**
 * The duplicate key of a settlement: the same settlement loaded twice, from two downloads of the same
 * report, from a file and later from the channel's API, gets the same key.
 *
 * Key = `<channel>:<settlement id>:<currency>`, lower-cased, settlement id trimmed. Why these parts:
 * - the settlement id is the channel's own id, present in the files and the APIs alike (Amazon
 *   settlement-id, Shopify payout id, Etsy deposit id, PayPal statement id);
 * - currency, because one Amazon or PayPal settlement id can cover one currency each (a PayPal account
 *   settles each currency balance separately);
 * - not the file name, dates or totals (a corrected download must still be recognised as the same);
 * - not the seller id: V2 files do not carry it while the API does, and settlements are always stored
 *   and compared within one account, which is the seller.
 * Open settlements (no deposit yet) carry a parser-made id (e.g. 'open:2026-11') so completing them later
 * replaces rather than duplicates.
 */
import type { SettlementHeader } from './model';

export function duplicateKey(header: Pick<SettlementHeader, 'channel' | 'settlementId' | 'currency'>): string {
  return `${header.channel}:${header.settlementId.trim()}:${header.currency}`.toLowerCase();
}
