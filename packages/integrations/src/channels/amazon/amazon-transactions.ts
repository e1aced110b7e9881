/**
 * Finances API 2024-06-19 listTransactions: the transactions of a financial event group (filtered by
 * relatedIdentifierName=FINANCIAL_EVENT_GROUP_ID) or of a posting period with a transactionStatus
 * (DEFERRED, RELEASED, DEFERRED_RELEASED). Amazon's rules from the model's descriptions: a next page
 * is asked for with nextToken AND the same arguments as the first call; a page may be empty while a
 * nextToken follows; postedBefore must be more than two minutes before the request; windows longer
 * than 180 days answer nothing. Amounts are BigDecimal JSON numbers: read with parseJsonExact.
 */
import { callChannel, type ChannelSession } from '../shared/channel-session';
import { parseJsonExact } from '../shared/exact-json';
import { amazonPolicy } from './amazon-policy';

export interface AmazonCurrency {
  currencyCode?: string;
  currencyAmount?: unknown;
}
export interface AmazonBreakdown {
  breakdownType?: string;
  breakdownAmount?: AmazonCurrency;
  breakdowns?: AmazonBreakdown[];
}
export interface AmazonContext {
  contextType?: string;
  sku?: string;
  quantityShipped?: number;
  fulfillmentNetwork?: string;
  deferralReason?: string;
  maturityDate?: string;
}
export interface AmazonTransaction {
  relatedIdentifiers?: { relatedIdentifierName?: string; relatedIdentifierValue?: string }[];
  transactionType?: string;
  transactionId?: string;
  transactionStatus?: string;
  description?: string;
  postedDate?: string;
  totalAmount?: AmazonCurrency;
  marketplaceDetails?: { marketplaceId?: string; marketplaceName?: string };
  items?: { description?: string; totalAmount?: AmazonCurrency; breakdowns?: AmazonBreakdown[]; contexts?: AmazonContext[] }[];
  contexts?: AmazonContext[];
  breakdowns?: AmazonBreakdown[];
}

export type TransactionFilter =
  | { relatedIdentifierName: 'FINANCIAL_EVENT_GROUP_ID' | 'ORDER_ID'; relatedIdentifierValue: string }
  | { postedAfter: string; postedBefore: string; transactionStatus?: 'DEFERRED' | 'RELEASED' | 'DEFERRED_RELEASED' };

/** Calls listTransactions page by page; `onPage` returns true to stop early (the rest is not read). */
export async function eachTransactionPage(s: ChannelSession, filter: TransactionFilter, onPage: (transactions: AmazonTransaction[]) => boolean | void): Promise<void> {
  const args = Object.entries(filter).filter((e): e is [string, string] => typeof e[1] === 'string');
  let next: string | undefined;
  do {
    const query = new URLSearchParams(args);
    if (next) query.set('nextToken', next);
    const response = await callChannel(s, amazonPolicy, `${s.endpoints.api}/finances/2024-06-19/transactions?${query.toString()}`);
    const page = parseJsonExact(await response.text()) as { payload?: { transactions?: AmazonTransaction[]; nextToken?: string } };
    if (onPage(page.payload?.transactions ?? []) === true) return;
    next = page.payload?.nextToken || undefined;
  } while (next);
}

export async function listTransactions(s: ChannelSession, filter: TransactionFilter): Promise<AmazonTransaction[]> {
  const all: AmazonTransaction[] = [];
  await eachTransactionPage(s, filter, (page) => void all.push(...page));
  return all;
}

export const identifierOf = (t: AmazonTransaction, name: string): string | undefined =>
  t.relatedIdentifiers?.find((r) => r.relatedIdentifierName === name)?.relatedIdentifierValue || undefined;

/**
 * The settlement id of a financial event group: Finances v0 does not give it, the transactions of the
 * group name it (related identifier SETTLEMENT_ID, "the transaction's settlement group"). Undefined
 * while none of them names one yet.
 */
export async function findGroupSettlementId(s: ChannelSession, groupId: string): Promise<string | undefined> {
  let found: string | undefined;
  await eachTransactionPage(s, { relatedIdentifierName: 'FINANCIAL_EVENT_GROUP_ID', relatedIdentifierValue: groupId }, (page) => {
    found = page.map((t) => identifierOf(t, 'SETTLEMENT_ID')).find(Boolean);
    return found !== undefined;
  });
  return found;
}
