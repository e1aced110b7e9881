/** The backend's per-account PayPal and Amazon calls (issue 19, decision 0046): admin-only. */
import type { AmazonEventGroup, AmazonEventList, BackendChannelConnection, HistoryRequest, PayPalRawTransaction } from '@ledgerport/contract';
import { api } from '../../../lib/api-client';

const base = (accountKey: string) => `/backend/${encodeURIComponent(accountKey)}`;

export interface RawTransactionsQuery {
  fromDate: string;
  toDate: string;
  eventCode: string;
  sort: string;
  desc: boolean;
  limit: number;
  offset: number;
}

export const fetchPayPalRawTransactions = (accountKey: string, q: RawTransactionsQuery) =>
  api.get<{ connection: BackendChannelConnection; transactions: PayPalRawTransaction[]; total: number; types: { eventCode: string; typeName: string }[] }>(`${base(accountKey)}/paypal/transactions-raw`, {
    fromDate: q.fromDate || undefined,
    toDate: q.toDate || undefined,
    eventCode: q.eventCode || undefined,
    sort: q.sort,
    desc: String(q.desc),
    limit: q.limit,
    offset: q.offset,
  });

export const fetchPayPalRawTransaction = (accountKey: string, transactionId: string) =>
  api.get<{ transaction: PayPalRawTransaction; raw: Record<string, unknown> }>(`${base(accountKey)}/paypal/transactions-raw/${encodeURIComponent(transactionId)}`);

export const fetchPayPalRefreshes = (accountKey: string) =>
  api.get<{ connection: BackendChannelConnection; requestHistoryBlocked: boolean; requests: HistoryRequest[] }>(`${base(accountKey)}/paypal/settlements-refresh`);

export const requestPayPalRefresh = (accountKey: string, fromDate: string, toDate: string) => api.post<HistoryRequest>(`${base(accountKey)}/paypal/settlements-refresh`, { fromDate, toDate });

export const fetchAmazonEventGroups = (accountKey: string, fromDate: string, toDate: string) =>
  api.get<{ connection: BackendChannelConnection; fromDate: string; toDate: string; groups: AmazonEventGroup[] }>(`${base(accountKey)}/amazon/finance-api-settlements`, { fromDate: fromDate || undefined, toDate: toDate || undefined });

export const fetchAmazonEvents = (accountKey: string, groupId: string) =>
  api.get<{ connection: BackendChannelConnection; groupId: string; lists: AmazonEventList[] }>(`${base(accountKey)}/amazon/financial-events/${encodeURIComponent(groupId)}`);

export const paypalRawPath = (accountKey: string) => `/backend/${encodeURIComponent(accountKey)}/paypal/transactions-raw`;
export const paypalRefreshPath = (accountKey: string) => `/backend/${encodeURIComponent(accountKey)}/paypal/settlements-refresh`;
export const amazonGroupsPath = (accountKey: string) => `/backend/${encodeURIComponent(accountKey)}/amazon/finance-api-settlements`;
export const amazonEventsPath = (accountKey: string, groupId: string) => `/backend/${encodeURIComponent(accountKey)}/amazon/financial-events/${encodeURIComponent(groupId)}`;
