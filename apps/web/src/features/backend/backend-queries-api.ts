/** The backend's read-only query consoles (issue 19): the QBO playground and NetSuite SuiteQL. */
import type { QboQueryResult, SuiteQlPage } from '@ledgerport/contract';
import { api } from '../../lib/api-client';

const base = (accountKey: string) => `/backend/${encodeURIComponent(accountKey)}`;

export const runQboQuery = (accountKey: string, query: string) => api.post<QboQueryResult>(`${base(accountKey)}/qbo/query`, { query });
export const runSuiteQl = (accountKey: string, query: string, limit: number, offset: number) =>
  api.post<SuiteQlPage>(`${base(accountKey)}/netsuite/suiteql`, { query, limit, offset });
export const fetchNetSuiteRecords = (accountKey: string, recordType: string, limit: number, offset: number) =>
  api.get<SuiteQlPage>(`${base(accountKey)}/netsuite/records/${encodeURIComponent(recordType)}`, { limit: String(limit), offset: String(offset) });
export const fetchNetSuiteRecord = (accountKey: string, recordType: string, id: string) =>
  api.get<{ recordType: string; id: string; record: Record<string, unknown> }>(`${base(accountKey)}/netsuite/records/${encodeURIComponent(recordType)}/${encodeURIComponent(id)}`);

/** The web paths of the consoles. */
export const suiteQlPath = (accountKey: string) => `/backend/${encodeURIComponent(accountKey)}/netsuite/suiteql`;
export const recordTypePath = (accountKey: string, recordType: string) => `${suiteQlPath(accountKey)}/${encodeURIComponent(recordType)}`;
export const recordPath = (accountKey: string, recordType: string, id: string) => `${recordTypePath(accountKey, recordType)}?id=${encodeURIComponent(id)}`;
