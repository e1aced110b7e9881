/** The support backend's calls (issue 19): admin-only lists across accounts. */
import type { AccountSummary, FetchHistoryStatus, InconsistentSettlement } from '@ledgerport/contract';
import { api } from '../../lib/api-client';

export const fetchInconsistentSettlements = () => api.get<{ settlements: InconsistentSettlement[] }>('/backend/inconsistent-settlements', { limit: '500' });
export const fetchHistoryStatus = () => api.get<{ requests: FetchHistoryStatus[] }>('/backend/fetch-history-status', { limit: '500' });
export const fetchBackendAccounts = (cursor?: string) =>
  api.get<{ accounts: AccountSummary[]; cursor: string | null }>('/backend/account/list', cursor ? { limit: '200', cursor } : { limit: '200' });

/** The backend page where support asks an account's channel for older settlements. */
export const fetchHistoryPath = (accountKey: string) => `/backend/${encodeURIComponent(accountKey)}/shopify/fetch-history`;
