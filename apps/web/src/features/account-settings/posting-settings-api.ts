/** Posting settings calls (contract: posting-settings.ts). */
import type { AuditEntryBody, PostingSettingsBody, ProductTypePreview, ProductTypeRuleBody, SavePostingSettings } from '@ledgerport/contract';
import { api } from '../../lib/api-client';
import type { Account } from '../../lib/api-types';

export const postingSettingsKey = (accountKey: string) => ['posting-settings', accountKey];

export const fetchPostingSettings = (accountKey: string) => api.get<PostingSettingsBody>('/account/posting-settings', { accountKey });
export const putPostingSettings = (accountKey: string, body: SavePostingSettings) => api.put<PostingSettingsBody>('/account/posting-settings', body, { accountKey });
export const previewProductTypes = (accountKey: string, productTypes: ProductTypeRuleBody[]) => api.post<ProductTypePreview>('/account/product-types/preview', { productTypes }, { accountKey });
export const fetchSettingChanges = (accountKey: string) => api.get<{ entries: AuditEntryBody[] }>('/account-settings/history', { accountKey });
/** POST /account-settings?accountName&caller=admin (spec section 7): renames the user's current account. */
export const renameCurrentAccount = (accountName: string) => api.post<Account>('/account-settings', undefined, { accountName, caller: 'admin' });
