/**
 * Hands fetched settlements to the settlements backend's storeSettlements (the one way settlements
 * enter the database, with duplicate recognition), as source kind 'api' with the channel's settlement
 * id as report id (what redownload gets back). One transaction per settlement, so one settlement that
 * cannot be stored does not undo the others; problems of the fetch are reported on the connection and
 * the readable settlements are still loaded.
 *
 * Before that, open settlements stored under a provisional id the channel now names (Amazon's
 * 'open:<group id>') take their real id, so the closed settlement of the same id completes them
 * (storeSettlements replaces an unposted open one) instead of standing beside them; when the closed
 * one is already stored, the provisional open one is removed (the closed one has every line).
 * Settlements the connector marks as deferred transactions are flagged for that list.
 * Counted as stored: a new settlement, or a stored one whose lines or total changed; an open one
 * fetched again just as it was is counted apart as unchanged (not as stored again on every fetch).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { duplicateKey, type Channel } from '@ledgerport/core/settlements';
import type { FetchOutcome } from '@ledgerport/integrations/channels';
import type { Deps } from '../../http/deps';
import { storeSettlements } from '../imports/store-settlements';
import { saveOrderFacts } from '../shopify-order-modes/save-order-facts';
import { isOpenSettlementUnchanged } from './is-open-settlement-unchanged';
import { payPalStatementRefusal } from '@ledgerport/core/posting';
import { findPaymentSourcePosting } from '../payment-source-settings/payment-source-settings-repository';
import { saveRawTransactions } from './save-raw-transactions';

export interface FetchedSettlementCounts {
  /** New settlements, and stored ones whose lines or total changed. */
  stored: number;
  /** Open settlements fetched again exactly as they were stored. */
  unchanged: number;
}

export async function storeFetchedSettlements(deps: Deps, accountKey: string, channel: Channel, outcome: Omit<FetchOutcome, 'notReady'>): Promise<FetchedSettlementCounts> {
  for (const rename of outcome.renamed ?? []) await deps.db.transaction().execute((trx) => renameOpenSettlement(trx, accountKey, channel, rename, deps.clock()));
  // Shopify order facts first: storing a payout splits B2B orders and defers revenue by them.
  if (outcome.orders && outcome.orders.length > 0) await deps.db.transaction().execute((trx) => saveOrderFacts(trx, accountKey, outcome.orders ?? [], deps.clock()));
  // The transactions as received, for the support backend (decision 0046); kept even when a settlement fails to store.
  const raw = outcome.rawTransactions ?? [];
  if (raw.length > 0) await deps.db.transaction().execute((trx) => saveRawTransactions(trx, accountKey, raw, deps.clock()));
  const deferred = new Set(outcome.deferredTransactionIds ?? []);
  const counts: FetchedSettlementCounts = { stored: 0, unchanged: 0 };
  // Settings > PayPal: statements of a currency or PayPal account turned off are not imported.
  const { paypal } = channel === 'PAYPAL' ? await findPaymentSourcePosting(deps.db, accountKey) : {};
  for (const settlement of outcome.result.settlements) {
    if (payPalStatementRefusal(paypal, settlement)) continue;
    const counted = await deps.db.transaction().execute(async (trx) => {
      const isUnchanged = await isOpenSettlementUnchanged(trx, accountKey, settlement);
      const result = await storeSettlements(trx, accountKey, { settlements: [settlement], problems: [] }, { kind: 'api', reportId: settlement.settlementId, loadReadable: true, at: deps.clock() });
      const keys = result.settlements.map((s) => s.settlementKey);
      if (deferred.has(settlement.settlementId) && keys.length > 0)
        await trx.updateTable('settlements').set({ is_deferred_transaction: true }).where('account_key', '=', accountKey).where('settlement_key', 'in', keys).execute();
      // A settlement already stored (the overlap of the previous fetch) is recognised, not counted.
      if (!result.isStored || !result.settlements.some((s) => s.outcome !== 'duplicate')) return null;
      return isUnchanged ? 'unchanged' : 'stored';
    });
    if (counted) counts[counted]++;
  }
  return counts;
}

async function renameOpenSettlement(trx: Kysely<Database>, accountKey: string, channel: Channel, rename: { from: string; to: string }, at: Date): Promise<void> {
  const provisional = await trx
    .selectFrom('settlements')
    .select(['settlement_key', 'currency', 'search_text'])
    .where('account_key', '=', accountKey)
    .where('sales_source', '=', channel)
    .where('settlement_id', '=', rename.from)
    .where('duplicate_of', 'is', null)
    .where('status', '=', 'open')
    .where('posting_status', '=', 'NOT_POSTED')
    .execute();
  for (const row of provisional) {
    const key = duplicateKey({ channel, settlementId: rename.to, currency: row.currency });
    const named = await trx.selectFrom('settlements').select('settlement_key').where('account_key', '=', accountKey).where('duplicate_key', '=', key).where('duplicate_of', 'is', null).executeTakeFirst();
    if (named) {
      await trx.deleteFrom('settlements').where('account_key', '=', accountKey).where('settlement_key', '=', row.settlement_key).execute();
      continue;
    }
    await trx
      .updateTable('settlements')
      .set({ settlement_id: rename.to, duplicate_key: key, report_id: rename.to, search_text: `${rename.to} ${row.search_text}`.trim().toLowerCase(), updated_at: at })
      .where('account_key', '=', accountKey)
      .where('settlement_key', '=', row.settlement_key)
      .execute();
  }
}
