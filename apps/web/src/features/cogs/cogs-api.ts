/** The calls of cost of goods sold (packages/contract cogs.ts), typed from the contract. */
import type {
  BodyOf,
  CogsSettingsBody,
  ProductBody,
  QueryOf,
  SendResult,
  SettlementActionResult,
  SettlementCogsBody,
  ResponseOf,
  addPurchaseLot,
  listProducts,
  listPurchaseLots,
  saveBundle as saveBundleEndpoint,
  saveCogsSettings,
  saveProductCost,
} from '@ledgerport/contract';
import { api } from '../../lib/api-client';

export interface ProductPage {
  products: ProductBody[];
  pagination: { totalRows: number };
  catalogSize: number;
  missingCostCount: number;
}

export const fetchSettlementCogs = (settlementKey: string) =>
  api.get<SettlementCogsBody>('/settlement/cogs', { settlementKey });
export const refreshCogs = (settlementKey: string) =>
  api.get<SettlementActionResult>('/settlement', { ajax: 'true', action: 'refreshcogs', settlementKey });
export const sendCogs = (settlementKey: string) =>
  api.postForm<SendResult>('/settlementSend', new URLSearchParams({ settlementKey, action: 'sendCogs' }));
export const fetchCogsSettings = (accountKey: string) =>
  api.get<CogsSettingsBody>('/account-settings/cogs', { accountKey });
export const saveSettings = (accountKey: string, body: BodyOf<typeof saveCogsSettings>) =>
  api.put<CogsSettingsBody>('/account-settings/cogs', body, { accountKey });
export const fetchProducts = (query: QueryOf<typeof listProducts>) =>
  api.get<ProductPage>('/cost-admin/products', query as Record<string, string | number | undefined>);
export const saveCost = (accountKey: string, body: BodyOf<typeof saveProductCost>) =>
  api.put<unknown>('/cost-admin/costs', body, { accountKey });

export function importCosts(accountKey: string, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.postForm<{ imported: number; newProducts: number; message: string }>(
    '/cost-admin/costs/import',
    form,
    { accountKey },
  );
}

export type PurchaseLotBody = ResponseOf<typeof listPurchaseLots>['lots'][number];
export const fetchLots = (accountKey: string) =>
  api.get<ResponseOf<typeof listPurchaseLots>>('/cost-admin/lots', { accountKey });
export const addLot = (accountKey: string, body: BodyOf<typeof addPurchaseLot>) =>
  api.post<PurchaseLotBody>('/cost-admin/lots', body, { accountKey });
export const saveBundle = (accountKey: string, body: BodyOf<typeof saveBundleEndpoint>) =>
  api.put<ResponseOf<typeof saveBundleEndpoint>>('/cost-admin/bundles', body, { accountKey });
