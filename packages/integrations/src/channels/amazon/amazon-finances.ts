/**
 * Open settlements from the Finances API v0: a financial event group that is still Open has no
 * settlement report yet, so its events are read with listFinancialEventsByGroupId and turned into
 * rows of the V2 flat file (the same transaction-type|amount-type|amount-description triples Amazon
 * writes there), then read by core's V2 parser like a file. The open settlement's id is the group's
 * settlement id (see fetchOpenGroup). The V2 parser wants a summary total: we give it the sum of the rows (so its
 * consistency check holds) and then mark the settlement open with no stated total (no deposit yet).
 * Groups are listed from a month before the range: a group still open began before the last fetch.
 * Amounts are BigDecimal JSON numbers: read with parseJsonExact, never as floats.
 */
import { parseReport } from '@ledgerport/core/channels';
import { AMAZON_V2_HEADER } from '@ledgerport/core/channels/amazon';
import { formatUnits, parseDecimalUnits, sumUnits } from '@ledgerport/core/money';
import type { ParseResult } from '@ledgerport/core/settlements';
import type { DateRange } from '../channel-connector';
import { callChannel, type ChannelSession } from '../shared/channel-session';
import { decimalText, parseJsonExact } from '../shared/exact-json';
import { rowOf, writeDelimited } from '../shared/write-csv';
import { amazonPolicy } from './amazon-policy';
import { findGroupSettlementId } from './amazon-transactions';

type Money = { CurrencyCode?: string; CurrencyAmount?: unknown } | undefined;
type Component = { ChargeType?: string; FeeType?: string; PromotionType?: string; ChargeAmount?: Money; FeeAmount?: Money; PromotionAmount?: Money };
interface ShipmentItem {
  SellerSKU?: string;
  QuantityShipped?: number;
  ItemChargeList?: Component[];
  ItemFeeList?: Component[];
  PromotionList?: Component[];
  ItemTaxWithheldList?: { TaxCollectionModel?: string; TaxesWithheld?: Component[] }[];
  ItemChargeAdjustmentList?: Component[];
  ItemFeeAdjustmentList?: Component[];
  PromotionAdjustmentList?: Component[];
}
interface ShipmentEvent {
  AmazonOrderId?: string;
  MarketplaceName?: string;
  PostedDate?: string;
  ShipmentItemList?: ShipmentItem[];
  ShipmentItemAdjustmentList?: ShipmentItem[];
}
interface FinancialEvents {
  ShipmentEventList?: ShipmentEvent[];
  RefundEventList?: ShipmentEvent[];
  ServiceFeeEventList?: { AmazonOrderId?: string; FeeReason?: string; FeeList?: Component[] }[];
  AdjustmentEventList?: { AdjustmentType?: string; PostedDate?: string; AdjustmentAmount?: Money }[];
}
export interface FinancialEventGroup {
  FinancialEventGroupId?: string;
  ProcessingStatus?: string;
  OriginalTotal?: Money;
  FinancialEventGroupStart?: string;
  FinancialEventGroupEnd?: string;
}

const PAGE = '100';

async function getJson<T>(s: ChannelSession, url: string): Promise<T> {
  const response = await callChannel(s, amazonPolicy, url);
  return parseJsonExact(await response.text()) as T;
}

/** A settlement period lasts 14 days, sometimes longer: an open group may have begun this long before the range. */
export const GROUP_LOOKBACK_MS = 31 * 24 * 3600 * 1000;
/** Groups are asked for in windows shorter than the 180 days past which Amazon answers nothing. */
const GROUP_WINDOW_MS = 179 * 24 * 3600 * 1000;
/** FinancialEventGroupStartedBefore must be more than two minutes before the request. */
const STARTED_BEFORE_MARGIN_MS = 3 * 60_000;

/** The groups that began between a month before the range and its end (a group of the range may have begun before it). */
export async function listEventGroups(s: ChannelSession, range: DateRange): Promise<FinancialEventGroup[]> {
  const groups: FinancialEventGroup[] = [];
  const base = `${s.endpoints.api}/finances/v0/financialEventGroups`;
  const until = Math.min(range.to, s.now() - STARTED_BEFORE_MARGIN_MS);
  for (let from = range.from - GROUP_LOOKBACK_MS; from < until; from += GROUP_WINDOW_MS) {
    const args = { MaxResultsPerPage: PAGE, FinancialEventGroupStartedAfter: new Date(from).toISOString(), FinancialEventGroupStartedBefore: new Date(Math.min(from + GROUP_WINDOW_MS, until)).toISOString() };
    let query = new URLSearchParams(args);
    for (;;) {
      const page = await getJson<{ payload?: { FinancialEventGroupList?: FinancialEventGroup[]; NextToken?: string } }>(s, `${base}?${query.toString()}`);
      groups.push(...(page.payload?.FinancialEventGroupList ?? []));
      const next = page.payload?.NextToken;
      if (!next) break;
      query = new URLSearchParams({ ...args, NextToken: next });
    }
  }
  return groups;
}

