/**
 * Amazon deferred transactions (invoiced B2B orders, the delivery-date policy DD+7): Amazon holds the
 * money of these sales and releases it later into a settlement. The Finances API 2024-06-19 lists
 * them with transactionStatus DEFERRED (still held) and DEFERRED_RELEASED (held, since released).
 * They become the settlements of the app's "Deferred Transactions" list: one per calendar month
 * (UTC) of posting and currency, id 'deferred:YYYY-MM', open while the month runs and closed (total =
 * the sum of its transactions, no deposit) once it is over. Rows are written in the V2 flat-file
 * layout and read by core's V2 parser, like the open groups (amazon-finances.ts): transaction type
 * Shipment -> Order, Refund -> Refund; each leaf of a breakdown is one line typed
 * <type>|<parent breakdown>|<leaf breakdown>; a part of the total no breakdown explains is kept on
 * an <type>|Other|<description> line, so the lines always add up to Amazon's totals.
 */
import { parseReport } from '@ledgerport/core/channels';
import { AMAZON_V2_HEADER } from '@ledgerport/core/channels/amazon';
import { formatUnits, parseDecimalUnits, sumUnits } from '@ledgerport/core/money';
import type { ParseResult } from '@ledgerport/core/settlements';
import { emptyResult, mergeResults, type DateRange } from '../channel-connector';
import { decimalText } from '../shared/exact-json';
import type { ChannelSession } from '../shared/channel-session';
import { rowOf, writeDelimited } from '../shared/write-csv';
import { identifierOf, listTransactions, type AmazonBreakdown, type AmazonContext, type AmazonTransaction } from './amazon-transactions';

export const DEFERRED_PREFIX = 'deferred:';
/** postedBefore must be more than two minutes before the request (model description). */
const POSTED_BEFORE_MARGIN_MS = 3 * 60_000;
const TYPE_NAMES: Record<string, string> = { Shipment: 'Order', Refund: 'Refund' };
/** Breakdown names of the 2024-06-19 model (spaces removed) as the V2 amount types of the same money. */
const AMOUNT_TYPES: Record<string, string> = { ProductCharges: 'ItemPrice', AmazonFees: 'ItemFees', Promotions: 'Promotion' };

const monthStart = (ms: number) => Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth(), 1);
const nextMonth = (ms: number) => Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth() + 1, 1);
const units = (v: unknown) => parseDecimalUnits(decimalText(v)) ?? 0n;

function leaves(list: AmazonBreakdown[] | undefined, parent: string | null, out: { amountType: string; description: string; amount: unknown }[] = []) {
  for (const b of list ?? []) {
    const name = b.breakdownType ?? 'Other';
    if (b.breakdowns && b.breakdowns.length > 0) leaves(b.breakdowns, name, out);
    else out.push({ amountType: parent ?? name, description: name, amount: b.breakdownAmount?.currencyAmount });
  }
  return out;
}

const productOf = (contexts: AmazonContext[] | undefined) => contexts?.find((c) => c.contextType === 'ProductContext');

/** V2 rows of one deferred transaction: its item (else transaction) breakdown leaves, plus any remainder. */
export function transactionToV2Rows(settlementId: string, t: AmazonTransaction): Record<string, string>[] {
  const type = TYPE_NAMES[t.transactionType ?? ''] ?? t.transactionType ?? 'Other';
  const posted = t.postedDate ?? '';
  const common = { 'settlement-id': settlementId, 'transaction-type': type, 'order-id': identifierOf(t, 'ORDER_ID') ?? '', 'marketplace-name': t.marketplaceDetails?.marketplaceName ?? '', 'posted-date-time': posted, 'posted-date': posted.slice(0, 10) };
  const parts = t.items?.some((i) => i.breakdowns?.length) ? t.items.map((i) => ({ contexts: i.contexts ?? t.contexts, list: i.breakdowns })) : [{ contexts: t.contexts, list: t.breakdowns }];
  const rows: Record<string, string>[] = [];
  for (const part of parts) {
    const product = productOf(part.contexts);
    const item = { sku: product?.sku ?? '', 'quantity-purchased': product?.quantityShipped === undefined ? '' : String(product.quantityShipped), 'fulfillment-id': product?.fulfillmentNetwork === 'AFN' || product?.fulfillmentNetwork === 'MFN' ? product.fulfillmentNetwork : '' };
    for (const leaf of leaves(part.list, null)) {
      const amountType = leaf.amountType.replace(/\s+/g, '');
      rows.push({ ...common, ...item, 'amount-type': AMOUNT_TYPES[amountType] ?? amountType, 'amount-description': leaf.description, amount: decimalText(leaf.amount) || '0' });
    }
  }
  const remainder = units(t.totalAmount?.currencyAmount) - sumUnits(rows.map((r) => units(r.amount)));
  if (remainder !== 0n) rows.push({ ...common, 'amount-type': 'Other', 'amount-description': t.description ?? 'Deferred transaction', amount: formatUnits(remainder) });
  return rows;
}

