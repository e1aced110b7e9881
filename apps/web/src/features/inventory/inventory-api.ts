/** Inventory calls (issue 17, decision 0034): upload a Ledger summary, read a month's valuation. */
import type { InventoryFetchSettingsBody, InventoryLocationsBody, InventoryReconciliationBody, InventorySummaryBody } from '@ledgerport/contract';
import { api } from '../../lib/api-client';

export const fetchInventorySummary = (accountKey: string, month: string) => api.get<InventorySummaryBody>('/inventory/summary', { accountKey, month });
export const fetchInventoryLocations = (accountKey: string, month: string) => api.get<InventoryLocationsBody>('/inventory/locations', { accountKey, month });
export const fetchInventoryReconciliation = (accountKey: string, month: string) => api.get<InventoryReconciliationBody>('/inventory/reconciliation', { accountKey, month });

export function uploadInventoryReport(accountKey: string, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.postForm<{ months: string[]; rowCount: number; positionCount: number; message: string }>('/inventory/reports', form, { accountKey });
}

/** The month before the current one (the usual month-end being closed), as YYYY-MM. */
export function lastMonth(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

/** Account Settings > Inventory (decision 0050): SP-API fetch settings and fetches. */
export const fetchInventoryFetchSettings = (accountKey: string) => api.get<InventoryFetchSettingsBody>('/inventory/fetch-settings', { accountKey });
export const saveInventoryFetchSettings = (accountKey: string, body: Pick<InventoryFetchSettingsBody, 'isMonthlyFetchEnabled' | 'aggregateBy' | 'marketplaceId' | 'valuationCurrency'>) =>
  api.put<InventoryFetchSettingsBody>('/inventory/fetch-settings', body, { accountKey });
export const askInventoryMonth = (accountKey: string, month: string) => api.post<InventoryFetchSettingsBody['fetches'][number]>('/inventory/fetch-month', { month }, { accountKey });