export async function listGroupEvents(s: ChannelSession, groupId: string): Promise<FinancialEvents[]> {
  const pages: FinancialEvents[] = [];
  const base = `${s.endpoints.api}/finances/v0/financialEventGroups/${encodeURIComponent(groupId)}/financialEvents`;
  let query = new URLSearchParams({ MaxResultsPerPage: PAGE });
  for (;;) {
    const page = await getJson<{ payload?: { FinancialEvents?: FinancialEvents; NextToken?: string } }>(s, `${base}?${query.toString()}`);
    if (page.payload?.FinancialEvents) pages.push(page.payload.FinancialEvents);
    const next = page.payload?.NextToken;
    if (!next) return pages;
    query = new URLSearchParams({ MaxResultsPerPage: PAGE, NextToken: next });
  }
}

const amountOf = (c: Component): Money => c.ChargeAmount ?? c.FeeAmount ?? c.PromotionAmount;
const kindOf = (c: Component): string => c.ChargeType ?? c.FeeType ?? c.PromotionType ?? 'Other';

/** V2 rows for one event group's events. */
export function eventsToV2Rows(settlementId: string, events: FinancialEvents[]): Record<string, string>[] {
  const rows: Record<string, string>[] = [];
  const push = (r: Record<string, string>) => rows.push({ 'settlement-id': settlementId, ...r });
  const items = (type: 'Order' | 'Refund', e: ShipmentEvent, list: ShipmentItem[] | undefined) => {
    const posted = e.PostedDate ?? '';
    for (const item of list ?? []) {
      const common = { 'transaction-type': type, 'order-id': e.AmazonOrderId ?? '', 'marketplace-name': e.MarketplaceName ?? '', 'posted-date-time': posted, 'posted-date': posted.slice(0, 10), sku: item.SellerSKU ?? '', 'quantity-purchased': item.QuantityShipped === undefined ? '' : String(item.QuantityShipped) };
      const parts: [string, Component[] | undefined][] =
        type === 'Order'
          ? [['ItemPrice', item.ItemChargeList], ['ItemFees', item.ItemFeeList], ['Promotion', item.PromotionList], ['ItemWithheldTax', item.ItemTaxWithheldList?.flatMap((t) => t.TaxesWithheld ?? [])]]
          : [['ItemPrice', item.ItemChargeAdjustmentList], ['ItemFees', item.ItemFeeAdjustmentList], ['Promotion', item.PromotionAdjustmentList]];
      for (const [amountType, components] of parts)
        for (const c of components ?? []) {
          const amount = decimalText(amountOf(c)?.CurrencyAmount);
          if (amount !== '') push({ ...common, 'amount-type': amountType, 'amount-description': kindOf(c), amount });
        }
    }
  };
  for (const page of events) {
    for (const e of page.ShipmentEventList ?? []) items('Order', e, e.ShipmentItemList);
    for (const e of page.RefundEventList ?? []) items('Refund', e, e.ShipmentItemAdjustmentList);
    for (const e of page.ServiceFeeEventList ?? [])
      for (const c of e.FeeList ?? []) push({ 'transaction-type': 'ServiceFee', 'order-id': e.AmazonOrderId ?? '', 'amount-type': e.FeeReason ?? 'Fee', 'amount-description': kindOf(c), amount: decimalText(amountOf(c)?.CurrencyAmount) });
    for (const e of page.AdjustmentEventList ?? [])
      push({ 'transaction-type': 'other-transaction', 'amount-type': 'other-transaction', 'amount-description': e.AdjustmentType ?? 'Adjustment', amount: decimalText(e.AdjustmentAmount?.CurrencyAmount), 'posted-date-time': e.PostedDate ?? '', 'posted-date': (e.PostedDate ?? '').slice(0, 10) });
  }
  return rows;
}

export const OPEN_PREFIX = 'open:';

/**
 * The open settlement of an Open group, read by the V2 parser. Its id is the settlement id Amazon's
 * transactions name for the group (so the settlement report of the closed group later completes it,
 * same duplicate key), else the provisional 'open:<group id>' (renamed once the id is known).
 */
export async function fetchOpenGroup(s: ChannelSession, group: FinancialEventGroup): Promise<ParseResult> {
  const groupId = group.FinancialEventGroupId!;
  const settlementId = (await findGroupSettlementId(s, groupId)) ?? `${OPEN_PREFIX}${groupId}`;
  const events = await listGroupEvents(s, groupId);
  const head: Record<string, string> = {
    'settlement-id': settlementId,
    'settlement-start-date': group.FinancialEventGroupStart ?? '',
    'settlement-end-date': group.FinancialEventGroupEnd ?? '',
    currency: group.OriginalTotal?.CurrencyCode ?? 'USD',
  };
  const details = eventsToV2Rows(settlementId, events);
  head['total-amount'] = formatUnits(sumUnits(details.map((r) => parseDecimalUnits(r.amount ?? '') ?? 0n)));
  const rows = [head, ...details];
  const bytes = writeDelimited(AMAZON_V2_HEADER, rows.map((r) => rowOf(AMAZON_V2_HEADER, r)), '\t');
  const result = await parseReport(bytes, { fileName: `financial-event-group-${groupId}.txt`, channel: 'AMAZON' });
  for (const settlement of result.settlements) Object.assign(settlement, { status: 'open', total: null, depositDate: null });
  return result;
}
