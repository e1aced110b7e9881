/**
 * The settlement list filters: what the user chose (date range, status, channel or gateway,
 * currency, text), turned into the `paginatedSearchCriteriaClause` of spec section 7 (groups ANDed,
 * criteria inside a group ORed), and saved per account and list in the browser (spec section 3,
 * "per-account saved settlement filters").
 */
import type { PostingStatus, SearchCriterion } from '@ledgerport/contract';
import { rangeEndInstant } from '@ledgerport/core/rules';
import type { DateRange } from '../../ui/date-range-picker';

/** The lists of spec section 2 that show settlements; each keeps its own saved filters. */
export type SettlementListKind = 'standard' | 'b2b' | 'deferred-revenue' | 'deferred-transactions' | 'overview';

export const DEFERRED_REVENUE_GATEWAY = 'Deferred Revenue';

export interface SettlementFilters {
  range: DateRange;
  statuses: PostingStatus[];
  channels: string[];
  gateways: string[];
  currency: string | null;
  text: string;
}

export interface SavedListState {
  filters: SettlementFilters;
  sort: { id: string; desc: boolean } | null;
  pageSize: number;
}

export const EMPTY_FILTERS: SettlementFilters = { range: {}, statuses: [], channels: [], gateways: [], currency: null, text: '' };
export const DEFAULT_LIST_STATE: SavedListState = { filters: EMPTY_FILTERS, sort: { id: 'start', desc: true }, pageSize: 10 };

/** The criteria that make a list what it is (B2B invoices, deferred revenue...). */
function kindCriteria(kind: SettlementListKind): SearchCriterion[][] {
  switch (kind) {
    case 'b2b':
      return [[{ filterKey: 'isSingleOrder', operation: 'eq', value: true }]];
    case 'deferred-revenue':
      return [[{ filterKey: 'gateway', operation: 'eq', value: DEFERRED_REVENUE_GATEWAY }]];
    case 'deferred-transactions':
      return [[{ filterKey: 'isDeferredTransactionSettlement', operation: 'eq', value: true }]];
    case 'standard':
      return [
        [{ filterKey: 'isSingleOrder', operation: 'eq', value: false }],
        [{ filterKey: 'isDeferredTransactionSettlement', operation: 'eq', value: false }],
        // A null gateway is not 'ne' anything in SQL: keep settlements without a gateway explicitly.
        [
          { filterKey: 'gateway', operation: 'nu' },
          { filterKey: 'gateway', operation: 'ne', value: DEFERRED_REVENUE_GATEWAY },
        ],
      ];
    default:
      return [];
  }
}

export function buildSearchClause(accountKey: string, kind: SettlementListKind, f: SettlementFilters): SearchCriterion[][] {
  const groups: SearchCriterion[][] = [[{ filterKey: 'accountKey', operation: 'eq', value: accountKey }], ...kindCriteria(kind)];
  if (f.range.start) groups.push([{ filterKey: 'start', operation: 'ge', value: `${f.range.start}T00:00:00.000Z` }]);
  if (f.range.end) groups.push([{ filterKey: 'start', operation: 'le', value: rangeEndInstant(f.range.end) }]);
  if (f.statuses.length > 0) groups.push([{ filterKey: 'postingStatus', operation: 'in', value: f.statuses }]);
  const source: SearchCriterion[] = [];
  if (f.channels.length > 0) source.push({ filterKey: 'channel', operation: 'in', value: f.channels });
  if (f.gateways.length > 0) source.push({ filterKey: 'gateway', operation: 'in', value: f.gateways });
  if (source.length > 0) groups.push(source);
  if (f.currency) groups.push([{ filterKey: 'currency', operation: 'eq', value: f.currency }]);
  const text = f.text.trim();
  if (text) groups.push([{ filterKey: 'text', operation: 'like', value: text }]);
  return groups;
}

export function countActiveFilters(f: SettlementFilters): number {
  return [f.range.start || f.range.end, f.statuses.length, f.channels.length + f.gateways.length, f.currency, f.text.trim()].filter(Boolean).length;
}

const storageKey = (accountKey: string, kind: SettlementListKind) => `ledgerport.settlementFilters.${accountKey}.${kind}`;

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The saved state of a list, or the defaults when nothing (or something unreadable) is stored. */
export function readSavedListState(accountKey: string, kind: SettlementListKind): SavedListState {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(storageKey(accountKey, kind)) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return DEFAULT_LIST_STATE;
    const r = raw as Record<string, unknown>;
    const f = (typeof r.filters === 'object' && r.filters !== null ? r.filters : {}) as Record<string, unknown>;
    const range = (typeof f.range === 'object' && f.range !== null ? f.range : {}) as Record<string, unknown>;
    const sort = r.sort as { id?: unknown; desc?: unknown } | null | undefined;
    return {
      filters: {
        range: { ...(isDate(range.start) ? { start: range.start } : {}), ...(isDate(range.end) ? { end: range.end } : {}) },
        statuses: isStringArray(f.statuses) ? (f.statuses.filter((s) => ['POSTED', 'PARTIALLY_POSTED', 'NOT_POSTED'].includes(s)) as PostingStatus[]) : [],
        channels: isStringArray(f.channels) ? f.channels : [],
        gateways: isStringArray(f.gateways) ? f.gateways : [],
        currency: typeof f.currency === 'string' ? f.currency : null,
        text: typeof f.text === 'string' ? f.text : '',
      },
      sort: sort && typeof sort.id === 'string' ? { id: sort.id, desc: sort.desc === true } : sort === null ? null : DEFAULT_LIST_STATE.sort,
      pageSize: [10, 25, 50, 100].includes(r.pageSize as number) ? (r.pageSize as number) : 10,
    };
  } catch {
    return DEFAULT_LIST_STATE;
  }
}

export function writeSavedListState(accountKey: string, kind: SettlementListKind, state: SavedListState): void {
  localStorage.setItem(storageKey(accountKey, kind), JSON.stringify(state));
}
