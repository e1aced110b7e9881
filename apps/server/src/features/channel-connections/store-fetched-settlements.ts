/**
 * Hands fetched settlements to the settlements backend's storeSettlements (the one way settlements
 * enter the database, with duplicate recognition), as source kind 'api' with the channel's settlement
 * id as report id (what redownload gets back). One transaction per settlement, so one settlement that
 * cannot be stored does not undo the others; problems of the fetch are reported on the connection and
 * the readable settlements are still loaded.
 */
import type { ParseResult } from '@ledgerport/core/settlements';
import type { Deps } from '../../http/deps';
import { storeSettlements } from '../imports/store-settlements';

export async function storeFetchedSettlements(deps: Deps, accountKey: string, result: ParseResult): Promise<number> {
  let stored = 0;
  for (const settlement of result.settlements) {
    const outcome = await deps.db.transaction().execute((trx) =>
      storeSettlements(trx, accountKey, { settlements: [settlement], problems: [] }, { kind: 'api', reportId: settlement.settlementId, loadReadable: true, at: deps.clock() }),
    );
    // A settlement already stored (the overlap of the previous fetch) is recognised, not counted.
    if (outcome.isStored && outcome.settlements.some((s) => s.outcome !== 'duplicate')) stored++;
  }
  return stored;
}
