/**
 * Keeps the mapping flags true to the data: each settlement's accountsMapped / taxesMapped /
 * flagsSet.unmappedTypes against the current mappings, and the account's mappingsCompleted, which is
 * true only when the account has settlements (or saved mappings) and nothing they use is unmapped.
 * Called after settlements are stored and after mappings change.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { getAccountMappingContext, getCurrentMappings, mappingFlags } from './mapping-repository';
import { mappingStateRefreshed } from './mapping-events';

export async function refreshMappingState(db: Kysely<Database>, accountKey: string, at: Date): Promise<void> {
  const context = await getAccountMappingContext(db, accountKey);
  const set = await getCurrentMappings(db, context);
  const rows = await db
    // The stored totals by type, never the lines.
    .selectFrom('settlement_type_totals as l')
    .innerJoin('settlements as s', (j) => j.onRef('s.account_key', '=', 'l.account_key').onRef('s.settlement_key', '=', 'l.settlement_key'))
    .select(['l.settlement_key', 'l.type_key'])
    .where('s.account_key', '=', accountKey)
    .where('s.duplicate_of', 'is', null)
    .groupBy(['l.settlement_key', 'l.type_key'])
    .execute();
  const typesBySettlement = new Map<string, string[]>();
  for (const r of rows) {
    const list = typesBySettlement.get(r.settlement_key) ?? [];
    list.push(r.type_key);
    typesBySettlement.set(r.settlement_key, list);
  }
  const settlements = await db
    .selectFrom('settlements')
    .select(['settlement_key', 'accounts_mapped', 'taxes_mapped', 'flags_set'])
    .where('account_key', '=', accountKey)
    .where('duplicate_of', 'is', null)
    .execute();
  for (const s of settlements) {
    const flags = mappingFlags(set, context.salesChannel, typesBySettlement.get(s.settlement_key) ?? [], context.describeType);
    const unmappedTypes = !flags.accountsMapped;
    if (s.accounts_mapped === flags.accountsMapped && s.taxes_mapped === flags.taxesMapped && (s.flags_set.unmappedTypes ?? false) === unmappedTypes) continue;
    await db
      .updateTable('settlements')
      .set({
        accounts_mapped: flags.accountsMapped,
        taxes_mapped: flags.taxesMapped,
        flags_set: JSON.stringify({ ...s.flags_set, unmappedTypes }),
        updated_at: at,
      })
      .where('settlement_key', '=', s.settlement_key)
      .execute();
  }
  await updateAccountMappingsCompleted(db, accountKey);
  await mappingStateRefreshed.emit({ db, accountKey, at });
}

/** mappingsCompleted: the account has settlements or saved mappings, and no original settlement has an unmapped type. */
export async function updateAccountMappingsCompleted(db: Kysely<Database>, accountKey: string): Promise<void> {
  await db
    .updateTable('accounts')
    .set({
      mappings_completed: sql<boolean>`(exists (select 1 from settlements where account_key = ${accountKey}) or exists (select 1 from mapping_sets where account_key = ${accountKey}))
        and not exists (select 1 from settlements where account_key = ${accountKey} and duplicate_of is null and accounts_mapped = false)`,
    })
    .where('account_key', '=', accountKey)
    .execute();
}

