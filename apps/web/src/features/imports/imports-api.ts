/** The upload calls of issue 5 (contract: imports.ts). */
import type { ResponseOf, SettlementImport, getSettlementImport, listSettlementImports } from '@ledgerport/contract';
import { api } from '../../lib/api-client';

export function fetchImport(importId: string): Promise<SettlementImport> {
  return api.get<ResponseOf<typeof getSettlementImport>>('/settlement-import', { importId });
}

export function fetchImports(accountKey: string, limit = 10) {
  return api.get<ResponseOf<typeof listSettlementImports>>('/settlement-imports', { accountKey, limit });
}

/** Files of this browser session's uploads, so a refused file can be loaded again with loadReadable. */
export const uploadedFilesByImport = new Map<string, File[]>();
