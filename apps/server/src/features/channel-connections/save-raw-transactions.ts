/**
 * The channel's transactions as received (PayPal Transaction Search rows, decision 0046), kept per
 * account for the support backend. A transaction read again (the overlap of scheduled fetches, a
 * refresh) replaces its row: PayPal's transaction id is the key, so re-fetching never adds rows.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { RawChannelTransaction } from '@ledgerport/integrations/channels';

const BATCH = 200;

export async function saveRawTransactions(db: Kysely<Database>, accountKey: string, transactions: readonly RawChannelTransaction[], at: Date): Promise<void> {
  // One row per id even when a search answered a transaction twice (overlapping windows).
  const unique = [...new Map(transactions.map((t) => [t.transactionId, t])).values()];
  for (let i = 0; i < unique.length; i += BATCH) {
    const values = unique.slice(i, i + BATCH).map((t) => ({
      account_key: accountKey,
      transaction_id: t.transactionId,
      initiated_at: new Date(Date.parse(t.initiatedAt)),
      event_code: t.eventCode,
      status: t.status,
      currency: t.currency,
      gross: t.gross,
      fee: t.fee,
      raw: JSON.stringify(t.raw),
      fetched_at: at,
    }));
    await db
      .insertInto('paypal_transactions')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['account_key', 'transaction_id']).doUpdateSet((eb) => ({
          initiated_at: eb.ref('excluded.initiated_at'),
          event_code: eb.ref('excluded.event_code'),
          status: eb.ref('excluded.status'),
          currency: eb.ref('excluded.currency'),
          gross: eb.ref('excluded.gross'),
          fee: eb.ref('excluded.fee'),
          raw: eb.ref('excluded.raw'),
          fetched_at: eb.ref('excluded.fetched_at'),
        })),
      )
      .execute();
  }
}
