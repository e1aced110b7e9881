/** Mapping calls (contract: mappings.ts). */
import type { BodyOf, Mappings, ResponseOf, listCopyMappingAccounts, refreshAccountingReferenceData, saveMappings } from '@ledgerport/contract';
import { api } from '../../lib/api-client';
import { track } from '../../lib/track';

export type SaveMappingsBody = BodyOf<typeof saveMappings>;

export const fetchMappings = (accountKey: string) => api.get<Mappings>('/mappings', { accountKey });
/** Every save of the mapping pages goes through here: a saved version is a mapping_saved event (spec section 7). */
export const putMappings = (accountKey: string, body: SaveMappingsBody) =>
  api.put<Mappings>('/mappings', body, { accountKey }).then((saved) => {
    void track('mapping_saved', { feature: 'mappings' });
    return saved;
  });
export const copyMappings = (accountKey: string, accountKeyCopyFrom: string) => api.post<Mappings>('/account/copy-mappings', { accountKeyCopyFrom }, { accountKey });
/** Accounts (same channel and accounting system) whose mappings may be copied into this one. */
export const fetchCopySources = (accountKey: string) => api.get<ResponseOf<typeof listCopyMappingAccounts>>('/account/copy-mappings', { accountKey });
/** Fetches the connected system's chart of accounts and tax rates again (accounting-connections.ts). */
export const refreshReferenceData = (accountKey: string) => api.post<ResponseOf<typeof refreshAccountingReferenceData>>('/accounting/reference-data/refresh', { accountKey });
