/**
 * Open settlements from the Finances API v0: a financial event group that is still Open has no
 * settlement report yet, so its events are read with listFinancialEventsByGroupId and turned into
 * rows of the V2 flat file (amazon-event-rows.ts), then read by core's V2 parser like a file. The
 * open settlement's id is the group's settlement id (see fetchOpenGroup). The V2 parser wants a
 * summary total: we give it the sum of the rows (so its consistency check holds) and then mark the settlement open with no stated total (no deposit yet).
 * Groups are listed from a month before the range: a group still open began before the last fetch.
 * Amounts are BigDecimal JSON numbers: read with parseJsonExact, never as floats.
 */
import { parseReport } from '@ledgerport/core/channels';
import { AMAZON_V2_HEADER } from '@ledgerport/core/channels/amazon';
import { formatUnits, parseDecimalUnits, sumUnits } from '@ledgerport/core/money';
import type { ParseResult } from '@ledgerport/core/settlements';
import type { DateRange } from '../channel-connector';
import { callChannel, type ChannelSession } from '../shared/channel-session';
import { parseJsonExact } from '../shared/exact-json';
import { rowOf, writeDelimited } from '../shared/write-csv';
import { amazonPolicy } from './amazon-policy';
import { eventsToV2Rows, type FinancialEvents } from './amazon-event-rows';
import { findGroupSettlementId } from './amazon-transactions';

type Money = { CurrencyCode?: string; CurrencyAmount?: unknown } | undefined;
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
  const { rows: details, unread } = eventsToV2Rows(settlementId, events);
  head['total-amount'] = formatUnits(sumUnits(details.map((r) => parseDecimalUnits(r.amount ?? '') ?? 0n)));
  const rows = [head, ...details];
  const bytes = writeDelimited(AMAZON_V2_HEADER, rows.map((r) => rowOf(AMAZON_V2_HEADER, r)), '\t');
  const result = await parseReport(bytes, { fileName: `financial-event-group-${groupId}.txt`, channel: 'AMAZON' });
  for (const settlement of result.settlements) Object.assign(settlement, { status: 'open', total: null, depositDate: null });
  // Said, not dropped quietly: these events reach the settlement when its report replaces it.
  for (const list of unread)
    result.problems.push({ file: `financial-event-group-${groupId}`, row: 0, column: list, message: `Amazon's ${list} of the running settlement ${settlementId} is not itemized yet; its lines arrive with the settlement report.` });
  return result;
}