async function monthSettlements(s: ChannelSession, from: number, before: number, isMonthOver: boolean): Promise<ParseResult> {
  const window = { postedAfter: new Date(from).toISOString(), postedBefore: new Date(before).toISOString() };
  const byId = new Map<string, AmazonTransaction>();
  for (const transactionStatus of ['DEFERRED', 'DEFERRED_RELEASED'] as const)
    for (const t of await listTransactions(s, { ...window, transactionStatus })) byId.set(t.transactionId ?? `${byId.size}`, t);
  const month = new Date(from).toISOString().slice(0, 7);
  const byCurrency = new Map<string, AmazonTransaction[]>();
  for (const t of byId.values()) {
    const currency = t.totalAmount?.currencyCode ?? 'USD';
    byCurrency.set(currency, [...(byCurrency.get(currency) ?? []), t]);
  }
  const results: ParseResult[] = [];
  for (const [currency, transactions] of byCurrency) {
    const settlementId = `${DEFERRED_PREFIX}${month}`;
    transactions.sort((a, b) => (a.postedDate ?? '').localeCompare(b.postedDate ?? ''));
    const details = transactions.flatMap((t) => transactionToV2Rows(settlementId, t));
    const total = sumUnits(details.map((r) => units(r.amount)));
    const end = new Date(nextMonth(from) - 1000).toISOString();
    const head = { 'settlement-id': settlementId, 'settlement-start-date': new Date(from).toISOString(), 'settlement-end-date': end, currency, 'total-amount': formatUnits(total) };
    const bytes = writeDelimited(AMAZON_V2_HEADER, [head, ...details].map((r) => rowOf(AMAZON_V2_HEADER, r)), '\t');
    const result = await parseReport(bytes, { fileName: `deferred-transactions-${month}-${currency}.txt`, channel: 'AMAZON' });
    for (const settlement of result.settlements) Object.assign(settlement, isMonthOver ? { status: 'closed', depositDate: null } : { status: 'open', total: null, depositDate: null });
    results.push(result);
  }
  return mergeResults(results);
}

/** The deferred-transaction settlements of every month the range touches, each month read whole. */
export async function fetchDeferredSettlements(s: ChannelSession, range: DateRange): Promise<ParseResult> {
  const latest = s.now() - POSTED_BEFORE_MARGIN_MS;
  const results: ParseResult[] = [];
  for (let from = monthStart(range.from); from < Math.min(range.to, latest); from = nextMonth(from)) {
    const before = Math.min(nextMonth(from), latest);
    results.push(await monthSettlements(s, from, before, before === nextMonth(from)));
  }
  return mergeResults(results);
}

/** Redownload of 'deferred:YYYY-MM': that month again. */
export async function fetchDeferredMonth(s: ChannelSession, settlementId: string): Promise<ParseResult> {
  const from = Date.parse(`${settlementId.slice(DEFERRED_PREFIX.length)}-01T00:00:00Z`);
  if (Number.isNaN(from)) return emptyResult();
  return fetchDeferredSettlements(s, { from, to: nextMonth(from) });
}
