/**
 * Hands fetched settlements to the settlements backend (issue 5's storeSettlements in
 * features/imports/store-settlements.ts: the one way settlements enter the database, with duplicate
 * recognition), as source kind 'api' with the channel's settlement id as report id (what redownload
 * gets back). One transaction per settlement, so one bad settlement does not undo the others.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { ParseResult } from '@ledgerport/core/settlements';
import type { Deps } from '../../http/deps';

export interface FetchedSource {
  kind: 'api';
  reportId: string;
  fileName: string;
}
type StoreSettlements = (trx: Transaction<Database> | Kysely<Database>, accountKey: string, result: ParseResult, source: FetchedSource) => Promise<unknown>;

// Loaded by name at run time: the settlements backend lands in parallel (issue 5); until it does, a
// fetch fails with a plain message on the connection instead of breaking the build for everyone.
const STORE_MODULE = '../imports/store-settlements';

async function loadStore(): Promise<StoreSettlements> {
  try {
    const mod = (await import(STORE_MODULE)) as { storeSettlements?: StoreSettlements };
    if (mod.storeSettlements) return mod.storeSettlements;
  } catch {
    // fall through
  }
  throw new Error('Settlements cannot be stored yet on this server (the settlements backend is missing).');
}

export async function storeFetchedSettlements(deps: Deps, accountKey: string, result: ParseResult): Promise<number> {
  if (result.settlements.length === 0) return 0;
  const store = await loadStore();
  for (const settlement of result.settlements) {
    const one: ParseResult = { settlements: [settlement], problems: [], invalidSettlementIds: [] };
    await deps.db.transaction().execute((trx) => store(trx, accountKey, one, { kind: 'api', reportId: settlement.settlementId, fileName: settlement.sourceFile }));
  }
  return result.settlements.length;
}
