/** Mapping calls (contract: mappings.ts). */
import type { BodyOf, Mappings, saveMappings } from '@ledgerport/contract';
import { api } from '../../lib/api-client';

export type SaveMappingsBody = BodyOf<typeof saveMappings>;

export const fetchMappings = (accountKey: string) => api.get<Mappings>('/mappings', { accountKey });
export const putMappings = (accountKey: string, body: SaveMappingsBody) => api.put<Mappings>('/mappings', body, { accountKey });
export const copyMappings = (accountKey: string, accountKeyCopyFrom: string) => api.post<Mappings>('/account/copy-mappings', { accountKeyCopyFrom }, { accountKey });
