/**
 * Before a send (decision 0061): the accounting system's lock is read again (the cached reference
 * data keeps it), and core's decidePeriodLock says, with the account's setting, whether the documents
 * still to post go as built, are moved to the first open day, or hold the settlement. The hold's
 * reason is the rule's sentence, which the settlement's page shows.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { decidePeriodLock, type AccountingPort, type PeriodLockDecision, type PostingDocument } from '@ledgerport/core/posting';
import { storeRefreshedPeriodLock } from '../accounting-connections/accounting-reference-data';
import { getAccountPostingSettings } from '../posting-settings/posting-settings-repository';

export async function checkPeriodLock(db: Kysely<Database>, port: AccountingPort, row: { account_key: string; settlement_key: string }, documents: readonly PostingDocument[]): Promise<PeriodLockDecision> {
  const posted = await db
    .selectFrom('settlement_documents')
    .select('part_index')
    .where('account_key', '=', row.account_key)
    .where('settlement_key', '=', row.settlement_key)
    .where('status', '=', 'POSTED')
    .execute();
  const postedParts = new Set(posted.map((p) => p.part_index));
  // Parts already posted are not sent again, so they neither hold nor move anything.
  const toSend = documents.filter((d) => !postedParts.has(d.part.index));
  const lock = await port.fetchPeriodLock();
  if (port.system !== 'MANUAL') await storeRefreshedPeriodLock({ db }, row.account_key, port.system, lock);
  const { periodLockTreatment } = await getAccountPostingSettings(db, row.account_key);
  const decision = decidePeriodLock(toSend, lock, periodLockTreatment, port.system);
  if (decision.kind === 'hold') return decision;
  // The posted parts back in their place, so the caller walks every part as before.
  const bySendIndex = new Map(decision.documents.map((d) => [d.part.index, d]));
  const all = documents.map((d) => bySendIndex.get(d.part.index) ?? d);
  return decision.kind === 'move' ? { ...decision, documents: all } : { kind: 'open', documents: all };
}
