/** The settlement calls of spec section 7, typed by the contract. */
import type {
  BodyOf,
  PaginatedSearchBody,
  ResponseOf,
  SalesChannel,
  bulkActionSettlement,
  bulkSendProgress,
  listAccountCurrencies,
  listChannelsOrGateways,
  searchSettlements,
  sendSettlement,
  settlementAction,
  settlementsAvailable,
} from '@ledgerport/contract';
import { api } from '../../lib/api-client';

export type SettlementPage = ResponseOf<typeof searchSettlements>;
export type SettlementActionResult = ResponseOf<typeof settlementAction>;
export type SendResult = ResponseOf<typeof sendSettlement>;
export type BulkActionResult = ResponseOf<typeof bulkActionSettlement>;
export type BulkAction = BodyOf<typeof bulkActionSettlement>['bulkAction'];
export type SendProgress = ResponseOf<typeof bulkSendProgress>;

export function searchSettlementPage(body: PaginatedSearchBody, page: number, size: number, sort?: string): Promise<SettlementPage> {
  return api.post<SettlementPage>('/spanner-settlements-with-pagination', body, { page, size, sort });
}

export function fetchChannelsOrGateways(account: string, salesChannel: SalesChannel, isSingleOrder?: boolean) {
  return api.get<ResponseOf<typeof listChannelsOrGateways>>('/account-channels-or-gateways', { account, salesChannel, isSingleOrder: isSingleOrder ? 'true' : undefined });
}

export function fetchAccountCurrencies(account: string) {
  return api.get<ResponseOf<typeof listAccountCurrencies>>('/account-currencies', { account });
}

export function fetchSettlementsAvailable(account: string) {
  return api.get<ResponseOf<typeof settlementsAvailable>>('/spanner-settlements-available', { account });
}

/** previewToken: confirms a reprocess of a posted settlement as its preview showed it. */
export function runSettlementAction(action: 'reprocess' | 'refreshcogs' | 'delete', settlementKey: string, previewToken?: string) {
  return api.get<SettlementActionResult>('/settlement', { ajax: 'true', action, settlementKey, confirm: previewToken ? 'true' : undefined, previewToken });
}

export function redownloadSettlement(settlementKey: string, account: string) {
  return api.post<SettlementActionResult>('/settlement', undefined, { action: 'redownload', settlementKey, account });
}

/** settlementSend is form encoded (spec section 7). */
export function sendSettlementNow(settlementKey: string, action: 'send' | 'sendCogs' = 'send') {
  return api.postForm<SendResult>('/settlementSend', new URLSearchParams({ settlementKey, action }));
}

/** bulkActionSettlement: form encoded, bulkSettlement repeated. */
export function runBulkAction(bulkAction: BulkAction, settlementKeys: string[]) {
  const form = new URLSearchParams({ bulkAction });
  for (const key of settlementKeys) form.append('bulkSettlement', key);
  return api.postForm<BulkActionResult>('/bulkActionSettlement', form);
}

/** settlementSendProgress: settlementKey repeated. */
export function fetchSendProgress(settlementKeys: string[]) {
  const params = new URLSearchParams();
  for (const key of settlementKeys) params.append('settlementKey', key);
  return api.get<SendProgress>(`/settlementSendProgress?${params.toString()}`);
}
